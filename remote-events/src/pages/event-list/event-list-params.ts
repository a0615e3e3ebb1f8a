import type { EventFormat, EventListFilters } from '@hub/shared';

/**
 * The events list keeps its whole state in the URL (`?when=past&communityId=3&format=online&q=java&page=2`)
 * so a filtered list can be shared, survives a reload and the back button steps through it.
 * A hand-edited address never breaks the page: values that are not valid are ignored.
 */
export interface EventListParams {
  past: boolean;
  communityId: number | null;
  countryId: number | null;
  format: EventFormat | null;
  q: string;
  page: number;
}

export const formats: readonly { value: EventFormat; label: string }[] = [
  { value: 'online', label: 'Online' },
  { value: 'inPerson', label: 'In person' },
  { value: 'hybrid', label: 'Hybrid' },
];

/** The contract's bounds: longer text is cut, ids are PostgreSQL integers, pages go to 100000. */
const maxSearch = 100;
const maxId = 2_147_483_647;
const maxPage = 100_000;

function positive(value: string | null, max: number): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

export function readParams(search: URLSearchParams): EventListParams {
  const format = search.get('format');
  return {
    past: search.get('when') === 'past',
    communityId: positive(search.get('communityId'), maxId),
    countryId: positive(search.get('countryId'), maxId),
    format: formats.some((f) => f.value === format) ? (format as EventFormat) : null,
    q: (search.get('q') ?? '').slice(0, maxSearch),
    page: positive(search.get('page'), maxPage) ?? 1,
  };
}

/** The URL query of a state: only what differs from the default list, in a fixed order. */
export function writeParams(params: EventListParams): URLSearchParams {
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
export function toFilters(params: EventListParams, pageSize: number): EventListFilters {
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
export const isFiltered = (p: EventListParams) =>
  p.communityId !== null || p.countryId !== null || p.format !== null || p.q.trim() !== '';
