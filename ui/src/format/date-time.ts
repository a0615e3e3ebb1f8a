/**
 * SPEC §9: the locale is en-GB. Dates and times are shown one way everywhere, and a time always
 * names its time zone, because staff in several countries read the same event.
 */
import { runInNextTask } from '../scheduling/next-task';

/**
 * Each formatter is built when first used, not when the module loads: building one costs tens of
 * milliseconds on a phone, and a screen that imports this module may need only one of them, or
 * only later (issue 14: the module was evaluated on the critical path of the events list).
 */
function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat('en-GB', options));
}

const dateTimeOptions: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};

const dateTimeFormat = lazyFormat(dateTimeOptions);

const dateFormat = lazyFormat({
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
  return date ? withZoneName(dateTimeFormat().formatToParts(date), undefined, date) : String(value);
}

/** "Fri, 1 Mar 2030" */
export function formatDate(value: string | Date): string {
  const date = parse(value);
  return date ? dateFormat().format(date) : String(value);
}

/*
 * Events are held in a time zone of their own (an IANA name) and read by people in others: an
 * event's time is shown in its own zone and, when the viewer's clock differs at that moment, in
 * the viewer's as well.
 */

/**
 * One formatter per zone, built when the zone is first asked for (building one is costly, and a
 * list shows many cards in few zones). When `build` throws (an unknown zone), nothing is kept and
 * the caller gets the error.
 */
function perZone(build: (timeZone: string) => Intl.DateTimeFormat): (timeZone: string) => Intl.DateTimeFormat {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = formats.get(timeZone);
    if (!format) {
      format = build(timeZone);
      formats.set(timeZone, format);
    }
    return format;
  };
}

const zonedFormat = perZone((timeZone) => {
  try {
    return new Intl.DateTimeFormat('en-GB', { ...dateTimeOptions, timeZone });
  } catch {
    // An unknown zone name (an old browser's tz data): the viewer's clock, still with its zone named.
    return dateTimeFormat();
  }
});

// Each card of a list asks twice (its zone, the viewer's); an unknown zone throws, read as null below.
const offsetFormat = perZone((timeZone) => new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' }));

/*
 * en-GB's short zone names are letters only for the zones it has an abbreviation for (CET, BST,
 * GMT, UTC); elsewhere it writes an offset, "GMT+5:30", which tells nobody in India that it is their
 * own time. Where the short name is such an offset, the zone's long name ("India Standard Time",
 * "Eastern Standard Time") takes its place when the browser has one (issue 23); a zone it has no
 * name for keeps the offset. The long-name formatter is built only for such zones.
 */
const longZoneFormat = perZone((timeZone) => new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'long' }));

/** "GMT+5:30", "GMT-5", "UTC+1": a zone written as its offset. */
const offsetName = /^(?:GMT|UTC)[+\-\u2212]\d/;

/** The long name of `timeZone` (the viewer's when undefined) at `at`, unless that too is only an offset. */
function longZoneName(timeZone: string | undefined, at: Date): string | null {
  try {
    const name = longZoneFormat(timeZone ?? viewerTimeZone())
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    return name && !offsetName.test(name) ? name : null;
  } catch {
    return null;
  }
}

/** Joins formatted parts, naming the zone where en-GB wrote an offset; a range's end part is named at its own moment. */
function withZoneName(
  parts: readonly (Intl.DateTimeFormatPart & { source?: string })[],
  timeZone: string | undefined,
  start: Date,
  end: Date = start,
): string {
  return parts
    .map((part) =>
      part.type === 'timeZoneName' && offsetName.test(part.value)
        ? (longZoneName(timeZone, part.source === 'endRange' ? end : start) ?? part.value)
        : part.value,
    )
    .join('');
}

let viewerZone: string | undefined;

/**
 * The zone this browser shows times in ('Europe/Amsterdam'), read once per page: creating an
 * `Intl.DateTimeFormat` costs about a millisecond on a phone, and a list of event cards asked for
 * it once per card. A device moved to another zone shows it from the next page load.
 */
