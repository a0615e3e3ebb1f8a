/**
 * The change and cancellation mails' two ends on the mail job queue: one job per person attending
 * or waiting, queued by the edit or cancellation in its own transaction (so the change and its mails
 * commit together, and a rolled-back change sends nothing), and the mail made from a job when its
 * turn comes. The job copies the recipient as they were at the change (a person who withdraws
 * afterwards still hears of the change they had signed up for); the event is read at send time.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fanOutMail } from '../jobs/enqueue.ts';
import type { MailJobMaker } from '../jobs/mail-jobs.ts';
import { RECIPIENTS_CHOSEN } from '../services/visibility.ts';
import { calendarEvent } from '../services/calendar-queries.ts';
import type { EventChange } from '../services/event-changes.ts';
import { eventChangeMail } from './event-mail.ts';

/**
 * Queues the change's mails, one per person attending or waiting, in the caller's transaction.
 * Answers how many were queued.
 */
export async function enqueueEventChangeMails(
  trx: Kysely<Database>,
  eventId: number,
  change: EventChange,
): Promise<number> {
  return fanOutMail(
    trx,
    'event-change',
    trx
      .selectFrom('eventAttendee as a')
      .innerJoin('appUser as u', 'u.id', 'a.userId')
      .select([
        sql`jsonb_build_object('eventId', a.event_id, 'email', u.email, 'firstName', u.first_name,
          'lastName', u.last_name, 'status', a.status, 'change', ${JSON.stringify(change)}::jsonb)`.as('payload'),
        sql`null::text`.as('singleton_key'),
      ])
      .where('a.eventId', '=', eventId)
      .orderBy('a.status')
      .orderBy('a.seq'),
  );
}

/** The stored change back as an EventChange (JSON turned its dates into strings). */
function changeOf(stored: unknown): EventChange {
  const change = stored as EventChange;
  if (change.kind === 'cancelled') return change;
  const before = change.before as unknown as Record<string, unknown>;
  return {
    ...change,
    before: {
      ...change.before,
      startsAt: new Date(before['startsAt'] as string),
      endsAt: new Date(before['endsAt'] as string),
    },
  };
}

export const makeEventChangeMail: MailJobMaker<'event-change'> = async (payload, { db, config }) => {
  const event = await calendarEvent(db, payload.eventId, RECIPIENTS_CHOSEN);
  if (!event) return { notSent: 'not sent: the event is gone' };
  return { mail: await eventChangeMail(event, changeOf(payload.change), payload, config) };
};
