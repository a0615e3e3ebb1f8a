import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { eventKeys } from './query-keys';
import { segment } from './read-init';

/** The fields of GET api/events/{id} (API `EventDetail`, api/src/http/schemas.ts) the site shows outside the events area. */
export interface EventDetail {
  id: number;
  title: string;
  /** ISO date-time */
  startsAt: string;
  /** ISO date-time */
  endsAt: string;
  communityId: number;
  communityName: string;
  cancelled: boolean;
  format: 'online' | 'inPerson' | 'hybrid';
}

/** GET api/events/{id}: one event. */
export function getEvent(id: number | string): Promise<EventDetail> {
  return apiFetch<EventDetail>(`api/events/${segment(id)}`);
}

export const eventQueryOptions = (id: number | string) =>
  queryOptions({ queryKey: eventKeys.detail(id), queryFn: () => getEvent(id) });

/** Several events, each its own query: one that fails leaves the others (My {product} lists them all). */
export function useEvents(ids: readonly number[]) {
  return useQueries({ queries: ids.map((id) => eventQueryOptions(id)) });
}
