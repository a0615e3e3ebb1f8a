/**
 * Mail preferences (issue 26): what a person switched off, and how each community's news reaches
 * them. Only the departures from the defaults are stored — a kind without a row is on, a community
 * without a row is 'digest' — so a new member or a new kind needs no row, and the fan-out of a mail
 * to thousands of members reads only the few who chose otherwise.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mail_preference (
      user_id integer not null references app_user(id) on delete cascade,
      kind text not null check (kind in ('reminders', 'community-news', 'organiser-messages', 'announcements', 'digest')),
      enabled boolean not null,
      updated_at timestamptz not null default now(),
      primary key (user_id, kind)
    );
    create table community_news_choice (
      user_id integer not null references app_user(id) on delete cascade,
      community_id integer not null references community(id) on delete cascade,
      choice text not null check (choice in ('now', 'digest', 'none')),
      updated_at timestamptz not null default now(),
      primary key (user_id, community_id)
    );
    -- The fan-out of one community's news reads the choices of that community.
    create index community_news_choice_community_idx on community_news_choice (community_id, choice);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table community_news_choice; drop table mail_preference;`.execute(db);
}
