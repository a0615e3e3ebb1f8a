/**
 * A private calendar feed's secret is kept only as its SHA-256 (issue 23). Migration 0004 kept the
 * token in clear beside its hash so that the owner could be shown the address again; anyone who
 * could read the table (a backup, a read replica, a support query) could then read every user's
 * feed. Now the address is shown once, when it is made (POST api/user/calendar-feed), and the table
 * holds nothing that answers a feed request. Existing feeds keep working: their hashes stay.
 *
 * `down` cannot bring the secrets back: it drops every feed (their owners make new ones) so the
 * earlier code, which needs the clear token, finds none.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table calendar_feed drop column token`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from calendar_feed;
    alter table calendar_feed add column token text not null;
  `.execute(db);
}
