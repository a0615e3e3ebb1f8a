import { queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { retryOnMountFor } from '../query/navigation-failures';
import { apiFetch } from '../http/api-fetch';
import { apiPaths, fillApiPath } from './api-paths';
import { eventKeys } from './query-keys';
import type { EventDetail } from '@hub/contract/events';
import { readInit, type ReadOptions } from './read-init';

/** GET api/events/{id}: one event. */
export function getEvent(id: number | string, options?: ReadOptions): Promise<EventDetail> {
  return apiFetch<EventDetail>(fillApiPath(apiPaths.event, { id }), readInit(options));
}

export const eventQueryOptions = (id: number | string, options?: ReadOptions) =>
  queryOptions({ queryKey: eventKeys.detail(id), queryFn: () => getEvent(id, options) });

/**
 * One event (the detail page, the edit form); no request while `id` is null. A failure the
 * navigation's prefetch just met is shown, not asked again (query/navigation-failures.ts).
 */
export function useEvent(id: number | string | null) {
  const options = eventQueryOptions(id ?? '');
  const retryOnMount = retryOnMountFor(useQueryClient(), options.queryKey);
  return useQuery({ ...options, enabled: id !== null, retryOnMount });
}

/** Several events, each its own query: one that fails leaves the others (My {product} lists them all). */
export function useEvents(ids: readonly number[]) {
  return useQueries({ queries: ids.map((id) => eventQueryOptions(id)) });
}
