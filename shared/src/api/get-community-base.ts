import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { apiPaths, fillApiPath } from './api-paths';
import { communityBaseKeys } from './query-keys';
import type { CommunityBase } from '@hub/contract/catalogue';

/** GET api/communitybase/{id}: the base's name. */
export function getCommunityBase(baseId: number | string): Promise<CommunityBase> {
  return apiFetch<CommunityBase>(fillApiPath(apiPaths.communityBase, { id: baseId }));
}

export const communityBaseQueryOptions = (baseId: number | string) =>
  queryOptions({ queryKey: communityBaseKeys.detail(baseId), queryFn: () => getCommunityBase(baseId) });

/** The community base (SPEC §7 key "community base by id"); no request while `baseId` is undefined. */
export function useCommunityBase(baseId: number | string | undefined) {
  return useQuery({ ...communityBaseQueryOptions(baseId ?? ''), enabled: baseId !== undefined });
}
