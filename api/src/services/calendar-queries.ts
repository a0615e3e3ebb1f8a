/** Reads of what a calendar shows of events: one event, a user's feed, a community's feed. */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CalendarEvent, CalendarLocation } from './ics.ts';

/** A feed never grows without bound: a calendar app has no use for thousands of entries. */
export const FEED_EVENT_LIMIT = 500;
/** A personal feed keeps the events of the last 90 days besides the upcoming ones. */
export const PERSONAL_FEED_PAST_DAYS = 90;

function calendarEventQuery(db: Kysely<Database>) {
  return db
    .selectFrom('event as e')
    .innerJoin('community as c', 'c.id', 'e.communityId')
    .select([
      'e.id',
      'e.title',
      'e.description',
      'e.startsAt',
      'e.endsAt',
      'e.timeZone',
      'e.sequence',
      'e.cancelled',
      'e.createdAt',
      'e.updatedAt',
      'c.name as communityName',
      sql<CalendarLocation[]>`coalesce((
        select json_agg(json_build_object(
          'cityName', l.city_name, 'address', l.address,
          'online', case when l.online then 'Yes' else 'No' end) order by l.position, l.id)
        from event_location l where l.event_id = e.id), '[]'::json)`.as('locations'),
    ]);
}

export async function calendarEvent(db: Kysely<Database>, id: number): Promise<CalendarEvent | undefined> {
  return calendarEventQuery(db).where('e.id', '=', id).executeTakeFirst();
}

/**
 * The events a user attends (cancelled ones too, so their calendar shows the cancellation): the
 * feed's window by default; `pastDays: null` for all of them ("Download my data", issue 28).
 */
export async function personalFeedEvents(
  db: Kysely<Database>,
  userId: number,
  { pastDays = PERSONAL_FEED_PAST_DAYS }: { pastDays?: number | null } = {},
): Promise<CalendarEvent[]> {
  let query = calendarEventQuery(db)
    .innerJoin('eventAttendee as a', 'a.eventId', 'e.id')
    .where('a.userId', '=', userId)
    .where('a.status', '=', 'attending');
  if (pastDays !== null) query = query.where(sql<SqlBool>`e.ends_at >= now() - make_interval(days => ${pastDays})`);
  return query.orderBy('e.startsAt').orderBy('e.id').limit(FEED_EVENT_LIMIT).execute();
}

/** A community's upcoming events, cancelled ones marked so that subscribed calendars drop them. */
export async function communityFeedEvents(db: Kysely<Database>, communityId: number): Promise<CalendarEvent[]> {
  return calendarEventQuery(db)
    .where('e.communityId', '=', communityId)
    .where(sql<SqlBool>`e.ends_at >= now()`)
    .orderBy('e.startsAt')
    .orderBy('e.id')
    .limit(FEED_EVENT_LIMIT)
    .execute();
}
