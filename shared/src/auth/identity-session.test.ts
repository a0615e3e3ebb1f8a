/**
 * The identity session flow of SPEC §4 against stand-ins at the SDK module boundary
 * (firebase/app, firebase/auth, @azure/msal-browser) and at fetch. Every test starts from a
 * fresh module registry: a new page load with its own store, Firebase instance and flags.
 */
import type * as FakeFirebase from './testing/fake-firebase';
import type * as FakeMsalModule from './testing/fake-msal';
import type * as SharedModule from '../index';
import type * as SessionFlowModule from './session-flow';
import { fakeResponse, type FetchMock } from '../testing/fake-fetch';
import { Permission, Role } from '@hub/contract/enums';
import type { UserInfo } from '@hub/contract/user';

import { createHash, webcrypto } from 'node:crypto';

// jsdom's crypto has no subtle; the work sign-in hashes its nonce with it.
if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });

type Counters = { firebaseAuth: number; firebaseApp: number; msal: number };
const counters = (): Counters => (globalThis as unknown as { __identityLoads: Counters }).__identityLoads;

jest.mock('firebase/app', () => {
  (globalThis as unknown as { __identityLoads: Counters }).__identityLoads.firebaseApp++;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories are synchronous
  return require('./testing/fake-firebase');
});
jest.mock('firebase/auth', () => {
  (globalThis as unknown as { __identityLoads: Counters }).__identityLoads.firebaseAuth++;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories are synchronous
  return require('./testing/fake-firebase');
});
jest.mock('@azure/msal-browser', () => {
  (globalThis as unknown as { __identityLoads: Counters }).__identityLoads.msal++;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories are synchronous
  return require('./testing/fake-msal');
});

type Shared = typeof SharedModule;
type FakeMsal = typeof FakeMsalModule;

interface Page {
  shared: Shared;
  fake: typeof FakeFirebase;
  msal: FakeMsal;
  navigate: jest.Mock;
  fetchMock: FetchMock;
  /** Every request as 'METHOD path'. */
  requests: () => string[];
}

const user = (overrides: Partial<UserInfo> = {}): UserInfo => ({
  userId: 'uid-x',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@hub.test',
  phoneNumber: '',
  imageURL: '',
  city: 'Utrecht',
  businessUnitId: null,
  coreMemberOfCommunities: [],
  memberOfCommunities: [],
  attendingEvents: [],
  roles: [Role.External],
  permissions: [Permission.UserAccess],
  ...overrides,
});

interface ApiAnswers {
  sync?: () => Promise<Response>;
  user?: () => Promise<Response>;
}

/** A new page load: fresh modules, the host's navigator registered, the API answering as told. */
async function pageLoad(answers: ApiAnswers = {}): Promise<Page> {
  jest.resetModules();
  const { stubFetch } = await import('../testing/fake-fetch');
  const shared: Shared = await import('../index');
  const fake: typeof FakeFirebase = await import('./testing/fake-firebase');
  const msal: FakeMsal = await import('./testing/fake-msal');
  const navigate = jest.fn();
  shared.setNavigator(navigate);
  const fetchMock = stubFetch((url) => {
    const path = new URL(url).pathname;
    if (path === '/api/user/sync') return answers.sync?.() ?? Promise.resolve(fakeResponse({ body: 0 }));
    if (path === '/api/user') return answers.user?.() ?? Promise.resolve(fakeResponse({ body: user() }));
    if (path === '/api/user/activate-account') return Promise.resolve(fakeResponse({ body: { message: 'sent' } }));
    return Promise.resolve(fakeResponse({ status: 404, body: { message: 'Not found' } }));
  });
  const requests = () =>
    fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
  return { shared, fake, msal, navigate, fetchMock, requests };
}

