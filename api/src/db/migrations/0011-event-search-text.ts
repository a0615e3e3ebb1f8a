/**
 * The events search finds what its placeholder promises, "Title, description or city" (issue 23):
 * a city name finds every event with a place in that city. The search read `title`, `description`
 * and the community's name with `ilike '%text%'` on every row of the list; a place's city was never
 * looked at, so "Utrecht" found only the event whose text named it.
 *
 * As for the admin users search (migrations 0006 and 0007, docs/decisions.md "users list without
 * the read cache"), one lower-cased text column per table is searched with a plain `like`, each
 * served by a trigram index (pg_trgm, created by 0006):
 *   - `event.search_text`: title and description, lower-cased once when the row is written, joined by
 *     a line break (a search is one line, so it never matches across the two fields);
 *   - `event_location.search_city`: the place's city, lower-cased. The list asks for the events
 *     having such a place with one `id in (select event_id …)`, which PostgreSQL runs once per
 *     statement (a hashed subplan) from this index, not once per event.
 * `fastupdate = off` for the reason 0007 gives: PGlite runs no autovacuum, so a pending list would
 * only grow, and the planner would stop choosing the index.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table event add column search_text text not null
      generated always as (lower(title || E'\n' || description)) stored;
    create index event_search_text_trgm_idx on event using gin (search_text gin_trgm_ops) with (fastupdate = off);
    alter table event_location add column search_city text not null
      generated always as (lower(city_name)) stored;
    create index event_location_search_city_trgm_idx on event_location
      using gin (search_city gin_trgm_ops) with (fastupdate = off);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index event_location_search_city_trgm_idx;
    alter table event_location drop column search_city;
    drop index event_search_text_trgm_idx;
    alter table event drop column search_text;
  `.execute(db);
}
