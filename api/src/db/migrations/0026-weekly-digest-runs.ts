/**
 * Issue 26: the weekly digest is sent once per week per person, however many processes look for it.
 * The sweep that queues the digests (mail/weekly-digest.ts) first inserts (person, week) here with
 * `on conflict do nothing` and queues a job only for the rows it inserted, in the same statement: a
 * second process, or the same one a minute later, inserts nothing and queues nothing. The job
 * queue's own once-only keys are kept for hours, not a week, hence this table. Rows older than a
 * few weeks are pruned by the sweep.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table weekly_digest_run (
      user_id integer not null references app_user(id) on delete cascade,
      week date not null,
      queued_at timestamptz not null default now(),
      primary key (week, user_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table weekly_digest_run`.execute(db);
}
