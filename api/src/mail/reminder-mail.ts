/**
 * The reminder a day or an hour before an event: when and where, with the join link for a person
 * attending online only, and the chosen place's address for the others.
 */
import type { OutgoingMail } from './mailer.ts';
import { eventTimeInItsZone } from './waiting-list-mail.ts';

export interface ReminderMailInput {
  to: string;
  firstName: string;
  kind: 'day' | 'hour';
  event: { id: number; title: string; startsAt: Date; endsAt: Date; timeZone: string; communityName: string };
  /** The place the person chose; null when the event has none. */
  location: { cityName: string; address: string | null; online: boolean; joinUrl: string | null } | null;
  siteUrl: string;
}

function whereLines(location: ReminderMailInput['location']): string[] {
  if (!location) return [];
  if (location.online)
    return location.joinUrl
      ? ['Where: online', `Join: ${location.joinUrl}`]
      : ['Where: online (the join link will be on the event page)'];
  return [`Where: ${[location.cityName, location.address].filter(Boolean).join(', ')}`];
}

export function reminderMail(input: ReminderMailInput): OutgoingMail {
  const link = new URL(`/events/${input.event.id}`, `${input.siteUrl}/`).toString();
  const when = input.kind === 'day' ? 'tomorrow' : 'in an hour';
  const greeting = input.firstName.trim() ? `Hi ${input.firstName.trim()},` : 'Hi,';
  const lines = [
    greeting,
    '',
    `A reminder: "${input.event.title}" starts ${when}.`,
    '',
    `When:  ${eventTimeInItsZone(input.event.startsAt, input.event.endsAt, input.event.timeZone)}`,
    ...whereLines(input.location),
    `Host:  ${input.event.communityName}`,
    '',
    'The event page, if your plans changed (please withdraw so someone waiting gets your seat):',
    link,
    '',
    'You get this reminder because you are attending this event.',
    'Community Hub',
  ];
  return {
    to: input.to,
    subject: `${input.kind === 'day' ? 'Tomorrow' : 'In an hour'}: ${input.event.title}`,
    text: `${lines.join('\n')}\n`,
  };
}
