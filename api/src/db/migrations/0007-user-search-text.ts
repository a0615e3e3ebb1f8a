/**
 * The admin users search reads one column instead of three. Migration 0006's three trigram indexes
 * were seldom chosen: for `email ilike p or first_name ilike p or last_name ilike p` the planner
 * weighed three bitmap scans against one sequential scan as a near tie, took the scan for most
 * patterns, and every row then paid three `ilike`s (each lower-cases its text first): 15–20 ms for
 * the total of a search over 10,000 users on PGlite. `search_text` is the three fields lower-cased
 * once, when the row is written: "first last" (so a full name is found too) and the e-mail on a
 * line of its own (a search is a single line, so it never matches across the name and the address).
 * A plain `like` on it, served by one trigram index, costs 0.3–2 ms for the same totals.
 *
 * `fastupdate = off`: by default a GIN index queues new entries in a pending list that only VACUUM
 * merges. PGlite runs no autovacuum, so the list would only grow; every search then scans it, and
 * the planner, costing that scan, stopped choosing the index at all (the bench's 10,000 users
 * inserted after migration 0006 were all pending). Users are written rarely; each write now updates
 * the index itself.
 *
 * `(email, id)`: the list sorted by e-mail read and sorted every user for each page (5–8 ms on
 * PGlite); the name order has had its index since migration 0005.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table app_user add column search_text text not null
      generated always as (lower(first_name || ' ' || last_name || E'\n' || email)) stored;
    create index app_user_search_text_trgm_idx on app_user using gin (search_text gin_trgm_ops) with (fastupdate = off);
    create index app_user_email_order_idx on app_user (email, id);
    drop index app_user_email_trgm_idx;
    drop index app_user_first_name_trgm_idx;
    drop index app_user_last_name_trgm_idx;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index app_user_email_trgm_idx on app_user using gin (email gin_trgm_ops);
    create index app_user_first_name_trgm_idx on app_user using gin (first_name gin_trgm_ops);
    create index app_user_last_name_trgm_idx on app_user using gin (last_name gin_trgm_ops);
    drop index app_user_email_order_idx;
    drop index app_user_search_text_trgm_idx;
    alter table app_user drop column search_text;
  `.execute(db);
}
