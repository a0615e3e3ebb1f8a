/** Reads of what a calendar shows of events: one event, a user's feed, a community's feed. */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CalendarEvent, CalendarLocation } from './ics.ts';
import { eventListed, eventSeen, type Viewer } from './visibility.ts';

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

/** The event's .ics, when the viewer may see it (issue 28). */
export async function calendarEvent(
  db: Kysely<Database>,
  id: number,
  viewer: Viewer,
): Promise<(CalendarEvent & { visibility: string; communityVisibility: string }) | undefined> {
  return calendarEventQuery(db)
    .select(['e.visibility', 'c.visibility as communityVisibility'])
    .where('e.id', '=', id)
    .where(eventSeen(viewer))
    .executeTakeFirst();
}

/**
 * The events a user attends (cancelled ones too, so their calendar shows the cancellation), as far
 * as `owner` (that user) may still see them (issue 28): the feed's window by default; `pastDays:
 * null` for all of them ("Download my data", issue 28).
 */
export async function personalFeedEvents(
  db: Kysely<Database>,
  userId: number,
  owner: Viewer,
  { pastDays = PERSONAL_FEED_PAST_DAYS }: { pastDays?: number | null } = {},
): Promise<CalendarEvent[]> {
  let query = calendarEventQuery(db)
    .innerJoin('eventAttendee as a', 'a.eventId', 'e.id')
    .where('a.userId', '=', userId)
    .where(eventSeen(owner))
    .where('a.status', '=', 'attending');
  if (pastDays !== null) query = query.where(sql<SqlBool>`e.ends_at >= now() - make_interval(days => ${pastDays})`);
  return query.orderBy('e.startsAt').orderBy('e.id').limit(FEED_EVENT_LIMIT).execute();
}

/**
 * A community's upcoming events, cancelled ones marked so that subscribed calendars drop them; only
 * those its community page lists to the viewer (issue 28: never unlisted ones).
 */
export async function communityFeedEvents(
  db: Kysely<Database>,
  communityId: number,
  viewer: Viewer,
): Promise<CalendarEvent[]> {
  return calendarEventQuery(db)
    .where('e.communityId', '=', communityId)
    .where(eventListed(viewer, 'e', 'c', true))
    .where(sql<SqlBool>`e.ends_at >= now()`)
    .orderBy('e.startsAt')
    .orderBy('e.id')
    .limit(FEED_EVENT_LIMIT)
    .execute();
}
