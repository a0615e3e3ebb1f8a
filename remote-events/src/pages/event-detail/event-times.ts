/**
 * An event's start and end as a range in the event's own time zone, and, when the viewer's zone
 * shows another clock time, in the viewer's too (issue 11: "start and end with the time zone").
 * Locale en-GB (SPEC §9).
 */
export interface EventTimes {
  inEventZone: string;
  /** null when the viewer's zone shows the same times (or the same zone). */
  inViewerZone: string | null;
  eventZone: string;
  viewerZone: string;
}

const options: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};

function range(start: Date, end: Date, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
  return format.formatRange(start, end);
}

export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function eventTimes(
  startsAt: string,
  endsAt: string,
  eventZone: string,
  viewerZone = viewerTimeZone(),
): EventTimes {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  let zone = eventZone;
  let inEventZone: string;
  try {
    inEventZone = range(start, end, eventZone);
  } catch {
    // An unknown zone name (never from the API, which validates it): the viewer's clock, named.
    zone = viewerZone;
    inEventZone = range(start, end, viewerZone);
  }
  const inViewer = range(start, end, viewerZone);
  // The same clock times with the same zone abbreviation: saying it twice helps nobody.
  return { inEventZone, inViewerZone: inViewer === inEventZone ? null : inViewer, eventZone: zone, viewerZone };
}
