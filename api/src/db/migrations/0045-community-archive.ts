/**
 * Issue 27: an admin archives a community or network (and restores it). Archived, it is in no list
 * (communities, networks, their country counts, the events list), its events cannot be joined and
 * no new ones are created in it; its page, members, core members and events are kept as they were,
 * so restoring brings everything back. `archived_at` is when (null: not archived).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table community add column archived_at timestamptz`.execute(db);
}