export function viewerTimeZone(): string {
  viewerZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return viewerZone;
}

/*
 * The first `Intl.DateTimeFormat` of a page loads the engine's locale and time zone data: 12–16 ms
 * of main-thread time here (×4 on Lighthouse's phone CPU), paid by whichever render first shows a
 * time. Since the formatters became lazy that was the render of the first event card, inside the
 * same uninterrupted task as the cards: on the home page one 27 ms task instead of two short ones
 * (issue 14, Total Blocking Time). A browser that loads this module is about to show a time: the
 * viewer's zone and its formatter are read in a task of their own as soon as the loading code
 * yields. A message rather than a timer: React's scheduler posts its render tasks as messages too,
 * so this one, posted while the screen's module is evaluated, runs before the render it would
 * otherwise slow down (a zero timer came after it). Never in Node (the prerender); harmless when a
 * render gets there first (the zone is read once either way).
 */
function warmUpFormatters(): void {
  zonedFormat(viewerTimeZone());
}
if (typeof window !== 'undefined' && typeof MessageChannel === 'function') runInNextTask(warmUpFormatters);

/** "Fri, 1 Mar 2030, 18:00 CET" as the clock reads in `timeZone`. */
export function formatDateTimeIn(value: string | Date, timeZone: string): string {
  const date = parse(value);
  return date ? withZoneName(zonedFormat(timeZone).formatToParts(date), timeZone, date) : String(value);
}

/**
 * "Fri, 1 Mar 2030, 18:00–20:00 CET" (one day), or "Fri, 1 Mar 2030, 18:00 CET – Sat, 2 Mar
 * 2030, 20:00 CET" (several days), as the clock reads in `timeZone`.
 */
export function formatTimeRangeIn(start: string | Date, end: string | Date, timeZone: string): string {
  const from = parse(start);
  const to = parse(end);
  if (!from) return String(start);
  if (!to || to.getTime() < from.getTime()) return formatDateTimeIn(from, timeZone);
  return withZoneName(zonedFormat(timeZone).formatRangeToParts(from, to), timeZone, from, to);
}

/** The UTC offset of `timeZone` at `at`, in minutes ('GMT+05:30' → 330); null for an unknown zone. */
export function zoneOffsetMinutes(timeZone: string, at: Date): number | null {
  try {
    const name = offsetFormat(timeZone)
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name ?? '');
    if (!match) return null;
    const [, sign, hours = '0', minutes = '0'] = match;
    return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
  } catch {
    return null;
  }
}

/** An event's time, in its own zone and, when the viewer's clock reads differently then, in the viewer's. */
export interface EventTimes {
  /** The time in the event's zone. */
  local: string;
  /** The time in the viewer's zone; null when the viewer's clock reads the same as the event's. */
  viewer: string | null;
}

/**
 * Two zones "differ" when their clocks read differently at the event's start: Paris and
 * Amsterdam show the same time, so a viewer in Paris sees one line for an Amsterdam event.
 */
export function eventTimes(
  start: string,
  end: string,
  eventZone: string,
  viewerZone: string = viewerTimeZone(),
): EventTimes {
  const local = formatTimeRangeIn(start, end, eventZone);
  const at = parse(start);
  if (!at || eventZone === viewerZone) return { local, viewer: null };
  const a = zoneOffsetMinutes(eventZone, at);
  const b = zoneOffsetMinutes(viewerZone, at);
  if (a === null || b === null || a === b) return { local, viewer: null };
  return { local, viewer: formatTimeRangeIn(start, end, viewerZone) };
}

const shortDateTimeFormat = lazyFormat({
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "1 Mar, 18:00 CET": for dense tables (a registration, a check-in), still naming the zone. */
export function formatShortDateTime(value: string | Date): string {
  const date = parse(value);
  return date ? withZoneName(shortDateTimeFormat().formatToParts(date), undefined, date) : String(value);
}
