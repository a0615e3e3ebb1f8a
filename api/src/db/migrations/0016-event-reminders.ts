/**
 * Reminders a day and an hour before an event (issue 26, mail/reminders.ts): the organiser's two
 * switches on the event (on unless switched off), and the ledger of reminders queued. The ledger's
 * key (event, person, kind, start time) is what makes a reminder go out once however many processes
 * sweep: the sweep inserts into it and queues only the rows it inserted. A new start time is a new
 * key, so a rescheduled event reminds again for its new time.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table event
      add column remind_day_before boolean not null default true,
      add column remind_hour_before boolean not null default true;
    create table event_reminder (
      event_id integer not null references event (id) on delete cascade,
      user_id integer not null references app_user (id) on delete cascade,
      kind text not null check (kind in ('day', 'hour')),
      starts_at timestamptz not null,
      queued_at timestamptz not null default now(),
      primary key (event_id, user_id, kind, starts_at)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table event_reminder;
    alter table event drop column remind_day_before, drop column remind_hour_before;
  `.execute(db);
}
