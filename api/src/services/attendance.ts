/** Seat bookkeeping shared by attendance and event edits. Always called inside a transaction. */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Moves waiting attendees to free seats, first come first served, and counts them in. One
 * statement, run while the caller holds the event row lock.
 */
export async function promoteWaitingList(trx: Transaction<Database>, eventId: number): Promise<number> {
  const result = await sql<{ promoted: number }>`
    with free as (
      select greatest(coalesce(capacity, 2147483647) - attendee_count, 0) as seats
      from event where id = ${eventId} and not cancelled
    ),
    promoted as (
      update event_attendee set status = 'attending'
      where event_id = ${eventId} and user_id in (
        select user_id from event_attendee
        where event_id = ${eventId} and status = 'waiting'
        order by seq
        limit (select coalesce(max(seats), 0) from free)
      )
      returning user_id
    )
    update event set attendee_count = attendee_count + (select count(*) from promoted)
    where id = ${eventId}
    returning (select count(*)::int from promoted) as promoted
  `.execute(trx);
  return result.rows[0]?.promoted ?? 0;
}
