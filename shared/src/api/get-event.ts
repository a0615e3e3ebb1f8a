import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { eventKeys } from './query-keys';
import type { EventDetail } from '@hub/contract/events';
import { segment } from './read-init';

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
