/**
 * The one read every per-person event mail makes at send time (reminders, confirmations and
 * withdrawals, waiting-list promotions): the event as it is now, the person's name and address, and
 * their attendance with its place (null status: they no longer attend or wait). The makers decide
 * from it whether their mail is still true, and word the place with `attendeePlaceOf`.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AttendeePlace } from './templates/attendee-place.ts';

/** Undefined when the event or the person is gone. */
export async function eventAttendeeForMail(db: Kysely<Database>, eventId: number, userId: number) {
  return db
    .selectFrom('event as e')
    .innerJoin('community as c', 'c.id', 'e.communityId')
    .innerJoin('appUser as u', (join) => join.on('u.id', '=', userId))
    .leftJoin('eventAttendee as a', (join) => join.onRef('a.eventId', '=', 'e.id').on('a.userId', '=', userId))
    .leftJoin('eventLocation as l', 'l.id', 'a.eventLocationId')
    .where('e.id', '=', eventId)
    .select([
      'e.id',
      'e.title',
      'e.startsAt',
      'e.endsAt',
      'e.timeZone',
      'e.cancelled',
      'e.remindDayBefore',
      'e.remindHourBefore',
      'c.name as communityName',
      'u.email',
      'u.firstName',
      'u.lastName',
      'a.status',
      'l.cityName',
      'l.address',
      'l.online',
      'l.joinUrl',
      'l.arrivalNotes',
    ])
    .executeTakeFirst();
}

export type EventAttendeeForMail = NonNullable<Awaited<ReturnType<typeof eventAttendeeForMail>>>;

/**
 * Where the person goes: their office (address, arrival notes), online (with the join link only
 * when asked: reminders carry it, confirmations point to the reminder and the event page), or null
 * (an event without places, or not attending).
 */
export function attendeePlaceOf(
  row: Pick<EventAttendeeForMail, 'cityName' | 'address' | 'online' | 'joinUrl' | 'arrivalNotes'>,
  opts: { joinLink: boolean },
): AttendeePlace {
  if (row.online === null) return null;
  if (row.online) return { online: true, ...(opts.joinLink && row.joinUrl ? { joinUrl: row.joinUrl } : {}) };
  const address = [row.address, row.cityName].filter(Boolean).join(', ');
  return address ? { online: false, address, arrivalNotes: row.arrivalNotes || null } : null;
}
