/**
 * Issue 28: who sees a community and an event. `public` (anyone, listed: the behaviour before),
 * `unlisted` (anyone with the link, never listed or searched), `staff` (staff and admins), `members`
 * (the community's members and core members, and admins). Existing rows stay public. The rule that
 * an event is never more open than its community is the API's (api/src/services/visibility.ts);
 * the check constraint only keeps the column to the four words.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['community', 'event']) {
    await sql`alter table ${sql.table(table)} add column visibility text not null default 'public'
      constraint ${sql.id(`${table}_visibility_check`)} check (visibility in ('public', 'unlisted', 'staff', 'members'))`.execute(
      db,
    );
  }
}
