/**
 * The events list aggregates each event's locations in (position, id) order: an index in that
 * order lets the planner read them pre-sorted instead of sorting per event.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index event_location_order_idx on event_location (event_id, position, id);
    drop index event_location_event_idx;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index event_location_event_idx on event_location (event_id, position);
    drop index event_location_order_idx;
  `.execute(db);
}
