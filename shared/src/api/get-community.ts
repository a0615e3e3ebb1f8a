import { queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { retryOnMountFor } from '../query/navigation-failures';
import { apiFetch } from '../http/api-fetch';
import { apiPaths, fillApiPath } from './api-paths';
import { communityKeys } from './query-keys';
import { readInit, type ReadOptions } from './read-init';
import type { CommunityDetail } from '@hub/contract/community';

/** GET api/community/{id}: one community or network, with its core members. */
export function getCommunity(id: number | string, options?: ReadOptions): Promise<CommunityDetail> {
  return apiFetch<CommunityDetail>(fillApiPath(apiPaths.community, { id }), readInit(options));
}

export const communityQueryOptions = (id: number | string, options?: ReadOptions) =>
  queryOptions({ queryKey: communityKeys.detail(id), queryFn: () => getCommunity(id, options) });

/**
 * The community `id` (SPEC §7 key "community data by id"); no request while `id` is null.
 * `passive` only reads what another part of the page fetches (the header's highlight follows
 * the detail page this way, so an unknown id is asked for once, not twice). A failure the
 * navigation's prefetch just met is shown, not asked again (query/navigation-failures.ts).
 */
export function useCommunity(id: number | string | null, { passive = false }: { passive?: boolean } = {}) {
  const options = communityQueryOptions(id ?? '');
  const retryOnMount = retryOnMountFor(useQueryClient(), options.queryKey);
  return useQuery({ ...options, enabled: id !== null && !passive, retryOnMount });
}

/** Several communities, each its own query under its own key: one that fails leaves the others. */
export function useCommunities(ids: readonly number[]) {
  return useQueries({ queries: ids.map((id) => communityQueryOptions(id)) });
}
