/**
 * The waiting-list promotion mail's two ends in the event mails' outbox (migration 0009): the row
 * written by the transaction that seats the person, and the mail made from it when the worker
 * (event-mail-outbox.ts) sends it.
 *
 * The row copies the recipient (address and names), as a change row does. The event (title, time,
 * zone, host) and the person's place are read at send time, as the mail read them right after the
 * commit before the outbox: the mail words the event as it is when it goes out. That read also
 * says whether the mail is still true: a person who withdrew since, or whose event was cancelled
 * since (it has its own cancellation mail), is not told "you have a seat". Only a send delayed by
 * retries leaves time for either.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ApiConfig } from '../config.ts';
import type { Database, EventMailKind } from '../db/schema.ts';
import type { OutgoingMail } from './mailer.ts';
import { calendarEvent } from '../services/calendar-queries.ts';
import { attendeeInvitation } from './event-mail.ts';
import type { AttendeePlace } from './templates/attendee-place.ts';
import { waitingListPromotionMail } from './waiting-list-mail.ts';

/**
 * Writes one promotion mail per person just seated, in the caller's transaction (the one holding
 * the event's row lock), in their arrival order. Answers how many were written.
 */
export async function enqueuePromotionMails(
  trx: Transaction<Database>,
  eventId: number,
  userIds: readonly number[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  const result = await trx
    .insertInto('eventMailOutbox')
    .columns(['kind', 'eventId', 'userId', 'email', 'firstName', 'lastName', 'status'])
    .expression((eb) =>
      eb
        .selectFrom('eventAttendee as a')
        .innerJoin('appUser as u', 'u.id', 'a.userId')
        .select([
          sql.lit<EventMailKind>('promotion').as('kind'),
          'a.eventId',
          'a.userId',
          'u.email',
          'u.firstName',
          'u.lastName',
          'a.status',
        ])
        .where('a.eventId', '=', eventId)
        .where('a.userId', 'in', [...userIds])
        .orderBy('a.seq'),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export interface PromotionRow {
  eventId: number;
  userId: number | null;
  email: string;
  firstName: string;
  lastName: string;
}

/** The mail to send for a promotion row, or why it is no longer to be sent. */
export type PromotionMailOutcome = { mail: OutgoingMail } | { notSent: string };

export async function promotionMailFor(
  db: Kysely<Database>,
  row: PromotionRow,
  config: Pick<ApiConfig, 'siteUrl' | 'mailFrom'>,
): Promise<PromotionMailOutcome> {
  const userId = row.userId;
  if (userId === null) throw new Error('a promotion row without its user');
  const found = await db
    .selectFrom('event as e')
    .innerJoin('community as c', 'c.id', 'e.communityId')
    .leftJoin('eventAttendee as a', (join) => join.onRef('a.eventId', '=', 'e.id').on('a.userId', '=', userId))
    .leftJoin('eventLocation as l', 'l.id', 'a.eventLocationId')
    .select([
      'e.id',
      'e.title',
      'e.startsAt',
      'e.endsAt',
      'e.timeZone',
      'e.cancelled',
      'c.name as communityName',
      'a.status',
      'l.cityName',
      'l.address',
      'l.online',
    ])
    .where('e.id', '=', row.eventId)
    .executeTakeFirst();
  // The event row is gone only if it was deleted, and then its outbox rows with it.
  if (!found) throw new Error(`event ${row.eventId} no longer exists`);
  if (found.cancelled) return { notSent: 'not sent: the event was cancelled after the promotion' };
  if (found.status !== 'attending') return { notSent: 'not sent: the person no longer holds the seat' };
  const { cityName, address, online, ...event } = found;
  const mail = await waitingListPromotionMail({
    to: row.email,
    firstName: row.firstName,
    event,
    // No location joined (attending an event without places): the mail has no "Where" line.
    location: cityName === null ? null : { cityName, address, online },
    siteUrl: config.siteUrl,
  });
  // The seat goes into their calendar as a confirmation's would (issue 26): a later change or their
  // withdrawal then updates or removes it.
  const calendar = await calendarEvent(db, row.eventId);
  if (!calendar) return { mail };
  const place: AttendeePlace =
    online === null
      ? null
      : online
        ? { online: true }
        : { online: false, address: [address, cityName].filter(Boolean).join(', '), arrivalNotes: null };
  return {
    mail: {
      ...mail,
      calendar: attendeeInvitation(calendar, { ...row, status: 'attending' }, place, config),
    },
  };
}
