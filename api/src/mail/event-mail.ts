/**
 * The event mails with a calendar part, one function per mail: the change and cancellation (to every
 * attendee and waiting person), and the attendance confirmation and withdrawal (to one person). Each
 * words the event's time in its own zone (eventTimeInItsZone) and carries an iTIP part with the
 * event's UID and SEQUENCE (services/ics.ts), so the recipient's calendar adds, updates or removes
 * its one copy. The words come from the templates (templates/), HTML and text alike.
 */
import type { ApiConfig } from '../config.ts';
import type { EventChange } from '../services/event-changes.ts';
import {
  eventPageUrl,
  invitationCalendarText,
  placesText,
  type CalendarEvent,
  type CalendarSite,
} from '../services/ics.ts';
import type { OutgoingMail } from './mailer.ts';
import { attendanceConfirmationMail } from './templates/attendance-confirmation.tsx';
import { placeLine, type AttendeePlace } from './templates/attendee-place.ts';
import { eventCancellationMail } from './templates/event-cancellation.tsx';
import { eventChangeMail as eventChangeTemplate } from './templates/event-change.tsx';
import type { MailEvent } from './templates/mail-inputs.ts';
import type { RenderedMail } from './templates/render-mail.ts';
import { withdrawalMail } from './templates/withdrawal.tsx';
import { eventTimeInItsZone } from './waiting-list-mail.ts';

export interface EventMailRecipient {
  email: string;
  firstName: string;
  lastName: string;
  status: 'attending' | 'waiting';
}

type EventMailConfig = Pick<ApiConfig, 'siteUrl' | 'mailFrom'>;

/** The event's time in its own zone, worded as every event mail words it. */
export function eventTimeText(event: { startsAt: Date; endsAt: Date; timeZone: string }): string {
  return eventTimeInItsZone(event.startsAt, event.endsAt, event.timeZone);
}

/** The site's sender as ORGANIZER of the calendar part: "Community Hub <no-reply@hub.test>". */
export function organizerOf(mailFrom: string): { name: string; email: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailFrom);
  if (match) return { name: match[1]!.trim() || match[2]!.trim(), email: match[2]!.trim() };
  return { name: mailFrom.trim(), email: mailFrom.trim() };
}

/** The event as the templates tell of it. */
export function mailEventOf(event: CalendarEvent, site: CalendarSite): MailEvent {
  return {
    title: event.title,
    communityName: event.communityName,
    when: eventTimeText(event),
    where: placesText(event.locations) || null,
    pageUrl: eventPageUrl(event.id, site),
  };
}

function whyOf(recipient: EventMailRecipient): string {
  return recipient.status === 'waiting'
    ? 'You receive this e-mail because you are on the waiting list of this event.'
    : 'You receive this e-mail because you attend this event.';
}

/** The calendar part for one recipient, as an OutgoingMail's `calendar`. */
function calendarFor(
  event: CalendarEvent,
  recipient: EventMailRecipient,
  config: EventMailConfig,
  now: Date,
  opts: { withdrawn?: boolean; location?: string } = {},
): NonNullable<OutgoingMail['calendar']> {
  const invitation = invitationCalendarText(
    event,
    { siteUrl: config.siteUrl },
    {
      organizer: organizerOf(config.mailFrom),
      attendee: {
        name: [recipient.firstName, recipient.lastName].filter(Boolean).join(' ') || recipient.email,
        email: recipient.email,
        waiting: recipient.status === 'waiting',
      },
      stamp: now,
      ...opts,
    },
  );
  return { method: invitation.method, filename: `event-${event.id}.ics`, content: invitation.text };
}

const toMail = (to: string, rendered: RenderedMail, calendar: OutgoingMail['calendar']): OutgoingMail => ({
  to,
  ...rendered,
  calendar,
});

/**
 * The mail telling an attendee (or someone waiting) that the event's time or place changed, or that
 * it is cancelled, with the updated calendar part (METHOD:REQUEST or CANCEL, the event's SEQUENCE),
 * so their calendar updates the copy it holds.
 */
export async function eventChangeMail(
  event: CalendarEvent,
  change: EventChange,
  recipient: EventMailRecipient,
  config: EventMailConfig,
  now: Date = new Date(),
): Promise<OutgoingMail> {
  const site = { siteUrl: config.siteUrl };
  const mailEvent = mailEventOf(event, site);
  const rendered =
    change.kind === 'cancelled'
      ? await eventCancellationMail({
          firstName: recipient.firstName,
          event: mailEvent,
          note: change.note || null,
          why: whyOf(recipient),
        })
      : await eventChangeTemplate({
          firstName: recipient.firstName,
          event: mailEvent,
          timeWas: change.time ? eventTimeText(change.before) : null,
          placeWas: change.place ? placesText(change.before.locations) || 'to be announced' : null,
          why: whyOf(recipient),
        });
  return toMail(recipient.email, rendered, calendarFor(event, recipient, config, now));
}

/**
 * On attending: the confirmation with METHOD:REQUEST, its LOCATION the person's own place (their
 * office's address, or "Online — …": the join link comes with the reminder).
 */
export async function attendanceConfirmationMailFor(
  event: CalendarEvent,
  recipient: EventMailRecipient,
  place: AttendeePlace,
  config: EventMailConfig,
  now: Date = new Date(),
): Promise<OutgoingMail> {
  const rendered = await attendanceConfirmationMail({
    firstName: recipient.firstName,
    event: mailEventOf(event, { siteUrl: config.siteUrl }),
    place,
  });
  return toMail(recipient.email, rendered, attendeeInvitation(event, recipient, place, config, now));
}

/**
 * The REQUEST part for one person now attending (the promotion mail's, like the confirmation's):
 * the event's UID and SEQUENCE, LOCATION their own place.
 */
export function attendeeInvitation(
  event: CalendarEvent,
  recipient: EventMailRecipient,
  place: AttendeePlace,
  config: EventMailConfig,
  now: Date = new Date(),
): NonNullable<OutgoingMail['calendar']> {
  return calendarFor(event, recipient, config, now, { location: placeLine(place) ?? undefined });
}

/** On withdrawing: the confirmation with METHOD:CANCEL for this person, removing the event from their calendar. */
export async function withdrawalMailFor(
  event: CalendarEvent,
  recipient: EventMailRecipient,
  config: EventMailConfig,
  now: Date = new Date(),
): Promise<OutgoingMail> {
  const rendered = await withdrawalMail({
    firstName: recipient.firstName,
    event: mailEventOf(event, { siteUrl: config.siteUrl }),
    wasWaiting: recipient.status === 'waiting',
  });
  return toMail(recipient.email, rendered, calendarFor(event, recipient, config, now, { withdrawn: true }));
}
