import type { ManagedAttendee } from '@hub/shared';
import { toCsv } from '../../csv/csv';
import { emailOf, locationOf, nameOf, statusLabels } from './attendee-view';

export const attendeeCsvHeader = [
  'Name',
  'E-mail',
  'Location',
  'Status',
  'Registered (UTC)',
  'Checked in (UTC)',
] as const;

/**
 * "2030-03-01 17:05:00": the form spreadsheet programs read as a date and time in every locale
 * (an ISO `T…Z` stays text in Excel); the header names the zone.
 */
export function csvTime(value: string | null): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 19).replace('T', ' ');
}

/** One row per attendee, in the order given; an address the API did not give is an empty cell. */
export function attendeesCsv(attendees: readonly ManagedAttendee[]): string {
  return toCsv(
    attendeeCsvHeader,
    attendees.map((a) => [
      nameOf(a),
      emailOf(a),
      locationOf(a),
      statusLabels[a.status],
      csvTime(a.registeredAt),
      csvTime(a.checkedInAt),
    ]),
  );
}

/** "kubernetes-meetup-2030-03-01-attendees.csv": what it is and which day, safe on every file system. */
export function attendeesCsvFileName(title: string, startsAt: string): string {
  const slug =
    title
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'event';
  const day = startsAt.slice(0, 10);
  return `${slug}${/^\d{4}-\d{2}-\d{2}$/.test(day) ? `-${day}` : ''}-attendees.csv`;
}
