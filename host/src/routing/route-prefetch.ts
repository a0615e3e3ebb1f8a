import { matchRoutes, type Params, type RouteObject } from 'react-router';
import {
  apiPaths,
  authStatusAtom,
  decideAccess,
  failedThisNavigation,
  firstReadQuery,
  hubStore,
  noteNavigationStart,
  queryClient as hubQueryClient,
  userInfoAtom,
  type HubStore,
  type RemoteName,
  type RemotePageKey,
} from '@hub/shared';
import type { QueryClient } from '@tanstack/react-query';
import { preloadRemotePage, remoteScreens } from '../federation/remote-registry';
import type { RemoteScreensOf } from '../federation/remote-screens';
import type { HostPageKey, RouteEntry, RouteTarget } from './route-table';

/** A remote screen's address: what its first reads are filled from. */
export interface PrefetchInput {
  params: Params;
  search: URLSearchParams;
}

type RemoteTarget = Extract<RouteTarget, { owner: RemoteName }>;

/**
 * The host's own screens' first reads for an anonymous visitor (issue 27): the home's widgets are
 * two remotes' (events, communities) and read `api/home`, the same for every visitor, once their
 * code has loaded and rendered; started from the route's loader, the read runs beside their code
 * instead. A signed-in visitor's home reads their own (`api/user/home`) and keeps to it.
 */
export const hostFirstReads: Partial<Record<HostPageKey, readonly string[]>> = {
  dashboard: [apiPaths.publicHome],
};
const isRemote = (target: RouteTarget): target is RemoteTarget => target.owner !== 'host';

/**
 * The screen a user would get at an address: the route table's match, and of a path with several
 * entries the most privileged one they may open (as the route element chooses). Nothing when the
 * guard would refuse them: a screen is never fetched for someone who cannot open it (issue 12).
 */
export function resolveTarget(
  table: RouteEntry[],
  url: URL,
  store: HubStore = hubStore,
): { target: RouteTarget; input: PrefetchInput } | null {
  const status = store.get(authStatusAtom);
  if (status === 'loading') return null;
  const paths = [...new Set(table.map((e) => e.path))];
  const routes: RouteObject[] = [
    { path: '/', children: paths.map((path): RouteObject => (path === '' ? { index: true } : { path })) },
  ];
  const matches = matchRoutes(routes, url.pathname);
  const leaf = matches?.at(-1);
  if (!leaf) return null;
  const path = leaf.route.index ? '' : (leaf.route.path ?? '');
  const user = store.get(userInfoAtom);
  const allowed = table.filter((e) => e.path === path && decideAccess(e.access, status, user).allow);
  const chosen = allowed.at(-1);
  if (!chosen) return null;
  return { target: chosen.target, input: { params: leaf.params, search: url.searchParams } };
}

export interface PrefetchOptions {
  /** Start the screen's data requests too (a navigation, or a link pointed at); idle warming fetches code only. */
  data: boolean;
  /**
   * This is a navigation (the first load, or a route's loader), not a link pointed at: its start is
   * noted, so that what its requests meet is the screen's answer (shared navigation-failures.ts).
   */
  navigation?: boolean;
  /** Only warm remotes whose entry this page has already run, and never the admin area (idle warming). */
  enteredOnly?: (remote: RemoteName) => boolean;
  store?: HubStore;
  queryClient?: QueryClient;
  preload?: typeof preloadRemotePage;
  /** What each remote's live release says of its screens (its manifest). */
  screens?: RemoteScreensOf;
}

/**
 * Starts what a screen needs before it is shown: its code (the remote's routes module and the
 * screen's chunk) and, with `data`, its first requests, side by side: the reads its remote's live
 * manifest names for it (issue 25), under the keys the screen's hooks read (shared's
 * `firstReadQuery`). Fire and forget: whatever fails here is met again, and reported, by the screen.
 */
export function prefetchRoute(table: RouteEntry[], url: URL, options: PrefetchOptions): RemoteTarget | null {
  const {
    store = hubStore,
    queryClient = hubQueryClient,
    preload = preloadRemotePage,
    screens: screensOf = remoteScreens,
  } = options;
  if (options.navigation) noteNavigationStart(url);
  const resolved = resolveTarget(table, url, store);
  if (!resolved) return null;
  if (!isRemote(resolved.target)) {
    if (options.data && store.get(authStatusAtom) === 'loggedOut')
      for (const read of hostFirstReads[resolved.target.page] ?? []) {
        const query = firstReadQuery(read, resolved.input.params, resolved.input.search);
        if (query && !failedThisNavigation(queryClient, query.queryKey)) void queryClient.prefetchQuery(query);
      }
    return null;
  }
  const { owner, page } = resolved.target;
  if (options.enteredOnly && !options.enteredOnly(owner)) return null;
  void preload(owner, page as RemotePageKey<typeof owner>);
  if (options.data) {
    const { params, search } = resolved.input;
    void screensOf(owner).then((screens) => {
      for (const read of screens[page]?.firstReads ?? []) {
        const query = firstReadQuery(read, params, search);
        // Already failed in this navigation (its first load's early start): that is the answer, not asked again.
        if (!query || failedThisNavigation(queryClient, query.queryKey)) continue;
        void queryClient.prefetchQuery(query);
      }
    });
  }
  return resolved.target;
}
