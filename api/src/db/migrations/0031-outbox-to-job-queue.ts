/**
 * Every mail now goes through the mail job queue (pg-boss, migration 0015; issue 26): the change,
 * cancellation, promotion, attendance and account mails that the home-made outbox (migrations 0008,
 * 0009, 0013, 0021) sent are queued as jobs by the transactions that cause them. This moves the rows
 * an existing deployment still has pending (not sent, not given up) into jobs of the matching kind,
 * due when the row was (a row under a lease: when the lease ends, as the outbox would have retried
 * it), then drops the table, in the migration's one transaction: nothing pending is lost or doubled.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { insertMailJobs } from '../../jobs/enqueue.ts';
import type { MailJobKind } from '../../jobs/mail-jobs.ts';
import * as eventMailOutbox from './0008-event-mail-outbox.ts';
import * as promotionMailOutbox from './0009-promotion-mail-outbox.ts';
import * as accountMailOutbox from './0013-account-mail-outbox.ts';
import * as attendanceMailOutbox from './0021-attendance-mail-outbox.ts';

/** Each job kind's payload (jobs/mail-jobs.ts) from the outbox kinds it replaces. */
const PENDING_AS_JOBS: { kind: MailJobKind; outboxKinds: string[]; payload: string }[] = [
  {
    kind: 'event-change',
    outboxKinds: ['change'],
    payload: `jsonb_build_object('eventId', event_id, 'email', email, 'firstName', first_name,
      'lastName', last_name, 'status', status, 'change', change)`,
  },
  {
    kind: 'promotion',
    outboxKinds: ['promotion'],
    payload: `jsonb_build_object('eventId', event_id, 'userId', user_id)`,
  },
  {
    kind: 'attendance',
    outboxKinds: ['confirmation', 'withdrawal'],
    payload: `jsonb_build_object('kind', kind, 'eventId', event_id, 'userId', user_id, 'status', status)`,
  },
  {
    kind: 'account',
    outboxKinds: ['verification', 'password-reset'],
    payload: `jsonb_build_object('kind', kind, 'email', email)`,
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { kind, outboxKinds, payload } of PENDING_AS_JOBS) {
    await insertMailJobs(db as Kysely<Database>, kind, {
      rows: sql`select ${sql.raw(payload)} as payload, null::text as singleton_key, next_attempt_at as start_after
        from event_mail_outbox
        where sent_at is null and failed_at is null and kind in (${sql.join(outboxKinds)})
        order by next_attempt_at, id`,
    });
  }
  await sql`drop table event_mail_outbox`.execute(db);
}

/** The outbox table again, empty, as its migrations made it (jobs queued since stay in the queue). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const migration of [eventMailOutbox, promotionMailOutbox, accountMailOutbox, attendanceMailOutbox])
    await migration.up(db);
}
