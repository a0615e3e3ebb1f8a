import { QueryClient } from '@tanstack/react-query';
import {
  authStatusAtom,
  communityKeys,
  createStore,
  eventKeys,
  fallbackUser,
  Permission,
  referenceKeys,
  userInfoAtom,
  type AuthStatus,
  type HubStore,
} from '@hub/shared';
import { buildRouteTable } from './route-table';
import { dataPrefetch, firstReadPaths, prefetchRoute, resolveTarget } from './route-prefetch';
import { getAppConfig } from '@hub/shared';

const table = buildRouteTable();
const url = (path: string) => new URL(`http://localhost${path}`);

function storeWith(status: AuthStatus, permissions: Permission[] = []): HubStore {
  const store = createStore();
  store.set(authStatusAtom, status);
  store.set(userInfoAtom, { ...fallbackUser, userId: status === 'loggedIn' ? 'u1' : '', permissions });
  return store;
}
const anonymous = storeWith('loggedOut');
const staff = storeWith('loggedIn', [Permission.CapgeminiAccess]);
const core = storeWith('loggedIn', [Permission.CapgeminiAccess, Permission.CoreMemberAccess]);
const admin = storeWith('loggedIn', [Permission.AdminAccess]);

/** Runs a prefetch with a spy for the code and a query client that never reaches the network. */
function prefetch(path: string, store: HubStore, options: { data?: boolean; entered?: string[] } = {}) {
  const preload = jest.fn(() => Promise.resolve());
  const queryClient = new QueryClient();
  const fetched: unknown[] = [];
  jest.spyOn(queryClient, 'prefetchQuery').mockImplementation(async (query) => {
    fetched.push(query.queryKey);
  });
  const target = prefetchRoute(table, url(path), {
    data: options.data ?? true,
    store,
    queryClient,
    preload,
    ...(options.entered && { enteredOnly: (remote) => remote !== 'admin' && options.entered!.includes(remote) }),
  });
  return { target, preloaded: preload.mock.calls, fetched };
}

describe('resolveTarget', () => {
  it('finds the screen of an address, with its parameters, as the router ranks routes', () => {
    expect(resolveTarget(table, url('/events/event-list'), anonymous)?.target).toEqual({
      owner: 'events',
      page: 'eventList',
    });
    const detail = resolveTarget(table, url('/events/31?x=1'), anonymous);
    expect(detail?.target).toEqual({ owner: 'events', page: 'eventDetail' });
    expect(detail?.input.params.id).toBe('31');
    expect(resolveTarget(table, url('/'), anonymous)?.target).toEqual({ owner: 'host', page: 'dashboard' });
    expect(resolveTarget(table, url('/no/such/page'), anonymous)?.target).toEqual({ owner: 'host', page: 'notFound' });
  });

  it('gives an admin the admin variant of a path with two entries, and a core member the other', () => {
    expect(resolveTarget(table, url('/event-form'), admin)?.target).toEqual({
      owner: 'events',
      page: 'eventCreateAdmin',
    });
    expect(resolveTarget(table, url('/event-form'), core)?.target).toEqual({ owner: 'events', page: 'eventCreate' });
  });

  it('gives nothing for a screen the guard would refuse, or while the session is still being read', () => {
    expect(resolveTarget(table, url('/manage'), anonymous)).toBeNull();
    expect(resolveTarget(table, url('/manage'), staff)).toBeNull();
    expect(resolveTarget(table, url('/admin-dashboard'), core)).toBeNull();
    expect(resolveTarget(table, url('/account/login'), staff)).toBeNull();
    expect(resolveTarget(table, url('/events/event-list'), storeWith('loading'))).toBeNull();
  });
});

