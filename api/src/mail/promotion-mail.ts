/**
 * The waiting-list promotion mail's two ends on the mail job queue: the jobs queued by the
 * transaction that seats the people (so the seat and its mail commit together, and a rolled-back
 * promotion sends nothing), and the mail made from a job when its turn comes.
 *
 * The event (title, time, zone, host), the person and their place are read at send time: the mail
 * words the event as it is when it goes out. That read also says whether the mail is still true: a
 * person who withdrew since, or whose event was cancelled since (it has its own cancellation mail),
 * is not told "you have a seat". Only a send delayed by retries leaves time for either.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fanOutMail } from '../jobs/enqueue.ts';
import type { MailJobMaker } from '../jobs/mail-jobs.ts';
import { RECIPIENTS_CHOSEN } from '../services/visibility.ts';
import { calendarEvent } from '../services/calendar-queries.ts';
import { attendeeInvitation } from './event-mail.ts';
import { attendeePlaceOf, eventAttendeeForMail } from './event-attendee-for-mail.ts';
import { waitingListPromotionMail } from './waiting-list-mail.ts';

/**
 * Queues one promotion mail per person just seated, in the caller's transaction (the one holding
 * the event's row lock), in their arrival order. Answers how many were queued.
 */
export async function enqueuePromotionMails(
  trx: Transaction<Database>,
  eventId: number,
  userIds: readonly number[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  return fanOutMail(
    trx,
    'promotion',
    trx
      .selectFrom('eventAttendee as a')
      .select([
        sql`jsonb_build_object('eventId', a.event_id, 'userId', a.user_id)`.as('payload'),
        sql`null::text`.as('singleton_key'),
      ])
      .where('a.eventId', '=', eventId)
      .where('a.userId', 'in', [...userIds])
      .orderBy('a.seq'),
  );
}

export const makePromotionMail: MailJobMaker<'promotion'> = async ({ eventId, userId }, { db, config }) => {
  const found = await eventAttendeeForMail(db, eventId, userId);
  if (!found) return { notSent: 'not sent: the event or the person is gone' };
  if (found.cancelled) return { notSent: 'not sent: the event was cancelled after the promotion' };
  if (found.status !== 'attending') return { notSent: 'not sent: the person no longer holds the seat' };
  const { cityName, address, online } = found;
  const mail = await waitingListPromotionMail({
    to: found.email,
    firstName: found.firstName,
    event: found,
    // No location joined (attending an event without places): the mail has no "Where" line.
    location: cityName === null || online === null ? null : { cityName, address, online },
    siteUrl: config.siteUrl,
  });
  // The seat goes into their calendar as a confirmation's would (issue 26): a later change or their
  // withdrawal then updates or removes it.
  const calendar = await calendarEvent(db, eventId, RECIPIENTS_CHOSEN);
  if (!calendar) return { mail };
  const recipient = {
    email: found.email,
    firstName: found.firstName,
    lastName: found.lastName,
    status: 'attending' as const,
  };
  return {
    mail: {
      ...mail,
      calendar: attendeeInvitation(calendar, recipient, attendeePlaceOf(found, { joinLink: false }), config),
    },
  };
};
