/**
 * Calendars: each event counts the changes a calendar shows (`sequence`, the iCalendar SEQUENCE, so
 * calendars replace their copy in place), and a user may hold one secret calendar-feed token. The
 * token is kept in clear because the user is shown their feed address again; lookups go through its
 * SHA-256 (`token_hash`), so the index never orders by the secret itself.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table event add column sequence integer not null default 0 check (sequence >= 0);
    create table calendar_feed (
      user_id integer primary key references app_user(id) on delete cascade,
      token text not null,
      token_hash text not null unique,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table calendar_feed;
    alter table event drop column sequence;
  `.execute(db);
}
