import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { eventKeys } from './query-keys';
import type { EventDetail } from '@hub/contract/events';
import { readInit, segment, type ReadOptions } from './read-init';

/** GET api/events/{id}: one event. */
export function getEvent(id: number | string, options?: ReadOptions): Promise<EventDetail> {
  return apiFetch<EventDetail>(`api/events/${segment(id)}`, readInit(options));
}

export const eventQueryOptions = (id: number | string, options?: ReadOptions) =>
  queryOptions({ queryKey: eventKeys.detail(id), queryFn: () => getEvent(id, options) });

/** One event (the detail page, the edit form); no request while `id` is null. */
export function useEvent(id: number | string | null) {
  return useQuery({ ...eventQueryOptions(id ?? ''), enabled: id !== null });
}

/** Several events, each its own query: one that fails leaves the others (My {product} lists them all). */
export function useEvents(ids: readonly number[]) {
  return useQueries({ queries: ids.map((id) => eventQueryOptions(id)) });
}
