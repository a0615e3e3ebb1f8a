import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { apiPaths, fillApiPath } from './api-paths';
import { communityKeys } from './query-keys';
import { readInit, type ReadOptions } from './read-init';
import { definedEntries, searchParams } from './search-params';
import type { CommunityListQuery, CommunitySummary } from '@hub/contract/community';

/** The grid's filters (issue 27): search, country and order; none is the whole base by name. */
export type CommunityListFilter = CommunityListQuery;

/**
 * The API path of a view of a base (`api/community/base/1?sort=members`): the one spelling the page
 * asks and the page server's frame reads and carries (remote-communities/src/server-frames.tsx), so
 * the page takes the HTML's answer instead of asking again.
 */
export function communitiesOfBasePath(baseId: number | string, filter: CommunityListFilter = {}): string {
  return `${fillApiPath(apiPaths.communitiesOfBase, { id: baseId })}${searchParams({ ...filter })}`;
}

/** GET api/community/base/{id}: the communities (base 1) or the networks (base 2), filtered and sorted. */
export function getCommunitiesOfBase(
  baseId: number | string,
  options?: ReadOptions,
  filter: CommunityListFilter = {},
): Promise<CommunitySummary[]> {
  return apiFetch<CommunitySummary[]>(communitiesOfBasePath(baseId, filter), readInit(options));
}

/** The whole base, by name: the key SPEC §7 names, shared by every list of the base and the page's first read. */
export const communitiesOfBaseQueryOptions = (baseId: number | string, options?: ReadOptions) =>
  queryOptions({ queryKey: communityKeys.ofBase(baseId), queryFn: () => getCommunitiesOfBase(baseId, options) });

/**
 * A filtered or sorted view of a base (the grid, issue 27). Its key sits under the base's, so
 * whatever clears the base's list clears its views too; with no filter it is the base's own query.
 */
export const communityGridQueryOptions = (baseId: number | string, filter: CommunityListFilter) => {
  const defined = definedEntries(filter);
  if (Object.keys(defined).length === 0) return communitiesOfBaseQueryOptions(baseId);
  return queryOptions({
    queryKey: communityKeys.ofBaseFiltered(baseId, defined),
    queryFn: () => getCommunitiesOfBase(baseId, undefined, defined),
  }) as unknown as ReturnType<typeof communitiesOfBaseQueryOptions>;
};

/** The communities of a base (SPEC §7 key "communities from base by id"). */
export function useCommunitiesOfBase(baseId: number | string) {
  return useQuery(communitiesOfBaseQueryOptions(baseId));
}

/** The grid's view of a base: filtered, searched and sorted by the API. */
export function useCommunityGrid(baseId: number | string, filter: CommunityListFilter) {
  return useQuery(communityGridQueryOptions(baseId, filter));
}
