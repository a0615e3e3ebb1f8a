import { cacheKeys } from '../cache/cache-keys';
import { requestCache } from '../cache/request-cache';
import { apiFetch } from '../http/api-fetch';
import { logger } from '../logging/logger';
import type { CommunityDetail, CommunitySummary, CountryOverview } from '@hub/contract/community';

const segment = (id: number | string) => encodeURIComponent(String(id));

/**
 * After a membership change the API's public reads are out of date, but an HTTP cache on the way may
 * still hold them (the API lets shared caches keep them for 30 s), so a plain re-read right after the
 * change could be answered with the old member count.
 * This asks the server itself (`cache: 'no-cache'`, an ETag revalidation) for the community, its
 * base's list and the overview, and stores the answers under the SPEC §7 keys, so every reader of
 * the shared cache (lists, detail, header, widgets) then sees the new state. Failures are only
 * logged: the keys stay cleared and the next reader asks again.
 */
export async function refreshCommunityReads(communityId: number, baseId: number): Promise<void> {
  // Invalidate first: a read started since the change (maybe answered from the HTTP cache) is not joined.
  const fromServer = <T>(key: string, path: string) => {
    requestCache.invalidate(key);
    return requestCache.get(key, () => apiFetch<T>(path, { cache: 'no-cache' }));
  };
  const results = await Promise.allSettled([
    fromServer<CommunityDetail>(cacheKeys.community(communityId), `api/community/${segment(communityId)}`),
    fromServer<CommunitySummary[]>(cacheKeys.communitiesOfBase(baseId), `api/community/base/${segment(baseId)}`),
    fromServer<CountryOverview[]>(cacheKeys.overview(), 'api/community'),
  ]);
  for (const result of results) {
    if (result.status === 'rejected') logger.warn('Re-reading community data after a change failed.', result.reason);
  }
}
