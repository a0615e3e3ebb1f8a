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
  // Assembled from parts: ICU versions differ on the comma after the weekday in en-GB's full date.
  const dayParts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const day = (d: Date) => {
    const p = Object.fromEntries(dayParts.formatToParts(d).map((x) => [x.type, x.value]));
    return `${p['weekday']} ${p['day']} ${p['month']} ${p['year']}`;
  };
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const end = day(startsAt) === day(endsAt) ? time.format(endsAt) : `${day(endsAt)}, ${time.format(endsAt)}`;
  return `${day(startsAt)}, ${time.format(startsAt)} – ${end} (${timeZone})`;
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
