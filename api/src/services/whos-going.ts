/**
 * Issue 28, "Who's going": what the event page may say about the other people going. Only attendees
 * who agreed (their attendance's `shown_in_whos_going`, copied from their default when they attended)
 * are named, by first name, to a signed-in caller who can see the event; everyone else seated is a
 * number. Anonymous places (deleted accounts, attendances past the retention period: `user_id` null)
 * are counted and never named; the waiting list is neither.
 */
import { sql, type Kysely } from 'kysely';
import { WHOS_GOING_NAMES, type WhosGoing } from '@hub/contract/whos-going';
import type { CallerUser } from '../auth/caller.ts';
import type { Database } from '../db/schema.ts';
import { eventSeen, viewerOf } from './visibility.ts';

/** The caller's view of who else is going; undefined when the event does not exist or is hidden from them. */
export async function readWhosGoing(
  db: Kysely<Database>,
  eventId: number,
  caller: CallerUser,
): Promise<WhosGoing | undefined> {
  const row = await db
    .selectFrom('event as e')
    .innerJoin('community as c', 'c.id', 'e.communityId')
    .select([
      // Everyone seated but the caller (`is distinct from`: anonymous rows are counted too).
      sql<number>`(select count(*)::int from event_attendee a
        where a.event_id = e.id and a.status = 'attending' and a.user_id is distinct from ${caller.id})`.as('seated'),
      // The partial index event_attendee_shown_idx (0060) holds exactly these rows, in arrival order.
      sql<string[]>`coalesce((select json_agg(n.first_name order by n.seq) from (
        select u.first_name, a.seq from event_attendee a
        join app_user u on u.id = a.user_id
        where a.event_id = e.id and a.status = 'attending' and a.shown_in_whos_going and a.user_id is not null
          and a.user_id <> ${caller.id} and u.deleted_at is null and u.first_name <> ''
        order by a.seq limit ${WHOS_GOING_NAMES}) n), '[]'::json)`.as('names'),
    ])
    .where('e.id', '=', eventId)
    .where(eventSeen(viewerOf(caller)))
    .executeTakeFirst();
  if (!row) return undefined;
  return { eventId, names: row.names, others: Math.max(0, row.seated - row.names.length) };
}

/** The caller's default for new attendances, read in the same statement as whatever needs it. */
export function whosGoingDefaultOf(userId: number) {
  return sql<boolean>`coalesce((select u.whos_going_default from app_user u where u.id = ${userId}), false)`;
}
