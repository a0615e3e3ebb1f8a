import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import type { EventPage, MyEventsQuery } from '@hub/contract/events';
import { eventKeys } from './query-keys';
import { readInit, type ReadOptions } from './read-init';

/** GET api/user/events: the events the signed-in caller attends or waits for, upcoming or past. */
export function getMyEvents(filters: MyEventsQuery = {}, options?: ReadOptions): Promise<EventPage> {
  const query = new URLSearchParams({ when: filters.when ?? 'upcoming' });
  if (filters.page !== undefined) query.set('page', String(filters.page));
  if (filters.pageSize !== undefined) query.set('pageSize', String(filters.pageSize));
  return apiFetch<EventPage>(`api/user/events?${query.toString()}`, readInit(options));
}

/**
 * Under `eventKeys.all`: afterEventChange marks it stale when the user attends or withdraws, so My
 * {product} and the home widget show the change without a reload. The page reloads at logout, so
 * one user's list is never shown to the next.
 */
export const myEventsQueryOptions = (filters: MyEventsQuery = {}, options?: ReadOptions) => {
  const key: MyEventsQuery = { when: filters.when ?? 'upcoming' };
  if (filters.page !== undefined) key.page = filters.page;
  if (filters.pageSize !== undefined) key.pageSize = filters.pageSize;
  return queryOptions({ queryKey: eventKeys.mine(key), queryFn: () => getMyEvents(key, options) });
};

/**
 * The caller's events; asks nothing while `enabled` is false (nobody signed in). A longer page
 * ("show more") keeps the shorter one on screen while it loads.
 */
export function useMyEvents(filters: MyEventsQuery = {}, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myEventsQueryOptions(filters), enabled, placeholderData: keepPreviousData });
}
