import { requestCache, type CachedGetOptions } from '../cache/request-cache';
import { apiFetch } from '../http/api-fetch';
import type { EventLocation } from '../dialogs/dialog-types';

/** One event as GET api/events lists it (API `EventSummary`, api/src/http/schemas.ts). */
export interface CommunityEventSummary {
  id: number;
  title: string;
  description: string;
  imageUrl: string;
  /** ISO date-time */
  startsAt: string;
  /** ISO date-time */
  endsAt: string;
  communityId: number;
  communityName: string;
  communityBaseId: number;
  countryId: number;
  countryName: string;
  capacity: number | null;
  attendeeCount: number;
  cancelled: boolean;
  format: 'online' | 'inPerson' | 'hybrid';
  locations: EventLocation[];
}

/** A page of GET api/events. */
export interface EventPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The cache key of a community's upcoming events. SPEC §7 names no key for events; this one is
 * cached like the community itself so that reopening a community page within the cache time asks
 * the API nothing. Whatever creates, edits or cancels an event of the community should invalidate it.
 */
export const communityEventsCacheKey = (communityId: number | string) => `community-events:${communityId}`;

/** How many upcoming events of a community are asked for (one page). */
export const communityEventsPageSize = 10;

/** GET api/events?when=upcoming&communityId={id}: a community's next events, soonest first (cached). */
export function getUpcomingEventsOfCommunity(
  communityId: number,
  options?: CachedGetOptions,
): Promise<EventPage<CommunityEventSummary>> {
  const query = new URLSearchParams({
    when: 'upcoming',
    communityId: String(communityId),
    pageSize: String(communityEventsPageSize),
  });
  return requestCache.get(
    communityEventsCacheKey(communityId),
    () => apiFetch<EventPage<CommunityEventSummary>>(`api/events?${query.toString()}`),
    options,
  );
}
