import {
  authStatusAtom,
  fallbackUser,
  Permission,
  userInfoAtom,
  type AuthStatus,
  type HubStore,
  createStore,
} from '@hub/shared';
import { guardLoader } from './route-guard';
import { withProfileCompletion } from './profile-completion-guard';

function storeWith(status: AuthStatus, permissions: Permission[], city: string | null): HubStore {
  const store = createStore();
  store.set(authStatusAtom, status);
  store.set(userInfoAtom, { ...fallbackUser, userId: 'u1', permissions, city });
  return store;
}

/** Where a navigation to `path` ends: 'allowed', or the redirect target. */
async function visit(path: string, store: HubStore, access: Parameters<typeof guardLoader>[0] = 'public') {
  try {
    await withProfileCompletion(guardLoader(access, store), store)({ request: new Request(`http://localhost${path}`) });
    return 'allowed';
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(Response);
    return (thrown as Response).headers.get('Location');
  }
}

const staff = [Permission.CapgeminiAccess, Permission.UserAccess];

describe('withProfileCompletion (SPEC §4: Capgemini permission and null city → /my-account)', () => {
  it.each(['/', '/communities', '/events/12', '/about', '/my-hub', '/account/login'])(
    'holds staff without a city on /my-account when they open %s',
    async (path) => {
      await expect(visit(path, storeWith('loggedIn', staff, null))).resolves.toBe('/my-account');
    },
  );

  it('lets them open /my-account itself (no redirect loop) and the sign-in return screen', async () => {
    const store = storeWith('loggedIn', staff, null);
    await expect(visit('/my-account', store, 'loggedIn')).resolves.toBe('allowed');
    await expect(visit('/callback', store, 'loggedIn')).resolves.toBe('allowed');
  });

  it('lets them go anywhere once a city is saved', async () => {
    const store = storeWith('loggedIn', staff, null);
    await expect(visit('/communities', store)).resolves.toBe('/my-account');
    store.set(userInfoAtom, { ...store.get(userInfoAtom), city: 'Utrecht' });
    await expect(visit('/communities', store)).resolves.toBe('allowed');
  });

  it('does not apply to users without the Capgemini permission, nor to anyone logged out', async () => {
    await expect(visit('/communities', storeWith('loggedIn', [Permission.UserAccess], null))).resolves.toBe('allowed');
    await expect(visit('/communities', storeWith('loggedOut', staff, null))).resolves.toBe('allowed');
  });

  it("keeps the route's own guard first", async () => {
    await expect(visit('/admin-dashboard', storeWith('loggedIn', staff, null), 'admin')).resolves.toBe('/');
  });
});
