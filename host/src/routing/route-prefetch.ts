import { matchRoutes, type Params, type RouteObject } from 'react-router';
import type { FetchQueryOptions } from '@tanstack/react-query';
import {
  authStatusAtom,
  CommunityBaseId,
  communitiesOfBaseQueryOptions,
  communityBaseQueryOptions,
  communityOverviewQueryOptions,
  communityQueryOptions,
  countriesQueryOptions,
  decideAccess,
  eventListQueryOptionsFor,
  eventQueryOptions,
  failedThisNavigation,
  hubStore,
  noteNavigationStart,
  parseId,
  queryClient as hubQueryClient,
  upcomingEventsOfCommunityQueryOptions,
  userInfoAtom,
  type HubStore,
  type RemoteName,
  type RemotePageKey,
} from '@hub/shared';
import type { QueryClient } from '@tanstack/react-query';
import { preloadRemotePage } from '../federation/remote-registry';
import type { RouteEntry, RouteTarget } from './route-table';

/** What a remote screen reads first, from its address: the requests a navigation to it can start at once. */
export interface PrefetchInput {
  params: Params;
  search: URLSearchParams;
}
// The options' own types differ per endpoint; only their key and fetcher matter here.
type AnyQueryOptions = FetchQueryOptions<any, any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type DataPrefetch = (input: PrefetchInput) => AnyQueryOptions[];

const listOfBase = (baseId: CommunityBaseId) => () => [
  communityBaseQueryOptions(baseId),
  communityOverviewQueryOptions(),
  communitiesOfBaseQueryOptions(baseId),
];

/**
 * The route-level prefetch map: for each public remote screen, the queries it reads on its first
 * render (the same `queryOptions` the screen's hooks use, so the answers land under the same keys).
 * A navigation starts these beside the screen's code instead of after it. Screens that are not
 * listed (forms, signed-in pages) still get their code preloaded.
 */
export const dataPrefetch: Partial<Record<string, DataPrefetch>> = {
  'events:eventList': ({ search }) => [
    eventListQueryOptionsFor(search),
    communitiesOfBaseQueryOptions(CommunityBaseId.Community),
    communitiesOfBaseQueryOptions(CommunityBaseId.Network),
    countriesQueryOptions(),
  ],
  'events:eventDetail': ({ params }) => {
    const id = parseId(params.id);
    return id === null ? [] : [eventQueryOptions(id)];
  },
  'communities:communityList': listOfBase(CommunityBaseId.Community),
  'communities:networkList': listOfBase(CommunityBaseId.Network),
  'communities:communityDetail': ({ params }) => {
    const id = parseId(params.id);
    return id === null ? [] : [communityQueryOptions(id), upcomingEventsOfCommunityQueryOptions(id)];
  },
};

/**
 * The same first reads as API paths (`:name` from the address), for the detail screens, whose reads
 * depend only on the address's path: the HTML of such a page starts them for an anonymous visitor
 * (federation/early-remote-start.ts), and the reads above take those answers instead of asking again
 * (one request each). route-prefetch.test.ts checks each list is exactly what `dataPrefetch` asks.
 */
export const firstReadPaths: Partial<Record<string, string[]>> = {
  'events:eventDetail': ['api/events/:id'],
  'communities:communityDetail': ['api/community/:id', 'api/events?when=upcoming&communityId=:id&pageSize=10'],
};

type RemoteTarget = Extract<RouteTarget, { owner: RemoteName }>;
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
}

/**
 * Starts what a screen needs before it is shown: its code (the remote's routes module and the
 * screen's chunk) and, with `data`, its first requests, side by side. Fire and forget: whatever
 * fails here is met again, and reported, by the screen itself.
 */
export function prefetchRoute(table: RouteEntry[], url: URL, options: PrefetchOptions): RemoteTarget | null {
  const { store = hubStore, queryClient = hubQueryClient, preload = preloadRemotePage } = options;
  if (options.navigation) noteNavigationStart(url);
  const resolved = resolveTarget(table, url, store);
  if (!resolved || !isRemote(resolved.target)) return null;
  const { owner, page } = resolved.target;
  if (options.enteredOnly && !options.enteredOnly(owner)) return null;
  void preload(owner, page as RemotePageKey<typeof owner>);
  if (options.data) {
    for (const query of dataPrefetch[`${owner}:${page}`]?.(resolved.input) ?? []) {
      // Already failed in this navigation (its first load's early start): that is the answer, not asked again.
      if (failedThisNavigation(queryClient, query.queryKey)) continue;
      void queryClient.prefetchQuery(query);
    }
  }
  return resolved.target;
}
