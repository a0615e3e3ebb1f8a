/**
 * Wall-clock times in an IANA time zone ↔ instants, for the event form: organisers type the time
 * printed on the invitation ("18:00 in Amsterdam"), the API stores the instant. Built on the
 * browser's own time-zone database (Intl), so daylight saving time follows the same rules the
 * event page uses to show the time again.
 *
 * DST: a wall time that does not exist (the hour skipped when clocks go forward) is refused, since
 * no instant is written that way on any clock there; a wall time that happens twice (the hour
 * repeated when clocks go back) is the first one, as Temporal's 'compatible' disambiguation and
 * calendar apps do. (`@date-fns/tz`'s TZDate was tried: for a repeated hour its answer depends on
 * the zone of the machine running it, so two organisers could save different instants.)
 */

export interface WallTime {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:mm', 24-hour */
  time: string;
}

export type ZonedResult =
  | { kind: 'ok'; instant: Date; offsetMinutes: number; repeated: boolean }
  /** The wall time is skipped in that zone (clocks go forward); `next` is the first valid time after it. */
  | { kind: 'skipped'; next: Date }
  | { kind: 'invalid' };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall clock at `instant`, as milliseconds of a UTC date with the same fields. */
function wallMillis(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const year = Number(parts['year']);
  return Date.UTC(
    year,
    Number(parts['month']) - 1,
    Number(parts['day']),
    Number(parts['hour']),
    Number(parts['minute']),
    Number(parts['second']),
  );
}

/** The zone's offset from UTC at `instant`, in minutes (Amsterdam in summer: 120). */
export function offsetMinutesAt(instant: Date, timeZone: string): number {
  const ms = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((wallMillis(ms, timeZone) - ms) / 60_000);
}

export function isTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The UTC milliseconds of a wall time read as if it were UTC, or null when it is not a real date and time. */
function wallAsUtc({ date, time }: WallTime): number | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute);
  const back = new Date(ms);
  // 31 February is not a date (Date.UTC would roll it over into March).
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms;
}

/** The instant a wall time in `timeZone` names (see the DST rules above). */
export function toInstant(wall: WallTime, timeZone: string): ZonedResult {
  const local = wallAsUtc(wall);
  if (local === null || !isTimeZone(timeZone)) return { kind: 'invalid' };
  // A zone's offset changes at most once around any one wall time: the offsets a day before and
  // a day after give every candidate instant; those that show this wall time on the clock are it.
  const offsets = [...new Set([local - DAY, local + DAY].map((probe) => wallMillis(probe, timeZone) - probe))];
  const matches = offsets
    .map((offset) => local - offset)
    .filter((instant) => wallMillis(instant, timeZone) === local)
    .sort((a, b) => a - b);
  const first = matches[0];
  if (first !== undefined) {
    return {
      kind: 'ok',
      instant: new Date(first),
      offsetMinutes: offsetMinutesAt(new Date(first), timeZone),
      repeated: matches.length > 1,
    };
  }
  // Skipped: read with the offset before the change, the instant lands after the gap on the clock.
  const before = wallMillis(local - DAY, timeZone) - (local - DAY);
  return { kind: 'skipped', next: new Date(local - before) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall time `instant` shows on the clocks of `timeZone` (the edit form's starting values). */
export function toWallTime(instant: Date | string, timeZone: string): WallTime {
  const ms = wallMillis(new Date(instant).getTime(), timeZone);
  const d = new Date(ms);
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
  };
}

/** "UTC+02:00", "UTC−03:30", "UTC" */
export function formatOffset(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const sign = offsetMinutes > 0 ? '+' : '\u2212';
  const abs = Math.abs(offsetMinutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** "Sun, 31 Mar 2030, 18:00 CEST" in the given zone (en-GB, SPEC §9). */
export function formatInZone(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(instant);
}

/** The viewer's own zone, the form's default ('UTC' when the browser cannot say). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every IANA zone the browser knows, for the zone picker (the viewer's and UTC always among them). */
export function knownTimeZones(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...listed, 'UTC', viewerTimeZone()])].sort((a, b) => a.localeCompare(b));
}
