import type { EventFormat } from '@hub/contract/events';
import type { EventListFilters } from '../api/query-keys';
import { eventsQueryOptions } from '../api/get-events';

/**
 * The events list keeps its whole state in the URL (`?when=past&communityId=3&format=online&q=java&page=2`)
 * so a filtered list can be shared, survives a reload and the back button steps through it.
 * A hand-edited address never breaks the page: values that are not valid are ignored.
 * It lives in `shared` because two read it: the events area's list screen, and the host, which
 * starts the list's request from the address as soon as a navigation to it starts.
 */
export interface EventListParams {
  past: boolean;
  communityId: number | null;
  countryId: number | null;
  format: EventFormat | null;
  q: string;
  page: number;
}

export const eventFormatValues: readonly EventFormat[] = ['online', 'inPerson', 'hybrid'];

/** 12 fills whole rows of the list's 2-, 3- and 4-column grids. */
export const eventListPageSize = 12;

/** The contract's bounds: longer text is cut, ids are PostgreSQL integers, pages go to 100000. */
const maxSearch = 100;
const maxId = 2_147_483_647;
const maxPage = 100_000;

function positive(value: string | null, max: number): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

export function readEventListParams(search: URLSearchParams): EventListParams {
  const format = search.get('format');
  return {
    past: search.get('when') === 'past',
    communityId: positive(search.get('communityId'), maxId),
    countryId: positive(search.get('countryId'), maxId),
    format: eventFormatValues.includes(format as EventFormat) ? (format as EventFormat) : null,
    q: (search.get('q') ?? '').slice(0, maxSearch),
    page: positive(search.get('page'), maxPage) ?? 1,
  };
}

/** The URL query of a state: only what differs from the default list, in a fixed order. */
export function writeEventListParams(params: EventListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.past) search.set('when', 'past');
  if (params.communityId !== null) search.set('communityId', String(params.communityId));
  if (params.countryId !== null) search.set('countryId', String(params.countryId));
  if (params.format !== null) search.set('format', params.format);
  const q = params.q.trim();
  if (q !== '') search.set('q', q);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/** The API's filters for a state. */
export function toEventListFilters(params: EventListParams, pageSize: number = eventListPageSize): EventListFilters {
  return {
    when: params.past ? 'past' : 'upcoming',
    ...(params.communityId !== null && { communityId: params.communityId }),
    ...(params.countryId !== null && { countryId: params.countryId }),
    ...(params.format !== null && { format: params.format }),
    ...(params.q.trim() !== '' && { q: params.q.trim() }),
    page: params.page,
    pageSize,
  };
}

/** Whether anything narrows the list (the empty state then offers to clear it). */
export const isEventListFiltered = (p: EventListParams) =>
  p.communityId !== null || p.countryId !== null || p.format !== null || p.q.trim() !== '';

/** The list's request for an address's query string: what the screen will ask for, started early. */
export const eventListQueryOptionsFor = (search: URLSearchParams) =>
  eventsQueryOptions(toEventListFilters(readEventListParams(search)));
