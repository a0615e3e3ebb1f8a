/** The mail a person gets when they move from an event's waiting list to a seat. */
import type { OutgoingMail } from './mailer.ts';
import { waitingListSeatMail } from './templates/waiting-list-seat.tsx';

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

export async function waitingListPromotionMail(input: PromotionMailInput): Promise<OutgoingMail> {
  const rendered = await waitingListSeatMail({
    firstName: input.firstName,
    event: {
      title: input.event.title,
      communityName: input.event.communityName,
      when: eventTimeInItsZone(input.event.startsAt, input.event.endsAt, input.event.timeZone),
      where: place(input.location),
      pageUrl: new URL(`/events/${input.event.id}`, `${input.siteUrl}/`).toString(),
    },
  });
  return { to: input.to, ...rendered };
}
