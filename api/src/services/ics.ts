/**
 * iCalendar (RFC 5545) text of events: one event's `.ics`, a user's or a community's feed, and the
 * invitation updates attached to change mails. Written with ical-generator; the VTIMEZONE blocks come
 * from @touch4it/ical-timezones (IANA data), so no zone rule is written by hand here.
 *
 * - UID `event-<id>@<site host>`: the same for every copy of an event, whichever way it reached a
 *   calendar (download, feed, mail), so a newer copy replaces the older one.
 * - SEQUENCE: the event's `sequence` column, grown by every change a calendar shows (event-changes.ts).
 * - DTSTART/DTEND carry the event's IANA zone (TZID plus a matching VTIMEZONE), so a calendar shows
 *   the right local time in every season; a zone the data does not know falls back to UTC times.
 */
import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalCalendar,
} from 'ical-generator';

export interface CalendarLocation {
  cityName: string;
  address: string | null;
  online: 'Yes' | 'No';
}

/** What a calendar shows of one event. */
export interface CalendarEvent {
  id: number;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  /** IANA zone the event is held in. */
  timeZone: string;
  sequence: number;
  cancelled: boolean;
  createdAt: Date;
  updatedAt: Date;
  communityName: string;
  locations: CalendarLocation[];
}

/** Where the site is: event pages link there, and its host name makes UIDs unique to this site. */
export interface CalendarSite {
  siteUrl: string;
}

const PRODUCT_ID = { company: 'Community Hub', product: 'Events', language: 'EN' };

export function eventUid(eventId: number, site: CalendarSite): string {
  return `event-${eventId}@${new URL(site.siteUrl).hostname || 'hub'}`;
}

export function eventPageUrl(eventId: number, site: CalendarSite): string {
  return `${site.siteUrl}/events/${eventId}`;
}

/** "Papendorpseweg 100, Utrecht / Online": each location in a few words. */
export function placesText(locations: readonly CalendarLocation[]): string {
  return locations
    .map((l) => (l.online === 'Yes' ? 'Online' : [l.address, l.cityName].filter(Boolean).join(', ')))
    .filter(Boolean)
    .join(' / ');
}

/** Zones the VTIMEZONE data knows; UTC needs no VTIMEZONE (times end in Z). */
function calendarZone(timeZone: string): string | null {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return null;
  try {
    return getVtimezoneComponent(timeZone) ? timeZone : null;
  } catch {
    return null;
  }
}

/**
 * A calendar object whose VTIMEZONE blocks are generated for the zones its events use.
 * ical-generator writes a zone's local time only from a zoned date (TZDate): a plain Date would be
 * read in the server process's own zone.
 */
function newCalendar(method: ICalCalendarMethod, name?: string, description?: string): ICalCalendar {
  const calendar = ical({ prodId: PRODUCT_ID, method });
  if (name) calendar.name(name);
  if (description) calendar.description(description);
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  return calendar;
}

interface AddOptions {
  /** DTSTAMP: when this copy was made (mails); feeds and downloads use the event's last change. */
  stamp?: Date;
  organizer?: { name: string; email: string };
  attendee?: { name: string; email: string; status: ICalAttendeeStatus };
  /** LOCATION instead of every place of the event (one attendee's own place). */
  location?: string;
}

function addEvent(calendar: ICalCalendar, event: CalendarEvent, site: CalendarSite, opts: AddOptions = {}): void {
  const zone = calendarZone(event.timeZone);
  const url = eventPageUrl(event.id, site);
  const places = placesText(event.locations);
  const entry = calendar.createEvent({
    id: eventUid(event.id, site),
    sequence: event.sequence,
    start: zone ? new TZDate(event.startsAt, zone) : event.startsAt,
    end: zone ? new TZDate(event.endsAt, zone) : event.endsAt,
    timezone: zone,
    stamp: opts.stamp ?? event.updatedAt,
    created: event.createdAt,
    lastModified: event.updatedAt,
    summary: event.title,
    description: [event.description.trim(), event.communityName, url].filter(Boolean).join('\n\n'),
    location: opts.location ?? (places || null),
    url,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  if (opts.organizer) entry.organizer(opts.organizer);
  if (opts.attendee) {
    entry.createAttendee({
      email: opts.attendee.email,
      name: opts.attendee.name,
      status: opts.attendee.status,
      role: ICalAttendeeRole.REQ,
      rsvp: false,
    });
  }
}

/** One event's `.ics` (Add to calendar): METHOD:PUBLISH, STATUS:CANCELLED once cancelled. */
export function eventCalendarText(event: CalendarEvent, site: CalendarSite): string {
  const calendar = newCalendar(ICalCalendarMethod.PUBLISH);
  addEvent(calendar, event, site);
  return calendar.toString();
}

/**
 * A subscribed feed (a user's or a community's): METHOD:PUBLISH, a name calendars show, and the
 * refresh interval subscribers are asked to keep (REFRESH-INTERVAL and X-PUBLISHED-TTL).
 */
export function feedCalendarText(
  events: readonly CalendarEvent[],
  site: CalendarSite,
  feed: { name: string; description: string; refreshMinutes: number },
): string {
  const calendar = newCalendar(ICalCalendarMethod.PUBLISH, feed.name, feed.description);
  calendar.ttl(feed.refreshMinutes * 60);
  for (const event of events) addEvent(calendar, event, site);
  return calendar.toString();
}

/**
 * The calendar part of a change mail (RFC 5546 iTIP): METHOD:REQUEST for a change, METHOD:CANCEL for
 * a cancellation, with the site as ORGANIZER and the recipient as ATTENDEE, stamped now. Mail
 * programs apply such a part to the copy with the same UID when its SEQUENCE is not lower.
 */
export function invitationCalendarText(
  event: CalendarEvent,
  site: CalendarSite,
  opts: {
    organizer: { name: string; email: string };
    attendee: { name: string; email: string; waiting: boolean };
    stamp: Date;
    /**
     * This person's withdrawal: METHOD:CANCEL for them alone, with the event's SEQUENCE and a newer
     * DTSTAMP (RFC 5546 §2.1.5 orders two messages of one SEQUENCE by DTSTAMP), so attending again
     * later sends a REQUEST that is newer still.
     */
    withdrawn?: boolean;
    /** The person's own place (their office, or online), shown as LOCATION instead of every place. */
    location?: string;
  },
): { method: 'REQUEST' | 'CANCEL'; text: string } {
  const cancel = event.cancelled || opts.withdrawn === true;
  const method = cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = newCalendar(method);
  addEvent(calendar, opts.withdrawn ? { ...event, cancelled: true } : event, site, {
    location: opts.location,
    stamp: opts.stamp,
    organizer: opts.organizer,
    attendee: {
      name: opts.attendee.name,
      email: opts.attendee.email,
      status: opts.attendee.waiting ? ICalAttendeeStatus.TENTATIVE : ICalAttendeeStatus.ACCEPTED,
    },
  });
  return { method: cancel ? 'CANCEL' : 'REQUEST', text: calendar.toString() };
}
