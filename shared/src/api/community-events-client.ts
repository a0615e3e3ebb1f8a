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
 * GET api/events?when=upcoming&communityId={id}: a community's coming events, soonest first.
 * Not cached: SPEC §7 names no key for events, and attendance changes them often.
 */
export function getUpcomingEventsOfCommunity(
  communityId: number,
  pageSize = 10,
): Promise<EventPage<CommunityEventSummary>> {
  const query = new URLSearchParams({ when: 'upcoming', communityId: String(communityId), pageSize: String(pageSize) });
  return apiFetch<EventPage<CommunityEventSummary>>(`api/events?${query.toString()}`);
}
