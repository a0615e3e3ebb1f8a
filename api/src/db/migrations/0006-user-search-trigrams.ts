/**
 * The admin users list searches e-mail, first and last name with `ilike '%text%'`, which no b-tree
 * index serves: with 10,000 users each search read the whole table twice (the page and the total),
 * 55–70 ms a request on PGlite. Trigram indexes answer those patterns (three characters or more)
 * from the index. pg_trgm is a trusted extension (PostgreSQL 13+), so the database owner may create it
 * without a superuser; PGlite loads it from its contrib bundle (db/connect.ts).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create extension if not exists pg_trgm;
    create index app_user_email_trgm_idx on app_user using gin (email gin_trgm_ops);
    create index app_user_first_name_trgm_idx on app_user using gin (first_name gin_trgm_ops);
    create index app_user_last_name_trgm_idx on app_user using gin (last_name gin_trgm_ops);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index app_user_last_name_trgm_idx;
    drop index app_user_first_name_trgm_idx;
    drop index app_user_email_trgm_idx;
  `.execute(db);
}
