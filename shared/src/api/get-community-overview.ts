import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { apiPaths } from './api-paths';
import { communityKeys } from './query-keys';
import { readInit, type ReadOptions } from './read-init';
import type { CountryOverview } from '@hub/contract/community';

/** GET api/community: how many communities and networks each country has. */
export function getCommunityOverview(options?: ReadOptions): Promise<CountryOverview[]> {
  return apiFetch<CountryOverview[]>(apiPaths.communityOverview, readInit(options));
}

export const communityOverviewQueryOptions = (options?: ReadOptions) =>
  queryOptions({ queryKey: communityKeys.overview(), queryFn: () => getCommunityOverview(options) });

/** The overview (SPEC §7 key "overview"). */
export function useCommunityOverview() {
  return useQuery(communityOverviewQueryOptions());
}
