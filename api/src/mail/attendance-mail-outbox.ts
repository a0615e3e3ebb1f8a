/**
 * The attendance mails' two ends in the mail outbox (migration 0021): the row the attend or withdraw
 * transaction writes (so the seat and its mail commit together), and the mail made from it when a
 * worker sends it (event-mail-outbox.ts).
 *
 * The row copies the recipient and the status they had; the event and the person's place are read
 * at send time, and that read also says whether the mail is still true: a confirmation for someone
 * who withdrew since, or a withdrawal for someone who signed up again since, is closed unsent (the
 * newer mail tells the calendar what holds). A cancelled event has its own cancellation mail.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ApiConfig } from '../config.ts';
import type { Database, EventMailKind } from '../db/schema.ts';
import { calendarEvent } from '../services/calendar-queries.ts';
import { attendanceConfirmationMailFor, withdrawalMailFor } from './event-mail.ts';
import type { OutgoingMail } from './mailer.ts';
import type { AttendeePlace } from './templates/attendee-place.ts';

export type AttendanceMailKind = Extract<EventMailKind, 'confirmation' | 'withdrawal'>;

/**
 * Writes the person's confirmation (after attending) or withdrawal (after withdrawing) in the
 * caller's transaction; `status` is the place they took or gave up. The caller wakes the outbox
 * after the commit.
 */
export async function enqueueAttendanceMail(
  trx: Transaction<Database>,
  kind: AttendanceMailKind,
  eventId: number,
  userId: number,
  status: 'attending' | 'waiting',
): Promise<void> {
  await trx
    .insertInto('eventMailOutbox')
    .columns(['kind', 'eventId', 'userId', 'email', 'firstName', 'lastName', 'status'])
    .expression((eb) =>
      eb
        .selectFrom('appUser as u')
        .select([
          sql.lit(kind).as('kind'),
          sql.lit(eventId).as('eventId'),
          'u.id',
          'u.email',
          'u.firstName',
          'u.lastName',
          sql.lit(status).as('status'),
        ])
        .where('u.id', '=', userId),
    )
    .execute();
}

export interface AttendanceRow {
  kind: AttendanceMailKind;
  eventId: number;
  userId: number | null;
  email: string;
  firstName: string;
  lastName: string;
  status: 'attending' | 'waiting';
}

/** The person's place at the event now: their office, online, or none (no places, or not attending). */
async function placeOf(
  db: Kysely<Database>,
  eventId: number,
  userId: number,
): Promise<{ status: 'attending' | 'waiting' | null; place: AttendeePlace }> {
  const row = await db
    .selectFrom('eventAttendee as a')
    .leftJoin('eventLocation as l', 'l.id', 'a.eventLocationId')
    .select(['a.status', 'l.online', 'l.cityName', 'l.address'])
    .where('a.eventId', '=', eventId)
    .where('a.userId', '=', userId)
    .executeTakeFirst();
  if (!row) return { status: null, place: null };
  if (row.online === null) return { status: row.status, place: null };
  if (row.online) return { status: row.status, place: { online: true } };
  const address = [row.address, row.cityName].filter(Boolean).join(', ');
  return { status: row.status, place: address ? { online: false, address, arrivalNotes: null } : null };
}

/** The mail to send for an attendance row, or why it is no longer to be sent. */
export async function attendanceMailFor(
  db: Kysely<Database>,
  row: AttendanceRow,
  config: Pick<ApiConfig, 'siteUrl' | 'mailFrom'>,
): Promise<{ mail: OutgoingMail } | { notSent: string }> {
  if (row.userId === null) throw new Error(`a ${row.kind} row without its user`);
  const event = await calendarEvent(db, row.eventId);
  // The event row is gone only if it was deleted, and then its outbox rows with it.
  if (!event) throw new Error(`event ${row.eventId} no longer exists`);
  if (event.cancelled) return { notSent: 'not sent: the event was cancelled (it has its own mail)' };
  const now = await placeOf(db, row.eventId, row.userId);
  if (row.kind === 'confirmation') {
    if (now.status === null) return { notSent: 'not sent: the person withdrew meanwhile' };
    return { mail: await attendanceConfirmationMailFor(event, { ...row, status: now.status }, now.place, config) };
  }
  if (now.status !== null) return { notSent: 'not sent: the person signed up again meanwhile' };
  return { mail: await withdrawalMailFor(event, row, config) };
}
