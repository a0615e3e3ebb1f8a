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
  apiPaths,
  fillApiPath,
  type AuthStatus,
  type HubStore,
} from '@hub/shared';
import { buildRouteTable } from './route-table';
import { prefetchRoute, resolveTarget } from './route-prefetch';
import type { RemoteScreensOf } from '../federation/remote-screens';

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

const screen = (...firstReads: string[]) => ({ scripts: ['1.js'], public: true, firstReads });
/** The screens the remotes' live manifests name (as their screens.ts declare them). */
const liveScreens: Record<string, Record<string, ReturnType<typeof screen>>> = {
  events: {
    eventList: screen(
      apiPaths.eventList,
      fillApiPath(apiPaths.communitiesOfBase, { id: 1 }),
      fillApiPath(apiPaths.communitiesOfBase, { id: 2 }),
      apiPaths.countries,
    ),
    eventDetail: screen(apiPaths.event),
  },
  communities: {
    communityList: screen(),
    communityDetail: screen(apiPaths.community, fillApiPath(apiPaths.upcomingEventsOfCommunity, { pageSize: 10 })),
  },
};
const screensOf: RemoteScreensOf = async (remote) => liveScreens[remote] ?? {};
/** The prefetch's reads start once the remote's manifest is read. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Runs a prefetch with a spy for the code and a query client that never reaches the network. */
async function prefetch(path: string, store: HubStore, options: { data?: boolean; entered?: string[] } = {}) {
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
    screens: screensOf,
    ...(options.entered && { enteredOnly: (remote) => remote !== 'admin' && options.entered!.includes(remote) }),
  });
  await settled();
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
  it("starts the events list's code and the requests its live manifest names, under the screen's keys", async () => {
    const { preloaded, fetched } = await prefetch('/events/event-list?when=past&page=2', anonymous);
    expect(preloaded).toEqual([['events', 'eventList']]);
    expect(fetched).toEqual([
      eventKeys.list({ when: 'past', page: 2, pageSize: 12 }),
      communityKeys.ofBase(1),
      communityKeys.ofBase(2),
      referenceKeys.countries(),
    ]);
  });

  it("starts an event's and a community's own requests from the address's id, and none for an id the screen refuses", async () => {
    expect((await prefetch('/events/31', anonymous)).fetched).toEqual([eventKeys.detail(31)]);
    expect((await prefetch('/community/1', anonymous)).fetched).toEqual([
      communityKeys.detail(1),
      eventKeys.upcomingOfCommunity(1),
    ]);
    const invalid = await prefetch('/events/abc', anonymous);
    expect(invalid.preloaded).toEqual([['events', 'eventDetail']]);
    expect(invalid.fetched).toEqual([]);
  });

  it('fetches code only when asked for no data, and nothing for host pages', async () => {
    expect(await prefetch('/communities', anonymous, { data: false })).toMatchObject({
      preloaded: [['communities', 'communityList']],
      fetched: [],
    });
    expect(await prefetch('/about', anonymous)).toMatchObject({ target: null, preloaded: [], fetched: [] });
  });

  it("starts the home's public read for an anonymous visitor (issue 27), not for a signed-in one, nor without data", async () => {
    expect(await prefetch('/', anonymous)).toMatchObject({ target: null, fetched: [eventKeys.publicHome()] });
    expect(await prefetch('/', staff)).toMatchObject({ target: null, fetched: [] });
    expect(await prefetch('/', anonymous, { data: false })).toMatchObject({ fetched: [] });
  });

  it('never fetches the admin area for someone who cannot open it; a core member gets it towards /manage only', async () => {
    for (const store of [anonymous, staff]) expect((await prefetch('/manage', store)).preloaded).toEqual([]);
    expect((await prefetch('/admin-dashboard', core)).preloaded).toEqual([]);
    expect((await prefetch('/manage', core)).preloaded).toEqual([['admin', 'manage']]);
    expect((await prefetch('/admin-dashboard', admin)).preloaded).toEqual([['admin', 'adminDashboard']]);
  });

  it('idle warming reaches only remotes the page has already run, and never the admin area', async () => {
    expect((await prefetch('/communities', anonymous, { data: false, entered: ['events'] })).preloaded).toEqual([]);
    expect((await prefetch('/events/event-list', anonymous, { data: false, entered: ['events'] })).preloaded).toEqual([
      ['events', 'eventList'],
    ]);
    expect((await prefetch('/manage', admin, { data: false, entered: ['events', 'admin'] })).preloaded).toEqual([]);
  });

  it('a navigation leaves a read its first load already failed alone: the screen shows that failure', async () => {
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
        screens: screensOf,
      });
    const failNow = () =>
      queryClient
        .getQueryCache()
        .build(queryClient, { queryKey: key })
        .setState({ status: 'error', error: new Error('Community not found'), errorUpdatedAt: Date.now() });
    const askedFor9999 = () => asked.filter((k) => JSON.stringify(k) === JSON.stringify(key)).length;

    // The first load's early start meets the failure; its route loader (the same navigation) leaves it.
    navigate('/community/9999');
    await settled();
    failNow();
    navigate('/community/9999');
    await settled();
    expect(askedFor9999()).toBe(1);
    // Coming back after another page is a new visit: asked again.
    navigate('/communities');
    navigate('/community/9999');
    await settled();
    expect(askedFor9999()).toBe(2);
  });

  it("starts a read the live manifest newly names, and none it does not know (a remote newer than this host's shared)", async () => {
    liveScreens.events!.eventDetail = screen(apiPaths.event, apiPaths.countries, 'api/events/:id/new-thing');
    try {
      expect((await prefetch('/events/31', anonymous)).fetched).toEqual([
        eventKeys.detail(31),
        referenceKeys.countries(),
      ]);
    } finally {
      liveScreens.events!.eventDetail = screen(apiPaths.event);
    }
  });
});
