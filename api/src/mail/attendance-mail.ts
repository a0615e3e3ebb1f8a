/**
 * The attendance mails' two ends on the mail job queue: the job the attend or withdraw transaction
 * queues (so the seat and its mail commit together, and a rolled-back attend sends nothing), and
 * the mail made from it when its turn comes.
 *
 * The job carries the event, the person and the status they took or gave up; the event, the person
 * and their place are read at send time, and that read also says whether the mail is still true: a
 * confirmation for someone who withdrew since, or a withdrawal for someone who signed up again since,
 * ends unsent (the newer mail tells the calendar what holds). A cancelled event has its own mail.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import type { MailJobMaker, MailJobs } from '../jobs/mail-jobs.ts';
import { RECIPIENTS_CHOSEN } from '../services/visibility.ts';
import { calendarEvent } from '../services/calendar-queries.ts';
import { attendanceConfirmationMailFor, withdrawalMailFor } from './event-mail.ts';
import { attendeePlaceOf, eventAttendeeForMail } from './event-attendee-for-mail.ts';

export type AttendanceMailKind = MailJobs['attendance']['kind'];

/**
 * Queues the person's confirmation (after attending) or withdrawal (after withdrawing) in the
 * caller's transaction; `status` is the place they took or gave up. The caller wakes the job runner
 * after the commit.
 */
export async function enqueueAttendanceMail(
  trx: Transaction<Database>,
  kind: AttendanceMailKind,
  eventId: number,
  userId: number,
  status: 'attending' | 'waiting',
): Promise<void> {
  await enqueueMail(trx, 'attendance', { kind, eventId, userId, status });
}

export const makeAttendanceMail: MailJobMaker<'attendance'> = async (payload, { db, config }) => {
  const now = await eventAttendeeForMail(db, payload.eventId, payload.userId);
  if (!now) return { notSent: 'not sent: the event or the person is gone' };
  if (now.cancelled) return { notSent: 'not sent: the event was cancelled (it has its own mail)' };
  const event = await calendarEvent(db, payload.eventId, RECIPIENTS_CHOSEN);
  if (!event) return { notSent: 'not sent: the event is gone' };
  const recipient = { email: now.email, firstName: now.firstName, lastName: now.lastName };
  if (payload.kind === 'confirmation') {
    if (now.status === null) return { notSent: 'not sent: the person withdrew meanwhile' };
    const place = attendeePlaceOf(now, { joinLink: false });
    return { mail: await attendanceConfirmationMailFor(event, { ...recipient, status: now.status }, place, config) };
  }
  if (now.status !== null) return { notSent: 'not sent: the person signed up again meanwhile' };
  return { mail: await withdrawalMailFor(event, { ...recipient, status: payload.status }, config) };
};
