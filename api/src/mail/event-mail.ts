/**
 * The change and cancellation e-mails of events: the greeting, the event's time in its own zone
 * (worded by waiting-list-mail.ts's eventTimeInItsZone, so every event mail says it alike), its
 * places, its page and the calendar part that updates the recipient's calendar.
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
import { eventTimeInItsZone } from './waiting-list-mail.ts';

export interface EventMailRecipient {
  email: string;
  firstName: string;
  lastName: string;
  status: 'attending' | 'waiting';
}

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

/** The pieces every event mail shares. */
export function eventMailParts(event: CalendarEvent, recipient: EventMailRecipient, site: CalendarSite) {
  const name = recipient.firstName.trim();
  return {
    greeting: name ? `Hello ${name},` : 'Hello,',
    when: eventTimeText(event),
    where: placesText(event.locations) || 'To be announced',
    page: eventPageUrl(event.id, site),
    why:
      recipient.status === 'waiting'
        ? 'You receive this e-mail because you are on the waiting list of this event.'
        : 'You receive this e-mail because you attend this event.',
  };
}

/**
 * The mail telling an attendee (or someone waiting) that the event's time or place changed, or that
 * it is cancelled, with the updated calendar part (METHOD:REQUEST or CANCEL, the event's SEQUENCE),
 * so their calendar updates the copy it holds.
 */
export function eventChangeMail(
  event: CalendarEvent,
  change: EventChange,
  recipient: EventMailRecipient,
  config: Pick<ApiConfig, 'siteUrl' | 'mailFrom'>,
  now: Date = new Date(),
): OutgoingMail {
  const site = { siteUrl: config.siteUrl };
  const parts = eventMailParts(event, recipient, site);
  const lines: string[] = [parts.greeting, ''];
  let subject: string;
  if (change.kind === 'cancelled') {
    subject = `Cancelled: ${event.title}`;
    lines.push(
      `The event "${event.title}" of ${event.communityName} has been cancelled.`,
      '',
      ...(change.note ? ["The organisers' note:", change.note, ''] : []),
      `It was planned for: ${parts.when}`,
      `Where: ${parts.where}`,
      '',
      'The attached calendar file removes it from your calendar.',
    );
  } else {
    const what = change.time && change.place ? 'time and place' : change.time ? 'time' : 'place';
    subject = `Changed ${what}: ${event.title}`;
    lines.push(`The ${what} of the event "${event.title}" of ${event.communityName} changed.`, '');
    lines.push(`When: ${parts.when}`);
    if (change.time) lines.push(`      (was ${eventTimeText(change.before)})`);
    lines.push(`Where: ${parts.where}`);
    if (change.place) lines.push(`       (was ${placesText(change.before.locations) || 'to be announced'})`);
    lines.push('', 'The attached calendar file updates the event in your calendar.');
  }
  lines.push('', `Event page: ${parts.page}`, '', parts.why, '');
  const invitation = invitationCalendarText(event, site, {
    organizer: organizerOf(config.mailFrom),
    attendee: {
      name: [recipient.firstName, recipient.lastName].filter(Boolean).join(' ') || recipient.email,
      email: recipient.email,
      waiting: recipient.status === 'waiting',
    },
    stamp: now,
  });
  return {
    to: recipient.email,
    subject,
    text: lines.join('\n'),
    calendar: { method: invitation.method, filename: `event-${event.id}.ics`, content: invitation.text },
  };
}
