import { requestCache, type CachedGetOptions } from '../cache/request-cache';
import { apiFetch } from '../http/api-fetch';
import type { EventPage } from '@hub/contract/events';

/**
 * The cache key of a community's upcoming events. SPEC §7 names no key for events; this one is
 * cached like the community itself so that reopening a community page within the cache time asks
 * the API nothing. Whatever creates, edits or cancels an event of the community should invalidate it.
 */
export const communityEventsCacheKey = (communityId: number | string) => `community-events:${communityId}`;

/** How many upcoming events of a community are asked for (one page). */
export const communityEventsPageSize = 10;

/** GET api/events?when=upcoming&communityId={id}: a community's next events, soonest first (cached). */
export function getUpcomingEventsOfCommunity(communityId: number, options?: CachedGetOptions): Promise<EventPage> {
  const query = new URLSearchParams({
    when: 'upcoming',
    communityId: String(communityId),
    pageSize: String(communityEventsPageSize),
  });
  return requestCache.get(
    communityEventsCacheKey(communityId),
    () => apiFetch<EventPage>(`api/events?${query.toString()}`),
    options,
  );
}
