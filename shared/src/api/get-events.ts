import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { firstReadData } from '../http/first-reads';
import { apiPaths, fillApiPath } from './api-paths';
import type { EventPage } from '@hub/contract/events';
import { eventKeys, type EventListFilters } from './query-keys';
import { readInit, type ReadOptions } from './read-init';

/** The page size of the events list when none is asked for (the contract's default). */
export const eventsPageSize = 20;

/**
 * The filters in one spelling: empty text and undefined values dropped, the search trimmed, and
 * the API's defaults (upcoming, page 1, 20 a page) left out. Two filter sets that ask the API the
 * same thing therefore share one key, one cache entry and one request.
 */
export function normaliseEventFilters(filters: EventListFilters): EventListFilters {
  const q = filters.q?.trim();
  const normal: EventListFilters = {};
  if (filters.when && filters.when !== 'upcoming') normal.when = filters.when;
  if (filters.communityId !== undefined) normal.communityId = filters.communityId;
  if (filters.countryId !== undefined) normal.countryId = filters.countryId;
  if (filters.format !== undefined) normal.format = filters.format;
  if (q) normal.q = q;
  if (filters.page !== undefined && filters.page !== 1) normal.page = filters.page;
  if (filters.pageSize !== undefined && filters.pageSize !== eventsPageSize) normal.pageSize = filters.pageSize;
  return normal;
}

/** `when=…&communityId=…`, in a fixed order, only what differs from the API's defaults. */
export function eventsQueryString(filters: EventListFilters): string {
  const normal = normaliseEventFilters(filters);
  const query = new URLSearchParams();
  for (const name of ['when', 'communityId', 'countryId', 'format', 'q', 'page', 'pageSize'] as const) {
    const value = normal[name];
    if (value !== undefined) query.set(name, String(value));
  }
  return query.toString();
}

/** GET api/events: one page of events, filtered (upcoming soonest first, past latest first). */
export function getEvents(filters: EventListFilters, options?: ReadOptions): Promise<EventPage> {
  return apiFetch<EventPage>(eventsPath(filters), readInit(options));
}

/** The API path of one page of events (`api/events?pageSize=6`). */
function eventsPath(filters: EventListFilters): string {
  const query = eventsQueryString(filters);
  return query ? fillApiPath(apiPaths.eventList, { search: query }) : 'api/events';
}

/** Kept per filter set like SPEC §7's GETs (10 minutes); any attendance or edit marks them stale. */
export const eventsQueryOptions = (filters: EventListFilters, options?: ReadOptions) => {
  const normal = normaliseEventFilters(filters);
  return queryOptions({
    queryKey: eventKeys.list(normal),
    queryFn: () => getEvents(normal, options),
    // A page drawn with this list (the home's events widget) came with its answer: drawn at once.
    initialData: firstReadData<EventPage>(eventsPath(normal)),
  });
};

/**
 * One page of the events list. While the next page or another filter loads, the previous answer
 * stays on screen (`isPlaceholderData`), so paging does not flash a skeleton.
 */
export function useEventList(filters: EventListFilters) {
  return useQuery({ ...eventsQueryOptions(filters), placeholderData: keepPreviousData });
}
