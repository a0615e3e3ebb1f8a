/** The mail a person gets when they move from an event's waiting list to a seat. */
import type { OutgoingMail } from './mailer.ts';

export interface PromotionMailInput {
  to: string;
  firstName: string;
  event: { id: number; title: string; startsAt: Date; endsAt: Date; timeZone: string; communityName: string };
  location: { cityName: string | null; address: string | null; online: boolean | null } | null;
  siteUrl: string;
}

/** "Tuesday 8 December 2026, 16:00 – 18:00 (Europe/Amsterdam)", in the event's own zone. */
export function eventTimeInItsZone(startsAt: Date, endsAt: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'full' });
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, timeStyle: 'short' });
  const sameDay = day.format(startsAt) === day.format(endsAt);
  const end = sameDay ? time.format(endsAt) : `${day.format(endsAt)}, ${time.format(endsAt)}`;
  return `${day.format(startsAt)}, ${time.format(startsAt)} – ${end} (${timeZone})`;
}

function place(location: PromotionMailInput['location']): string | null {
  if (!location) return null;
  if (location.online) return 'Online (the join link is on the event page)';
  return [location.cityName, location.address].filter(Boolean).join(', ') || null;
}

export function waitingListPromotionMail(input: PromotionMailInput): OutgoingMail {
  const link = new URL(`/events/${input.event.id}`, `${input.siteUrl}/`).toString();
  const where = place(input.location);
  const greeting = input.firstName.trim() ? `Hi ${input.firstName.trim()},` : 'Hi,';
  const lines = [
    greeting,
    '',
    `Good news: a seat came free at "${input.event.title}" and it is yours. You were first on the waiting list, so you are now attending.`,
    '',
    `When:  ${eventTimeInItsZone(input.event.startsAt, input.event.endsAt, input.event.timeZone)}`,
    ...(where ? [`Where: ${where}`] : []),
    `Host:  ${input.event.communityName}`,
    '',
    `See the event, add it to your calendar or withdraw if you can no longer come:`,
    link,
    '',
    'If you cannot make it, please withdraw on the event page so the next person waiting gets your seat.',
    '',
    'Community Hub',
  ];
  return { to: input.to, subject: `You have a seat: ${input.event.title}`, text: `${lines.join('\n')}\n` };
}
