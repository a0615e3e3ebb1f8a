import {
  authStatusAtom,
  fallbackUser,
  Permission,
  userInfoAtom,
  type AccessLevel,
  type AuthStatus,
  type HubStore,
  createStore,
} from '@hub/shared';
import { guardLoader } from './route-guard';

function storeWith(status: AuthStatus, permissions: Permission[] = []): HubStore {
  const store = createStore();
  store.set(authStatusAtom, status);
  store.set(userInfoAtom, { ...fallbackUser, userId: status === 'loggedIn' ? 'u1' : '', permissions });
  return store;
}

/** Runs the loader for `url` and reports either that it let the user through or where it sent them. */
async function visit(access: AccessLevel, url: string, store: HubStore) {
  return settle(guardLoader(access, store)({ request: new Request(`http://localhost${url}`) }));
}

async function settle(result: Promise<unknown>): Promise<'allowed' | { redirectTo: string | null; status: number }> {
  try {
    expect(await result).toBeNull();
    return 'allowed';
  } catch (thrown) {
    // react-router's redirect(): a Response thrown by the loader.
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    return { redirectTo: response.headers.get('Location'), status: response.status };
  }
}

beforeEach(() => localStorage.clear());
afterEach(() => jest.useRealTimers());

describe('guardLoader (SPEC §4 route guards)', () => {
  it('lets anyone through to a public route', async () => {
    await expect(visit('public', '/communities', storeWith('loggedOut'))).resolves.toBe('allowed');
  });

  it('sends a logged-out user on a logged-in route to /account/login and remembers the requested URL', async () => {
    localStorage.setItem('lastVisited', '/communities');
    await expect(visit('loggedIn', '/my-account?tab=profile', storeWith('loggedOut'))).resolves.toEqual({
      redirectTo: '/account/login',
      status: 302,
    });
    expect(localStorage.getItem('lastVisited')).toBe('/my-account?tab=profile');
  });

  it('sends a logged-out user on an admin route to /account/login too', async () => {
    await expect(visit('admin', '/admin-dashboard', storeWith('loggedOut'))).resolves.toEqual({
      redirectTo: '/account/login',
      status: 302,
    });
    expect(localStorage.getItem('lastVisited')).toBe('/admin-dashboard');
  });

  it('sends a logged-in user on login, register or forgot-password to /my-account', async () => {
    localStorage.setItem('lastVisited', '/events/3');
    const store = storeWith('loggedIn', [Permission.UserAccess]);
    for (const url of ['/account/login', '/account/register', '/account/forgot-password']) {
      await expect(visit('anonymousOnly', url, store)).resolves.toEqual({ redirectTo: '/my-account', status: 302 });
    }
    // Only the login redirect remembers where the user wanted to go.
    expect(localStorage.getItem('lastVisited')).toBe('/events/3');
  });

  it('sends a logged-in user lacking admin access to /', async () => {
    localStorage.setItem('lastVisited', '/events/3');
    const coreMember = storeWith('loggedIn', [Permission.UserAccess, Permission.CoreMemberAccess]);
    await expect(visit('admin', '/admin-dashboard', coreMember)).resolves.toEqual({ redirectTo: '/', status: 302 });
    expect(localStorage.getItem('lastVisited')).toBe('/events/3');
  });

  it('sends a logged-in user lacking core member access to /', async () => {
    const user = storeWith('loggedIn', [Permission.UserAccess, Permission.CapgeminiAccess]);
    await expect(visit('coreMember', '/manage', user)).resolves.toEqual({ redirectTo: '/', status: 302 });
  });

  it('says why in a toast when it sends a user lacking access to /, and only then', async () => {
    const toasts: unknown[] = [];
    const listen = (event: Event) => toasts.push((event as CustomEvent).detail);
    document.addEventListener('hub:toast', listen);
    // The site's toaster is on the page, so the toast is sent at once.
    const marker = document.createElement('span');
    marker.setAttribute('data-hub-toaster', '');
    document.body.append(marker);
    try {
      await visit('admin', '/admin-dashboard', storeWith('loggedIn', [Permission.UserAccess]));
      expect(toasts).toEqual([
        {
          intent: 'warning',
          title: 'Not allowed',
          body: 'That page is for admins, so you were brought to the home page.',
        },
      ]);
      await visit('coreMember', '/manage', storeWith('loggedIn', [Permission.UserAccess]));
      expect(toasts[1]).toMatchObject({
        body: 'That page is for core members and admins, so you were brought to the home page.',
      });
      await visit('loggedIn', '/my-account', storeWith('loggedOut'));
      await visit('admin', '/dashboard', storeWith('loggedIn', [Permission.AdminAccess]));
      expect(toasts).toHaveLength(2);
    } finally {
      document.removeEventListener('hub:toast', listen);
      marker.remove();
    }
  });

  it('lets an admin through to an admin route', async () => {
    await expect(visit('admin', '/dashboard', storeWith('loggedIn', [Permission.AdminAccess]))).resolves.toBe(
      'allowed',
    );
  });

  it('reads the store it was given, not the site-wide one', async () => {
    const admin = storeWith('loggedIn', [Permission.AdminAccess]);
    const visitor = storeWith('loggedOut');
    await expect(visit('admin', '/dashboard', admin)).resolves.toBe('allowed');
    await expect(visit('admin', '/dashboard', visitor)).resolves.toMatchObject({ redirectTo: '/account/login' });
  });

  describe('while auth is loading (SPEC §2: wait at most 5 seconds, then go on either way)', () => {
    beforeEach(() => jest.useFakeTimers());

    it('waits, then decides with the settled state', async () => {
      const store = storeWith('loading');
      let outcome: Awaited<ReturnType<typeof settle>> | undefined;
      void visit('admin', '/admin-dashboard', store).then((o) => (outcome = o));

      await jest.advanceTimersByTimeAsync(2000);
      expect(outcome).toBeUndefined();

      store.set(userInfoAtom, { ...fallbackUser, userId: 'u1', permissions: [Permission.AdminAccess] });
      store.set(authStatusAtom, 'loggedIn');
      await jest.advanceTimersByTimeAsync(0);
      expect(outcome).toBe('allowed');
    });

    it('a session that settles as logged out is then sent to /account/login', async () => {
      const store = storeWith('loading');
      let outcome: Awaited<ReturnType<typeof settle>> | undefined;
      void visit('loggedIn', '/my-hub', store).then((o) => (outcome = o));
      await jest.advanceTimersByTimeAsync(100);
      store.set(authStatusAtom, 'loggedOut');
      await jest.advanceTimersByTimeAsync(0);
      expect(outcome).toEqual({ redirectTo: '/account/login', status: 302 });
    });

    it('after 5000 ms it proceeds even if still loading', async () => {
      const store = storeWith('loading');
      let publicOutcome: Awaited<ReturnType<typeof settle>> | undefined;
      let protectedOutcome: Awaited<ReturnType<typeof settle>> | undefined;
      void visit('public', '/about', store).then((o) => (publicOutcome = o));
      void visit('loggedIn', '/my-account', store).then((o) => (protectedOutcome = o));

      await jest.advanceTimersByTimeAsync(4999);
      expect(publicOutcome).toBeUndefined();
      expect(protectedOutcome).toBeUndefined();

      await jest.advanceTimersByTimeAsync(1);
      expect(store.get(authStatusAtom)).toBe('loading');
      expect(publicOutcome).toBe('allowed');
      // Still loading is not logged in: the protected route goes to the login redirect.
      expect(protectedOutcome).toEqual({ redirectTo: '/account/login', status: 302 });
    });
  });
});
