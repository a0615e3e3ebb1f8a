/** Test-only stand-in for `@azure/msal-browser`: records the configuration and answers as told. */

export interface FakeResult {
  idToken: string;
  accessToken: string;
}

export interface FakeClient {
  config: unknown;
  loginPopup: jest.Mock;
  loginRedirect: jest.Mock;
  handleRedirectPromise: jest.Mock;
  clearCache: jest.Mock;
}

export const clients: FakeClient[] = [];
/** What the next sign-in answers. */
export const answers: { popup: FakeResult | null; error: unknown; redirect: FakeResult | null } = {
  popup: null,
  error: null,
  redirect: null,
};

export async function createStandardPublicClientApplication(config: unknown): Promise<FakeClient> {
  const client: FakeClient = {
    config,
    loginPopup: jest.fn(async () => {
      if (answers.error) throw answers.error;
      return answers.popup;
    }),
    loginRedirect: jest.fn(async () => undefined),
    handleRedirectPromise: jest.fn(async () => answers.redirect),
    clearCache: jest.fn(async () => undefined),
  };
  clients.push(client);
  return client;
}
