import { cacheKeys } from '../cache/cache-keys';
import { requestCache, type CachedGetOptions } from '../cache/request-cache';
import { apiFetch } from '../http/api-fetch';
import type { CommunityBase } from '@hub/contract/catalogue';
import type { CommunityDetail, CommunitySummary, CountryOverview } from '@hub/contract/community';

/** Path segments come from route parameters: encode them so a stray value cannot change the path. */
const segment = (id: number | string) => encodeURIComponent(String(id));

/** GET api/community: per-country counts (cached under `cacheKeys.overview()`). */
export function getCommunityOverview(options?: CachedGetOptions): Promise<CountryOverview[]> {
  return requestCache.get(cacheKeys.overview(), () => apiFetch<CountryOverview[]>('api/community'), options);
}

/** GET api/community/{id} (cached under `cacheKeys.community(id)`). */
export function getCommunity(id: number | string, options?: CachedGetOptions): Promise<CommunityDetail> {
  return requestCache.get(
    cacheKeys.community(id),
    () => apiFetch<CommunityDetail>(`api/community/${segment(id)}`),
    options,
  );
}

/** GET api/community/base/{id}: the communities (1) or networks (2). */
export function getCommunitiesOfBase(baseId: number | string, options?: CachedGetOptions): Promise<CommunitySummary[]> {
  return requestCache.get(
    cacheKeys.communitiesOfBase(baseId),
    () => apiFetch<CommunitySummary[]>(`api/community/base/${segment(baseId)}`),
    options,
  );
}

/** GET api/communitybase/{id} */
export function getCommunityBase(baseId: number | string, options?: CachedGetOptions): Promise<CommunityBase> {
  return requestCache.get(
    cacheKeys.communityBase(baseId),
    () => apiFetch<CommunityBase>(`api/communitybase/${segment(baseId)}`),
    options,
  );
}
