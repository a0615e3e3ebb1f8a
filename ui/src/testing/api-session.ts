import { queryClient, setAppConfig, setIdTokenProvider } from '@hub/shared';

/**
 * For tests of screens that call the API as a signed-in user: a known API address, an ID token
 * for the bearer header, an empty site query cache (code outside React, such as the auth flow,
 * reads the one `queryClient`), and quiet error logs (a failing request is logged).
 */
export function withSignedInApi(): void {
  beforeEach(() => {
    setAppConfig({ apiBaseUrl: 'http://api.test/' });
    setIdTokenProvider(async () => 'id-token');
    queryClient.clear();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    setAppConfig({});
    jest.restoreAllMocks();
  });
}
