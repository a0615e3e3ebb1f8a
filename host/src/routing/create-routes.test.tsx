import { act, screen } from '@testing-library/react';
import {
  authStatusAtom,
  fallbackUser,
  Permission,
  userInfoAtom,
  type AuthStatus,
  type HubStore,
  createStore,
} from '@hub/shared';
import { createRoutes } from './create-routes';
import { buildRouteTable } from './route-table';
import { renderRoutes } from '../testing/render-routes';

// The remote-loading boundary: in a unit test a remote's screen (or the dashboard's widget) is stood
// in for by its key.
jest.mock('../components/remote-page/remote-page', () => ({
  RemotePage: ({ remote, page }: { remote: string; page: string }) => `remote ${remote}: ${page}`,
}));
jest.mock('../components/remote-page/remote-widget', () => ({
  RemoteWidget: ({ remote, widget }: { remote: string; widget: string }) => `widget ${remote}: ${widget}`,
}));

function storeWith(status: AuthStatus, permissions: Permission[] = []): HubStore {
  const store = createStore();
  store.set(authStatusAtom, status);
  store.set(userInfoAtom, { ...fallbackUser, userId: status === 'loggedIn' ? 'u1' : '', permissions });
  return store;
}

/** The first render of a file loads the site chrome and lazy pages; give it time on a busy machine. */
const slow = { timeout: 5000 };

const coreMember = [Permission.UserAccess, Permission.CoreMemberAccess];
const admin = [Permission.UserAccess, Permission.AdminAccess];

jest.setTimeout(20000);

beforeAll(() => {
  // jsdom does not scroll; ScrollRestoration calls it after each navigation.
  window.scrollTo = jest.fn();
});
beforeEach(() => localStorage.clear());

describe('createRoutes: the route table as guarded react-router routes under one parent', () => {
  it('builds one parent route with one guarded child per path of the table', () => {
    const table = buildRouteTable();
    const [root, ...others] = createRoutes(table, createStore());
    expect(others).toEqual([]);
    expect(root?.path).toBe('/');
    const children = root?.children ?? [];
    // '' becomes the index route; 'event-form' (two entries in the table) becomes one route.
    expect(children.map((child) => (child.index ? '' : child.path))).toEqual([...new Set(table.map((e) => e.path))]);
    expect(children[0]).toMatchObject({ index: true });
    expect(children.filter((child) => child.path === 'event-form')).toHaveLength(1);
    expect(children.every((child) => typeof child.loader === 'function')).toBe(true);
  });

  it('sends an anonymous user at /manage to /account/login and remembers /manage', async () => {
    const router = renderRoutes('/manage', storeWith('loggedOut'));
    expect(await screen.findByText('remote account: login', undefined, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/login');
    expect(screen.queryByText('remote admin: manage')).not.toBeInTheDocument();
    expect(localStorage.getItem('lastVisited')).toBe('/manage');
  });

  it('sends a logged-in user at /account/login to /my-account', async () => {
    const router = renderRoutes('/account/login', storeWith('loggedIn', [Permission.UserAccess]));
    expect(await screen.findByText('remote account: myAccount', undefined, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-account');
  });

  it('sends a core member at /admin-dashboard to /', async () => {
    const router = renderRoutes('/admin-dashboard', storeWith('loggedIn', coreMember));
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome (to |back, )/ }, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('gives an admin at /event-form the admin variant', async () => {
    const router = renderRoutes('/event-form', storeWith('loggedIn', admin));
    expect(await screen.findByText('remote events: eventCreateAdmin', undefined, slow)).toBeInTheDocument();
    expect(screen.queryByText('remote events: eventCreate')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/event-form');
  });

  it("gives a core member at /event-form the create form ('eventCreate')", async () => {
    renderRoutes('/event-form', storeWith('loggedIn', coreMember));
    expect(await screen.findByText('remote events: eventCreate', undefined, slow)).toBeInTheDocument();
    expect(screen.queryByText('remote events: eventCreateAdmin')).not.toBeInTheDocument();
  });

  it('sends a user without core member access at /event-form to /', async () => {
    const router = renderRoutes('/event-form', storeWith('loggedIn', [Permission.UserAccess]));
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome (to |back, )/ }, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('renders a remote screen for a route with a parameter', async () => {
    renderRoutes('/events/3', storeWith('loggedOut'));
    expect(await screen.findByText('remote events: eventDetail', undefined, slow)).toBeInTheDocument();
  });

  it('while the first navigation waits for the session, shows progress inside the site frame', async () => {
    renderRoutes('/about', storeWith('loading'));
    const progress = await screen.findByRole('progressbar', undefined, slow);
    expect(screen.getByRole('main')).toContainElement(progress);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('lazy-loads host pages: an unknown URL shows the not-found page', async () => {
    renderRoutes('/nope', storeWith('loggedOut'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, slow)).toBeInTheDocument();
  });

  it('lazy-loads host pages: /about shows the about page inside the site chrome', async () => {
    renderRoutes('/about', storeWith('loggedOut'));
    expect(await screen.findByRole('heading', { level: 1 }, slow)).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('stores each visited URL as the last visited page, except /account URLs', async () => {
    const router = renderRoutes('/communities', storeWith('loggedOut'));
    await screen.findByText('remote communities: communityList', undefined, slow);
    expect(localStorage.getItem('lastVisited')).toBe('/communities');

    await act(() => router.navigate('/events/3?from=list'));
    await screen.findByText('remote events: eventDetail', undefined, slow);
    expect(localStorage.getItem('lastVisited')).toBe('/events/3?from=list');

    await act(() => router.navigate('/account/register'));
    await screen.findByText('remote account: register', undefined, slow);
    expect(localStorage.getItem('lastVisited')).toBe('/events/3?from=list');
  });
});
