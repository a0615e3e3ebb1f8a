/**
 * The event change mails' outbox: one row per recipient, written in the transaction of the edit or
 * cancellation that calls for it, so the change and its mails commit or roll back together. The
 * API's worker (mail/event-mail-outbox.ts) sends the rows and marks them; a failed send is tried
 * again later (next_attempt_at, attempts, last_error) and given up after a few hours (failed_at).
 * While a worker sends a row, next_attempt_at is its lease and `claim` its token: another worker, in
 * this process or another, skips the row until the lease ends (a worker that died mid-send).
 *
 * The recipient's address, names and attending-or-waiting status are copied at the change, as is
 * the change itself (what it was before, for the "was …" lines); the event's own details are read
 * when the mail is sent, so the calendar part carries the event's latest SEQUENCE. An event deleted
 * before its mails went out takes them with it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table event_mail_outbox (
      id serial primary key,
      event_id integer not null references event(id) on delete cascade,
      email text not null,
      first_name text not null,
      last_name text not null,
      status text not null check (status in ('attending', 'waiting')),
      change jsonb not null,
      created_at timestamptz not null default now(),
      next_attempt_at timestamptz not null default now(),
      attempts integer not null default 0,
      claim text,
      last_error text,
      sent_at timestamptz,
      failed_at timestamptz
    );
    -- The worker's question, "what is due", read from the pending rows only.
    create index event_mail_outbox_due_idx on event_mail_outbox (next_attempt_at, id)
      where sent_at is null and failed_at is null;
    create index event_mail_outbox_sent_idx on event_mail_outbox (sent_at) where sent_at is not null;
    create index event_mail_outbox_event_idx on event_mail_outbox (event_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table event_mail_outbox`.execute(db);
}
