import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { apiPaths, fillApiPath } from './api-paths';
import { communityKeys } from './query-keys';
import { readInit, type ReadOptions } from './read-init';
import type { CommunitySummary } from '@hub/contract/community';

/** GET api/community/base/{id}: the communities (base 1) or the networks (base 2). */
export function getCommunitiesOfBase(baseId: number | string, options?: ReadOptions): Promise<CommunitySummary[]> {
  return apiFetch<CommunitySummary[]>(fillApiPath(apiPaths.communitiesOfBase, { id: baseId }), readInit(options));
}

export const communitiesOfBaseQueryOptions = (baseId: number | string, options?: ReadOptions) =>
  queryOptions({ queryKey: communityKeys.ofBase(baseId), queryFn: () => getCommunitiesOfBase(baseId, options) });

/** The communities of a base (SPEC §7 key "communities from base by id"). */
export function useCommunitiesOfBase(baseId: number | string) {
  return useQuery(communitiesOfBaseQueryOptions(baseId));
}
