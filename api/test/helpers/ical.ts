/**
 * Reads iCalendar text with a real parser (ical.js), the way a calendar app does: every time is
 * resolved through the VTIMEZONE the file itself carries, so a wrong or missing zone shows up as a
 * wrong instant.
 */
import ICAL from 'ical.js';

export interface ParsedEvent {
  uid: string;
  sequence: number;
  status: string | null;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  /** The instants, in UTC. */
  start: string;
  end: string;
  /** TZID of DTSTART ('UTC' for a time ending in Z). */
  startZone: string;
  dtstamp: string;
  lastModified: string | null;
  organizer: string | null;
  attendees: string[];
}

export interface ParsedCalendar {
  method: string | null;
  name: string | null;
  timezones: string[];
  events: ParsedEvent[];
}

function text(component: ICAL.Component, name: string): string | null {
  const value = component.getFirstPropertyValue(name);
  return value === null || value === undefined ? null : String(value);
}

function instant(component: ICAL.Component, name: string): { iso: string; zone: string } {
  const time = component.getFirstPropertyValue(name) as ICAL.Time | null;
  if (!time) throw new Error(`${name} missing`);
  const zone = time.zone?.tzid ?? 'floating';
  if (zone === 'floating') throw new Error(`${name} has a floating time (no zone the file defines)`);
  return { iso: time.toJSDate().toISOString(), zone };
}

export function parseCalendar(ics: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  if (calendar.name !== 'vcalendar') throw new Error(`not a VCALENDAR: ${calendar.name}`);
  return {
    method: text(calendar, 'method'),
    name: text(calendar, 'x-wr-calname') ?? text(calendar, 'name'),
    timezones: calendar.getAllSubcomponents('vtimezone').map((z) => String(z.getFirstPropertyValue('tzid'))),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const start = instant(vevent, 'dtstart');
      const lastModified = vevent.getFirstPropertyValue('last-modified') as ICAL.Time | null;
      return {
        uid: text(vevent, 'uid') ?? '',
        sequence: Number(vevent.getFirstPropertyValue('sequence') ?? 0),
        status: text(vevent, 'status'),
        summary: text(vevent, 'summary') ?? '',
        description: text(vevent, 'description') ?? '',
        location: text(vevent, 'location'),
        url: text(vevent, 'url'),
        start: start.iso,
        end: instant(vevent, 'dtend').iso,
        startZone: start.zone,
        dtstamp: instant(vevent, 'dtstamp').iso,
        lastModified: lastModified ? lastModified.toJSDate().toISOString() : null,
        // The URI scheme is case-insensitive (RFC 3986): MAILTO: and mailto: are one address.
        organizer: text(vevent, 'organizer')?.replace(/^mailto:/i, 'mailto:') ?? null,
        attendees: vevent
          .getAllProperties('attendee')
          .map((p) => String(p.getFirstValue()).replace(/^mailto:/i, 'mailto:')),
      };
    }),
  };
}