/** Lets every pending promise chain run (the flow awaits several in a row). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

const status = (page: Page) => page.shared.hubStore.get(page.shared.authStatusAtom);

let errorSpy: jest.SpyInstance;

beforeEach(() => {
  (globalThis as unknown as { __identityLoads: Counters }).__identityLoads = {
    firebaseAuth: 0,
    firebaseApp: 0,
    msal: 0,
  };
  localStorage.clear();
  sessionStorage.clear();
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'debug').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('start-up (first paint stays light)', () => {
  it('with no stored session, is logged out at once and never loads Firebase or MSAL', async () => {
    const page = await pageLoad();
    await page.shared.startIdentity();
    await settle();
    expect(status(page)).toBe('loggedOut');
    expect(counters()).toEqual({ firebaseAuth: 0, firebaseApp: 0, msal: 0 });
    expect(page.shared.isIdentityRuntimeRequested()).toBe(false);
    expect(page.fetchMock).not.toHaveBeenCalled();
  });

  it('restores a stored session: loading, then the user info, then logged in — no sync, no /callback', async () => {
    const page = await pageLoad();
    const account = page.fake.addAccount({ email: 'jane@hub.test', displayName: 'Doe, Jane' });
    page.fake.storeSession(account.uid);

    const started = page.shared.startIdentity();
    expect(status(page)).toBe('loading');
    await started;
    await settle();

    expect(counters().firebaseAuth).toBe(1);
    expect(counters().msal).toBe(0);
    expect(status(page)).toBe('loggedIn');
    expect(page.requests()).toEqual(['GET /api/user']);
    expect(page.shared.hubStore.get(page.shared.userInfoAtom).email).toBe('jane@hub.test');
    expect(page.shared.hubStore.get(page.shared.providerDisplayNameAtom)).toBe('Doe, Jane');
    expect(page.navigate).not.toHaveBeenCalled();
  });

  it('initialises Firebase with local persistence and the configured emulator', async () => {
    const page = await pageLoad();
    page.fake.storeSession('nobody');
    await page.shared.startIdentity();
    const auth = page.fake.auths[0]!;
    expect(auth.persistence.type).toBe('LOCAL');
    expect(auth.emulator).toBe('http://127.0.0.1:9099');
    expect(auth.app.options).toEqual({
      apiKey: 'demo-api-key',
      authDomain: 'demo-hub.firebaseapp.com',
      projectId: 'demo-hub',
    });
  });

  it('a stored key whose user is gone ends logged out', async () => {
    const page = await pageLoad();
    page.fake.storeSession('deleted-user');
    await page.shared.startIdentity();
    await settle();
    expect(status(page)).toBe('loggedOut');
  });

  it('API calls carry the restored user ID token as a bearer', async () => {
    const page = await pageLoad();
    const account = page.fake.addAccount({ email: 'jane@hub.test' });
    page.fake.storeSession(account.uid);
    await page.shared.startIdentity();
    await settle();
    expect(new Headers(page.fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(
      `Bearer id-token-${account.uid}`,
    );
  });
});

describe('new session (SPEC §4)', () => {
  it('password sign-in: sets the flag, goes to /callback, syncs, clears the flag, loads the user and returns to lastVisited', async () => {
    const page = await pageLoad();
    page.fake.addAccount({ email: 'jane@hub.test', password: 'Secret-1', displayName: 'Doe, Jane' });
    localStorage.setItem('lastVisited', '/communities');
    await page.shared.startIdentity();

    let flagWhenReported: string | null = null;
    page.navigate.mockImplementation((to: string) => {
      if (to === '/callback') flagWhenReported = localStorage.getItem('auth-sync-pending');
    });
    await page.shared.signInWithPassword('jane@hub.test', 'Secret-1');
    await settle();

    expect(flagWhenReported).toBe('true');
    expect(page.navigate.mock.calls).toEqual([
      ['/callback', { replace: true }],
      ['/communities', { replace: true }],
    ]);
    expect(page.requests()).toEqual(['POST /api/user/sync', 'GET /api/user']);
    expect(page.fetchMock.mock.calls[0]?.[1]?.body).toBe('{"msfAccessToken":null}');
    expect(localStorage.getItem('auth-sync-pending')).toBeNull();
    expect(status(page)).toBe('loggedIn');
    expect(page.shared.hubStore.get(page.shared.userInfoAtom).firstName).toBe('Jane');
    expect(page.shared.hubStore.get(page.shared.sessionSetupAtom)).toBe(false);
  });

  it('returns to / when there is no last visited page', async () => {
    const page = await pageLoad();
    page.fake.addAccount({ email: 'jane@hub.test', password: 'Secret-1' });
    await page.shared.startIdentity();
    await page.shared.signInWithPassword('jane@hub.test', 'Secret-1');
    await settle();
    expect(page.navigate).toHaveBeenLastCalledWith('/', { replace: true });
  });

  it('returns to / when the last visited address is not a path of this site (issue 23)', async () => {
    const page = await pageLoad();
    page.fake.addAccount({ email: 'jane@hub.test', password: 'Secret-1' });
    localStorage.setItem('lastVisited', '//evil.example/x');
    await page.shared.startIdentity();
    await page.shared.signInWithPassword('jane@hub.test', 'Secret-1');
    await settle();
    expect(page.navigate.mock.calls).toEqual([
      ['/callback', { replace: true }],
      ['/', { replace: true }],
    ]);
  });

  it("a stored session with the flag 'true' is a new session (the last sync did not finish)", async () => {
    const page = await pageLoad();
    const account = page.fake.addAccount({ email: 'jane@hub.test' });
    page.fake.storeSession(account.uid);
    localStorage.setItem('auth-sync-pending', 'true');
    await page.shared.startIdentity();
    await settle();
    expect(page.requests()).toEqual(['POST /api/user/sync', 'GET /api/user']);
    expect(page.navigate).toHaveBeenCalledWith('/callback', { replace: true });
    expect(localStorage.getItem('auth-sync-pending')).toBeNull();
  });

  it('a change of credential (another uid) is a new session even without the flag', async () => {
    const page = await pageLoad();
    const a = page.fake.addAccount({ email: 'a@hub.test' });
    const b = page.fake.addAccount({ email: 'b@hub.test' });
    const { handleFirebaseUser }: typeof SessionFlowModule = await import('./session-flow');
    const asUser = (uid: string) => ({
      uid,
      emailVerified: true,
      displayName: null,
      providerData: [{ providerId: 'password' }],
    });
    await handleFirebaseUser(asUser(a.uid));
    expect(page.requests()).toEqual(['GET /api/user']);
    await handleFirebaseUser(asUser(a.uid));
    expect(page.requests()).toEqual(['GET /api/user', 'GET /api/user']);
    await handleFirebaseUser(asUser(b.uid));
    expect(page.requests().slice(2)).toEqual(['POST /api/user/sync', 'GET /api/user']);
    expect(page.navigate).toHaveBeenCalledWith('/callback', { replace: true });
  });

  it('a failed sync (null) keeps the flag, and the flow still loads the user and returns', async () => {
    const page = await pageLoad({ sync: async () => fakeResponse({ status: 500, body: { message: 'down' } }) });
    page.fake.addAccount({ email: 'jane@hub.test', password: 'Secret-1' });
    await page.shared.startIdentity();
    await page.shared.signInWithPassword('jane@hub.test', 'Secret-1');
    await settle();
    expect(localStorage.getItem('auth-sync-pending')).toBe('true');
    expect(page.requests()).toEqual(['POST /api/user/sync', 'GET /api/user']);
    expect(page.navigate).toHaveBeenLastCalledWith('/', { replace: true });
  });

  it('gives the sync 5000 ms: still waiting at 4999 ms, null (flag kept) at 5000 ms', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const page = await pageLoad({
      sync: () => new Promise<Response>(() => undefined), // never answers
    });
    page.fake.addAccount({ email: 'jane@hub.test', password: 'Secret-1' });
    await page.shared.startIdentity();
    await page.shared.signInWithPassword('jane@hub.test', 'Secret-1');
    await jest.advanceTimersByTimeAsync(0);
    expect(page.requests()).toEqual(['POST /api/user/sync']);

    await jest.advanceTimersByTimeAsync(4999);
    expect(page.requests()).toEqual(['POST /api/user/sync']);
    expect(page.shared.hubStore.get(page.shared.sessionSetupAtom)).toBe(true);

    await jest.advanceTimersByTimeAsync(1);
    expect(page.requests()).toEqual(['POST /api/user/sync', 'GET /api/user']);
    expect(localStorage.getItem('auth-sync-pending')).toBe('true');
    // The request itself was cancelled at the limit.
    expect(page.fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
  });

  it.each([
    [4, 'Invalid auth userId provided.'],
    [5, 'Invalid email address provided.'],
    [6, 'An unknown error occurred during sync.'],
  ])(
    'logs code %i as an error with SPEC §8 text "%s", and clears the flag (the result is not null)',
    async (code, text) => {
      const page = await pageLoad({ sync: async () => fakeResponse({ body: code }) });
      page.fake.addAccount({ email: 'jane@hub.test', password: 'Secret-1' });
      await page.shared.startIdentity();
      await page.shared.signInWithPassword('jane@hub.test', 'Secret-1');
      await settle();
      expect(errorSpy).toHaveBeenCalledWith(text);
      expect(page.shared.syncErrorTexts[code as 4 | 5 | 6]).toBe(text);
      expect(localStorage.getItem('auth-sync-pending')).toBeNull();
    },
  );

  it.each([0, 1, 2, 3])('logs nothing for the successful code %i', async (code) => {
    const page = await pageLoad({ sync: async () => fakeResponse({ body: code }) });
    page.fake.addAccount({ email: 'jane@hub.test', password: 'Secret-1' });
    await page.shared.startIdentity();
    await page.shared.signInWithPassword('jane@hub.test', 'Secret-1');
    await settle();
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it('a failed user fetch gives the fallback anonymous user (SPEC §3/§8)', async () => {
    const page = await pageLoad({ user: async () => fakeResponse({ status: 500, body: 'boom' }) });
    page.fake.addAccount({ email: 'jane@hub.test', password: 'Secret-1' });
    await page.shared.startIdentity();
    await page.shared.signInWithPassword('jane@hub.test', 'Secret-1');
    await settle();
    expect(page.shared.hubStore.get(page.shared.userInfoAtom)).toBe(page.shared.fallbackUser);
    expect(page.navigate).toHaveBeenLastCalledWith('/', { replace: true });
  });
});

describe('password accounts', () => {
  it('an unverified password user is not logged in: signed out again, flag removed, no sync', async () => {
    const page = await pageLoad();
    page.fake.addAccount({ email: 'new@hub.test', password: 'Secret-1', emailVerified: false });
    await page.shared.startIdentity();
    await expect(page.shared.signInWithPassword('new@hub.test', 'Secret-1')).rejects.toMatchObject({
      name: 'IdentityError',
      code: 'email-not-verified',
    });
    await settle();
    expect(status(page)).toBe('loggedOut');
    expect(localStorage.getItem('auth-sync-pending')).toBeNull();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('firebase:authUser:'))).toEqual([]);
    expect(page.fetchMock).not.toHaveBeenCalled();
    expect(page.navigate).not.toHaveBeenCalled();
  });

  it('a wrong password says so and leaves no flag behind', async () => {
    const page = await pageLoad();
    page.fake.addAccount({ email: 'jane@hub.test', password: 'Secret-1' });
    const failure = page.shared.signInWithPassword('jane@hub.test', 'nope');
    await expect(failure).rejects.toBeInstanceOf(page.shared.IdentityError);
    await expect(failure).rejects.toMatchObject({
      code: 'wrong-credentials',
      message: page.shared.identityErrorMessages['wrong-credentials'],
    });
    expect(localStorage.getItem('auth-sync-pending')).toBeNull();
  });

  it("registers: 'lastName, firstName', activate-account with the new user's token, and nobody signed in", async () => {
    const page = await pageLoad();
    await page.shared.startIdentity();
    await expect(
      page.shared.registerWithPassword({
        firstName: ' Jane ',
        lastName: 'Doe',
        email: ' jane@hub.test ',
        password: 'Secret-1',
      }),
    ).resolves.toEqual({ email: 'jane@hub.test' });
    await settle();
    const account = page.fake.findAccount('jane@hub.test')!;
    expect(account.displayName).toBe('Doe, Jane');
    expect(page.requests()).toEqual(['POST /api/user/activate-account']);
    expect(new Headers(page.fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(
      `Bearer id-token-${account.uid}`,
    );
    expect(status(page)).toBe('loggedOut');
    expect(Object.keys(localStorage).filter((k) => k.startsWith('firebase:authUser:'))).toEqual([]);
    // The account chores run in a separate in-memory instance, signed out afterwards.
    expect(page.fake.auths.map((a) => a.persistence.type)).toEqual(['NONE']);
    expect(page.fake.calls).toContain('signOut:hub-account-setup');
  });

  it('registering an address in use says so', async () => {
    const page = await pageLoad();
    page.fake.addAccount({ email: 'jane@hub.test' });
    await expect(
      page.shared.registerWithPassword({ firstName: 'J', lastName: 'D', email: 'jane@hub.test', password: 'Secret-1' }),
    ).rejects.toMatchObject({ code: 'email-in-use' });
  });

  it('resends the verification e-mail for an unverified account, and reports an already verified one', async () => {
    const page = await pageLoad();
    page.fake.addAccount({ email: 'new@hub.test', password: 'Secret-1', emailVerified: false });
    page.fake.addAccount({ email: 'old@hub.test', password: 'Secret-1' });
    await expect(page.shared.resendVerificationEmail('new@hub.test', 'Secret-1')).resolves.toBe('sent');
    await expect(page.shared.resendVerificationEmail('old@hub.test', 'Secret-1')).resolves.toBe('already-verified');
    expect(page.requests()).toEqual(['POST /api/user/activate-account']);
    expect(status(page)).toBe('loggedOut');
  });

  it('e-mail action codes: verify, check a reset code, set the new password; bad codes say invalid-code', async () => {
    const page = await pageLoad();
    page.fake.addAccount({ email: 'new@hub.test', password: 'Secret-1', emailVerified: false });
    page.fake.addActionCode('verify-1', 'verify', 'new@hub.test');
    page.fake.addActionCode('reset-1', 'reset', 'new@hub.test');
    await page.shared.applyEmailVerificationCode('verify-1');
    expect(page.fake.findAccount('new@hub.test')?.emailVerified).toBe(true);
    await expect(page.shared.applyEmailVerificationCode('verify-1')).rejects.toMatchObject({ code: 'invalid-code' });
    await expect(page.shared.verifyPasswordResetCode('reset-1')).resolves.toBe('new@hub.test');
    await expect(page.shared.confirmNewPassword('reset-1', 'x')).rejects.toMatchObject({ code: 'weak-password' });
    await page.shared.confirmNewPassword('reset-1', 'Better-Passw0rd');
    expect(page.fake.findAccount('new@hub.test')?.password).toBe('Better-Passw0rd');
    await expect(page.shared.verifyPasswordResetCode('reset-1')).rejects.toMatchObject({ code: 'invalid-code' });
  });
});

describe('work-account sign-in', () => {
  const idToken = JSON.stringify({ sub: 'jane', email: 'jane.doe@corp.test', name: 'Doe, Jane' });

  it('popup: MSAL loaded only now; ID token into Firebase (oidc provider), access token posted as msfAccessToken', async () => {
    const page = await pageLoad();
    await page.shared.startIdentity();
    expect(counters().msal).toBe(0);
    page.msal.answers.popup = { idToken, accessToken: 'graph-token' };

    await page.shared.signInWithWorkAccount('popup');
    await settle();

    expect(counters().msal).toBe(1);
    const client = page.msal.clients[0]!;
    expect(client.config).toMatchObject({
      auth: {
        clientId: 'hub-web',
        authority: 'https://localhost:8443/3c6a1f0e-8b7d-4e52-9a14-7f2d5c9e0b31/v2.0',
        knownAuthorities: ['localhost:8443'],
      },
      cache: { cacheLocation: 'sessionStorage' },
      system: { protocolMode: 'OIDC' },
    });
    expect(client.loginPopup).toHaveBeenCalledWith(
      expect.objectContaining({ scopes: ['User.Read'], extraScopesToConsent: ['email'], prompt: 'select_account' }),
    );
    expect(page.fake.calls).toContain('signInWithCredential:oidc.hub-work');
    // The nonce sent to the provider is the SHA-256 of the rawNonce given to Firebase.
    const credential = page.fake.credentials[0]!;
    const sentNonce = (client.loginPopup.mock.calls[0]?.[0] as { nonce: string }).nonce;
    expect(credential).toMatchObject({ providerId: 'oidc.hub-work', idToken });
    expect(createHash('sha256').update(credential.rawNonce!).digest('hex')).toBe(sentNonce);
    // The API verifies the work tenant and audience with the ID token (issue 23): both are posted.
    expect(page.fetchMock.mock.calls[0]?.[1]?.body).toBe(
      JSON.stringify({ msfAccessToken: 'graph-token', msfIdToken: idToken }),
    );
    expect(sessionStorage.getItem('hub.msfAccessToken')).toBe('graph-token');
    expect(sessionStorage.getItem('hub.msfIdToken')).toBe(idToken);
    expect(status(page)).toBe('loggedIn');
    expect(page.navigate).toHaveBeenCalledWith('/callback', { replace: true });
    // No token in any log line.
    expect(JSON.stringify(errorSpy.mock.calls)).not.toContain('graph-token');
  });

  it('a work account the API refuses (5: another tenant) is signed out and the login screen says why and what to do', async () => {
    const page = await pageLoad({ sync: async () => fakeResponse({ body: 5 }) });
    await page.shared.startIdentity();
    page.msal.answers.popup = { idToken, accessToken: 'graph-token' };
    await page.shared.signInWithWorkAccount('popup');
    await settle();
    expect(errorSpy).toHaveBeenCalledWith('Invalid email address provided.');
    expect(page.fake.calls).toContain('signOut:[DEFAULT]');
    expect(status(page)).toBe('loggedOut');
    expect(sessionStorage.getItem('hub.msfAccessToken')).toBeNull();
    expect(page.requests()).toEqual(['POST /api/user/sync']);
    expect(page.navigate).toHaveBeenLastCalledWith('/account/login', { replace: true });
    const refusal = page.shared.hubStore.get(page.shared.workSignInErrorAtom);
    expect(refusal).toMatchObject({ code: 'work-account-refused' });
    expect(refusal?.message).toMatch(/Log in with your company work account, or with your e-mail address/);
  });

  it('a password sign-in answered 5 stays as SPEC §4 says: logged only, no sign-out', async () => {
    const page = await pageLoad({ sync: async () => fakeResponse({ body: 5 }) });
    page.fake.addAccount({ email: 'jane@hub.test', password: 'Secret-1' });
    await page.shared.startIdentity();
    await page.shared.signInWithPassword('jane@hub.test', 'Secret-1');
    await settle();
    expect(page.fake.calls).not.toContain('signOut:[DEFAULT]');
    expect(page.shared.hubStore.get(page.shared.workSignInErrorAtom)).toBeNull();
  });

  it.each(['user_cancelled', 'popup_window_error', 'timed_out'])(
    'a closed, blocked or abandoned popup (%s) says so',
    async (errorCode) => {
      const page = await pageLoad();
      page.msal.answers.error = Object.assign(new Error(errorCode), { errorCode });
      await expect(page.shared.signInWithWorkAccount('popup')).rejects.toMatchObject({ code: 'popup-closed' });
    },
  );

  it('redirect: the answer cached by the bridge page is handled at start-up (handleRedirectPromise)', async () => {
    const page = await pageLoad();
    sessionStorage.setItem('msal.hub-web.urlHash', '#code=abc&state=xyz');
    page.msal.answers.redirect = { idToken, accessToken: 'graph-token' };
    await page.shared.startIdentity();
    await settle();
    expect(counters().msal).toBe(1);
    expect(page.fake.calls).toContain('signInWithCredential:oidc.hub-work');
    expect(page.requests()).toEqual(['POST /api/user/sync', 'GET /api/user']);
    expect(status(page)).toBe('loggedIn');
  });
});

describe('sign-out', () => {
  it('signs out of Firebase, forgets the work account and the flag, and empties the query cache', async () => {
    const page = await pageLoad();
    const account = page.fake.addAccount({ email: 'jane@hub.test' });
    page.fake.storeSession(account.uid);
    sessionStorage.setItem('hub.msfAccessToken', 'graph-token');
    sessionStorage.setItem('msal.account.keys', '[]');
    await page.shared.startIdentity();
    await settle();
    await page.shared.queryClient.fetchQuery({ queryKey: ['k'], queryFn: async () => 1 });
    expect(page.shared.queryClient.getQueryData(['k'])).toBe(1);

    await page.shared.signOutEverywhere();
    await settle();
    expect(page.fake.calls).toContain('signOut:[DEFAULT]');
    expect(status(page)).toBe('loggedOut');
    expect(sessionStorage.length).toBe(0);
    expect(page.shared.queryClient.getQueryData(['k'])).toBeUndefined();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('firebase:authUser:'))).toEqual([]);
  });
});

describe('mustCompleteProfile (SPEC §4 null-city rule)', () => {
  it.each([
    [[Permission.CapgeminiAccess, Permission.UserAccess], null, true],
    [[Permission.CapgeminiAccess], 'Utrecht', false],
    [[Permission.UserAccess], null, false],
    [[], null, false],
  ])('permissions %j with city %j → %s', async (permissions, city, expected) => {
    const { mustCompleteProfile }: Shared = await import('../index');
    expect(mustCompleteProfile(user({ permissions, city }))).toBe(expected);
  });
});
