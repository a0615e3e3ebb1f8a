/**
 * SPEC §9: the locale is en-GB. Dates and times are shown one way everywhere, and a time always
 * names its time zone, because staff in several countries read the same event.
 */
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

function parse(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Fri, 1 Mar 2030, 18:00 CET"; an unreadable value is shown as given rather than as "Invalid Date". */
export function formatDateTime(value: string | Date): string {
  const date = parse(value);
  return date ? dateTimeFormat.format(date) : String(value);
}

/** "Fri, 1 Mar 2030" */
export function formatDate(value: string | Date): string {
  const date = parse(value);
  return date ? dateFormat.format(date) : String(value);
}

const shortDateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "1 Mar, 18:00 CET": for dense tables (a registration, a check-in), still naming the zone. */
export function formatShortDateTime(value: string | Date): string {
  const date = parse(value);
  return date ? shortDateTimeFormat.format(date) : String(value);
}