describe('prefetchRoute', () => {
  it("starts the events list's code and the requests its screen makes, under the screen's keys", () => {
    const { preloaded, fetched } = prefetch('/events/event-list?when=past&page=2', anonymous);
    expect(preloaded).toEqual([['events', 'eventList']]);
    expect(fetched).toEqual([
      eventKeys.list({ when: 'past', page: 2, pageSize: 12 }),
      communityKeys.ofBase(1),
      communityKeys.ofBase(2),
      referenceKeys.countries(),
    ]);
  });

  it("starts an event's and a community's own requests from the address's id, and none for an id the screen refuses", () => {
    expect(prefetch('/events/31', anonymous).fetched).toEqual([eventKeys.detail(31)]);
    expect(prefetch('/community/1', anonymous).fetched).toEqual([
      communityKeys.detail(1),
      eventKeys.upcomingOfCommunity(1),
    ]);
    const invalid = prefetch('/events/abc', anonymous);
    expect(invalid.preloaded).toEqual([['events', 'eventDetail']]);
    expect(invalid.fetched).toEqual([]);
  });

  it('fetches code only when asked for no data, and nothing for host pages', () => {
    expect(prefetch('/communities', anonymous, { data: false })).toMatchObject({
      preloaded: [['communities', 'communityList']],
      fetched: [],
    });
    expect(prefetch('/about', anonymous)).toMatchObject({ target: null, preloaded: [], fetched: [] });
  });

  it('never fetches the admin area for someone who cannot open it; a core member gets it towards /manage only', () => {
    for (const store of [anonymous, staff]) expect(prefetch('/manage', store).preloaded).toEqual([]);
    expect(prefetch('/admin-dashboard', core).preloaded).toEqual([]);
    expect(prefetch('/manage', core).preloaded).toEqual([['admin', 'manage']]);
    expect(prefetch('/admin-dashboard', admin).preloaded).toEqual([['admin', 'adminDashboard']]);
  });

  it('idle warming reaches only remotes the page has already run, and never the admin area', () => {
    expect(prefetch('/communities', anonymous, { data: false, entered: ['events'] }).preloaded).toEqual([]);
    expect(prefetch('/events/event-list', anonymous, { data: false, entered: ['events'] }).preloaded).toEqual([
      ['events', 'eventList'],
    ]);
    expect(prefetch('/manage', admin, { data: false, entered: ['events', 'admin'] }).preloaded).toEqual([]);
  });

  it('a navigation leaves a read its first load already failed alone: the screen shows that failure', () => {
    const queryClient = new QueryClient();
    const asked: unknown[] = [];
    jest.spyOn(queryClient, 'prefetchQuery').mockImplementation(async (query) => {
      asked.push(query.queryKey);
    });
    const key = communityKeys.detail(9999);
    const navigate = (path: string) =>
      prefetchRoute(table, url(path), {
        data: true,
        navigation: true,
        store: anonymous,
        queryClient,
        preload: async () => {},
      });
    const failNow = () =>
      queryClient
        .getQueryCache()
        .build(queryClient, { queryKey: key })
        .setState({ status: 'error', error: new Error('Community not found'), errorUpdatedAt: Date.now() });
    const askedFor9999 = () => asked.filter((k) => JSON.stringify(k) === JSON.stringify(key)).length;

    // The first load's early start meets the failure; its route loader (the same navigation) leaves it.
    navigate('/community/9999');
    failNow();
    navigate('/community/9999');
    expect(askedFor9999()).toBe(1);
    // Coming back after another page is a new visit: asked again.
    navigate('/communities');
    navigate('/community/9999');
    expect(askedFor9999()).toBe(2);
  });
});

describe('firstReadPaths (the reads the HTML of a detail page starts, issue 14)', () => {
  it.each(Object.entries(firstReadPaths))(
    '%s: exactly the addresses the screen reads first, in the same order',
    async (screen, paths) => {
      const asked: string[] = [];
      const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
        asked.push(input instanceof Request ? input.url : String(input));
        return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
      });
      try {
        const queries = dataPrefetch[screen]!({ params: { id: '31' }, search: new URLSearchParams() });
        for (const query of queries) {
          const read = query.queryFn as (context: unknown) => Promise<unknown>;
          await read({ queryKey: query.queryKey, signal: new AbortController().signal, meta: undefined }).catch(
            () => undefined,
          );
        }
      } finally {
        fetchSpy.mockRestore();
      }
      const base = getAppConfig().apiBaseUrl.replace(/\/+$/, '');
      expect(asked).toEqual(paths!.map((path) => `${base}/${path.replace(/:id/g, '31')}`));
    },
  );
});
