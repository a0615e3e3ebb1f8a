import type { ManagedAttendee } from '@hub/shared';

/**
 * What the door list shows of the attendees and how it narrows them, kept apart from rendering so
 * that the grid, the phone list and the CSV agree, and so that it is tested without a DOM. The
 * filters live in the address (`?event=7&q=ada&location=Utrecht&status=waiting`), so a reload or
 * Back shows the same list.
 */

export const statusFilters = ['all', 'attending', 'waiting', 'checked-in', 'not-checked-in'] as const;
export type StatusFilter = (typeof statusFilters)[number];

export const statusFilterLabels: Record<StatusFilter, string> = {
  all: 'All statuses',
  attending: 'Attending',
  waiting: 'Waiting list',
  'checked-in': 'Checked in',
  'not-checked-in': 'Not checked in',
};

export const statusLabels: Record<ManagedAttendee['status'], string> = {
  attending: 'Attending',
  waiting: 'Waiting list',
};

/** The location filter's "everywhere" value. */
export const allLocations = '';

export interface AttendeeFilters {
  /** Part of a name (first, last or both), any case. */
  q: string;
  /** A location label (see locationOf), or allLocations. */
  location: string;
  status: StatusFilter;
}

export function filtersFrom(params: URLSearchParams): AttendeeFilters {
  const status = params.get('status');
  return {
    q: params.get('q') ?? '',
    location: params.get('location') ?? allLocations,
    status: statusFilters.find((s) => s === status) ?? 'all',
  };
}

/** The attendee's full name as shown and exported; someone who gave none is shown by their e-mail, or as unnamed. */
export function nameOf(a: Pick<ManagedAttendee, 'firstName' | 'lastName'> & { email?: string | null }): string {
  return `${a.firstName} ${a.lastName}`.trim() || a.email || 'Unnamed attendee';
}

/** Where they will be: "Online" for the online location (or an event without any), else the city. */
export function locationOf(a: Pick<ManagedAttendee, 'online' | 'cityName'>): string {
  return a.online || !a.cityName ? 'Online' : a.cityName;
}

/**
 * An address is only given to core members of the community and admins (the API decides); the
 * screen treats a missing or empty one as "not shown" rather than trusting it to be there.
 */
export function emailOf(a: { email?: string | null }): string | null {
  return a.email ? a.email : null;
}

/** The locations the filter offers: those of the attendees, alphabetical, Online last. */
export function locationOptions(attendees: readonly ManagedAttendee[]): string[] {
  const labels = [...new Set(attendees.map(locationOf))];
  return labels.sort((a, b) => Number(a === 'Online') - Number(b === 'Online') || a.localeCompare(b, 'en-GB'));
}

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('en-GB')
    .trim();

export function matches(a: ManagedAttendee, { q, location, status }: AttendeeFilters): boolean {
  const query = normalise(q);
  if (query && !normalise(`${a.firstName} ${a.lastName}`).includes(query)) return false;
  if (location !== allLocations && locationOf(a) !== location) return false;
  switch (status) {
    case 'all':
      return true;
    case 'attending':
    case 'waiting':
      return a.status === status;
    case 'checked-in':
      return a.checkedInAt !== null;
    case 'not-checked-in':
      return a.checkedInAt === null;
  }
}

export function isFiltered({ q, location, status }: AttendeeFilters): boolean {
  return q.trim() !== '' || location !== allLocations || status !== 'all';
}

/** Sortable columns and how each compares (the grid sorts with these; ties keep registration order). */
export const attendeeColumns = ['name', 'email', 'location', 'status', 'registeredAt', 'checkedInAt'] as const;
export type AttendeeColumn = (typeof attendeeColumns)[number];

const byText = (a: string, b: string) => a.localeCompare(b, 'en-GB', { sensitivity: 'base' });
/** Not yet checked in sorts after any time, ascending. */
const byTime = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : Date.parse(a) - Date.parse(b);

export const compareBy: Record<AttendeeColumn, (a: ManagedAttendee, b: ManagedAttendee) => number> = {
  name: (a, b) => byText(nameOf(a), nameOf(b)),
  email: (a, b) => byText(emailOf(a) ?? '', emailOf(b) ?? ''),
  location: (a, b) => byText(locationOf(a), locationOf(b)),
  status: (a, b) => byText(a.status, b.status),
  registeredAt: (a, b) => byTime(a.registeredAt, b.registeredAt),
  checkedInAt: (a, b) => byTime(a.checkedInAt, b.checkedInAt),
};

export interface SortChoice {
  column: AttendeeColumn;
  direction: 'ascending' | 'descending';
}

/** `?sort=name` or `?sort=-registeredAt` (descending); none: the API's order (registration, waiting list last). */
export function sortFrom(params: URLSearchParams): SortChoice | null {
  const value = params.get('sort') ?? '';
  const descending = value.startsWith('-');
  const column = attendeeColumns.find((c) => c === (descending ? value.slice(1) : value));
  return column ? { column, direction: descending ? 'descending' : 'ascending' } : null;
}

export function sortParam(sort: SortChoice): string {
  return `${sort.direction === 'descending' ? '-' : ''}${sort.column}`;
}

export function sorted(attendees: readonly ManagedAttendee[], sort: SortChoice | null): ManagedAttendee[] {
  if (!sort) return [...attendees];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  // Array.prototype.sort is stable: equal rows keep the API's registration order.
  return [...attendees].sort((a, b) => sign * compareBy[sort.column](a, b));
}
