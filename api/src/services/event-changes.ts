/**
 * What changed in an event, as a calendar and its attendees see it. An edit reads the event's state
 * inside its transaction before writing and compares it afterwards:
 *  - anything a calendar shows (title, description, start, end, zone, places, status) grows the
 *    event's SEQUENCE, so every calendar holding a copy replaces it;
 *  - a change of time or place (or a cancellation) is worth an e-mail to the people attending or
 *    waiting; a new title or description alone is not.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { placesText, type CalendarLocation } from './ics.ts';

export interface CalendarState {
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  cancelled: boolean;
  locations: CalendarLocation[];
}

/** What an attendee is told about; `before` lets the mail say what it was. */
export type EventChange =
  | { kind: 'changed'; time: boolean; place: boolean; before: CalendarState }
  /** `note`: the organiser's words on the cancellation, quoted by the mail (absent in rows queued before issue 23). */
  | { kind: 'cancelled'; note?: string | null };

export async function readCalendarState(db: Kysely<Database>, eventId: number): Promise<CalendarState | undefined> {
  return db
    .selectFrom('event as e')
    .select([
      'e.title',
      'e.description',
      'e.startsAt',
      'e.endsAt',
      'e.timeZone',
      'e.cancelled',
      sql<CalendarLocation[]>`coalesce((
        select json_agg(json_build_object(
          'cityName', l.city_name, 'address', l.address,
          'online', case when l.online then 'Yes' else 'No' end) order by l.position, l.id)
        from event_location l where l.event_id = e.id), '[]'::json)`.as('locations'),
    ])
    .where('e.id', '=', eventId)
    .executeTakeFirst();
}

/** The places as a set: reordering the locations moves nobody. */
function placeSet(locations: readonly CalendarLocation[]): string {
  return locations
    .map((l) => placesText([l]).toLowerCase())
    .sort()
    .join('\n');
}

export function compareCalendarState(
  before: CalendarState,
  after: CalendarState,
): { shown: boolean; time: boolean; place: boolean } {
  const time =
    before.startsAt.getTime() !== after.startsAt.getTime() ||
    before.endsAt.getTime() !== after.endsAt.getTime() ||
    before.timeZone !== after.timeZone;
  const place = placeSet(before.locations) !== placeSet(after.locations);
  const shown =
    time ||
    place ||
    before.title !== after.title ||
    before.description !== after.description ||
    before.cancelled !== after.cancelled ||
    placesText(before.locations) !== placesText(after.locations);
  return { shown, time, place };
}

/**
 * Called by an edit inside its transaction, after writing: grows SEQUENCE when a calendar would show
 * a difference, and answers the change attendees must hear of (null when there is none).
 */
export async function recordEventEdit(
  trx: Kysely<Database>,
  eventId: number,
  before: CalendarState,
): Promise<EventChange | null> {
  const after = await readCalendarState(trx, eventId);
  if (!after) return null;
  const { shown, time, place } = compareCalendarState(before, after);
  if (shown) {
    await trx
      .updateTable('event')
      .set({ sequence: sql`sequence + 1` })
      .where('id', '=', eventId)
      .execute();
  }
  return time || place ? { kind: 'changed', time, place, before } : null;
}
