/** Event reads shared by the list, the detail, the write routes (which answer the new state) and the benchmark. */
import { sql, type InferResult, type Kysely, type SqlBool } from 'kysely';
import { prepareQuery, type SlotOf } from '../db/prepared-query.ts';
import type { Database } from '../db/schema.ts';
import { imageRefOf } from '../images/image-refs.ts';
import { eventListed, eventSeen, viewerUserId, viewerWithSlot, type Viewer, type ViewerKind } from './visibility.ts';

export interface EventLocationOut {
  eventLocationId: number;
  cityName: string;
  address: string | null;
  online: 'Yes' | 'No';
  capacity: number | null;
  attendeeCount: number;
  arrivalNotes: string | null;
}

export type EventFormat = 'online' | 'inPerson' | 'hybrid';

export function eventSummaryQuery(db: Kysely<Database>) {
  return db
    .selectFrom('event as e')
    .innerJoin('community as c', 'c.id', 'e.communityId')
    .innerJoin('country as co', 'co.id', 'c.countryId')
    .select([
      'e.id',
      'e.title',
      'e.description',
      'e.imageUrl',
      imageRefOf('e.cover_image_id').as('cover'),
      'e.startsAt',
      'e.endsAt',
      'e.timeZone',
      'e.communityId',
      'c.name as communityName',
      'c.communityBaseId',
      'c.countryId',
      'co.name as countryName',
      'e.capacity',
      'e.attendeeCount',
      'e.cancelled',
      'e.visibility',
      'c.visibility as communityVisibility',
      sql<EventLocationOut[]>`coalesce((
        select json_agg(json_build_object(
          'eventLocationId', l.id, 'cityName', l.city_name, 'address', l.address,
          'online', case when l.online then 'Yes' else 'No' end,
          'capacity', l.capacity, 'attendeeCount', l.attendee_count, 'arrivalNotes', l.arrival_notes)
          order by l.position, l.id)
        from event_location l where l.event_id = e.id), '[]'::json)`.as('locations'),
    ]);
}

/** A row of eventSummaryQuery, as Kysely infers it. */
export type EventSummaryRow = InferResult<ReturnType<typeof eventSummaryQuery>>[number];

/**
 * Dates leave as ISO strings; the format follows from the locations. One object literal with exactly
 * the answer's fields (a list row's `total` stays behind): on the events page this runs for every
 * row, and spreading each row twice cost more than the rest of the mapping.
 */
export function presentEvent(row: EventSummaryRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    cover: row.cover,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    communityId: row.communityId,
    communityName: row.communityName,
    communityBaseId: row.communityBaseId,
    countryId: row.countryId,
    countryName: row.countryName,
    capacity: row.capacity,
    attendeeCount: row.attendeeCount,
    seatsLeft: row.capacity === null ? null : Math.max(row.capacity - row.attendeeCount, 0),
    cancelled: row.cancelled,
    format: formatOf(row.locations),
    locations: row.locations,
    visibility: row.visibility,
    communityVisibility: row.communityVisibility,
  };
}

export function formatOf(locations: readonly EventLocationOut[]): EventFormat {
  const online = locations.filter((l) => l.online === 'Yes').length;
  if (online === 0) return 'inPerson';
  return online === locations.length ? 'online' : 'hybrid';
}

export interface EventListFilter {
  when: 'upcoming' | 'past' | 'all';
  communityId?: number | undefined;
  countryId?: number | undefined;
  communityBaseId?: number | undefined;
  format?: EventFormat | undefined;
  q?: string | undefined;
  page: number;
  pageSize: number;
  /** Who reads (issue 28): only events they may see, and never unlisted ones, are listed. */
  viewer: Viewer;
}

/** LIKE treats % and _ as wildcards: a search for "50%" must find the literal text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The values of an events page, in the slots of its prepared statement. */
interface EventListArgs {
  communityId: number;
  countryId: number;
  communityBaseId: number;
  pattern: string;
  limit: number;
  offset: number;
  viewerId: number;
}

/** Which filters a page uses: the SQL differs only in these, so each shape is prepared once. */
interface EventListShape {
  when: EventListFilter['when'];
  community: boolean;
  country: boolean;
  base: boolean;
  format: EventFormat | 'any';
  text: boolean;
  viewer: ViewerKind;
}

/** One statement per page; the window count gives the total without a second round trip. */
function eventListQuery(db: Kysely<Database>, shape: EventListShape, slot: SlotOf<EventListArgs>) {
  let q = eventSummaryQuery(db).select(sql<number>`(count(*) over ())::int`.as('total'));
  // A cancelled event is never upcoming: it moves to the past view (flagged cancelled) at once.
  if (shape.when === 'upcoming') q = q.where(sql<SqlBool>`e.ends_at >= now() and not e.cancelled`);
  if (shape.when === 'past') q = q.where(sql<SqlBool>`(e.ends_at < now() or e.cancelled)`);
  if (shape.format !== 'any') q = q.where(formatCondition(shape.format));
  // Issue 28: only what the reader may see, never an unlisted event (services/visibility.ts).
  q = q.where(
    eventListed(
      viewerWithSlot(shape.viewer, () => slot('viewerId')),
      'e',
      'c',
      shape.community,
    ),
  );
  // An archived community's events are in no list but its own page's (issue 27).
  if (shape.community) q = q.where('e.communityId', '=', slot('communityId'));
  else q = q.where('c.archivedAt', 'is', null);
  if (shape.country) q = q.where('c.countryId', '=', slot('countryId'));
  if (shape.base) q = q.where('c.communityBaseId', '=', slot('communityBaseId'));
  if (shape.text) {
    // "Title, description or city" (and the community's name). Title and description, and each
    // place's city, are lower-cased columns with trigram indexes (migration 0011). The matching ids
    // are gathered once per statement, each part from its own index (a hashed subplan), so a row of
    // the list pays a hash lookup instead of an `ilike` over its description. The pattern is
    // lower-cased by the database, as the columns were, so both sides follow one rule.
    const pattern = sql<string>`lower(${slot('pattern')})`;
    q = q.where((eb) =>
      eb.or([
        eb(
          'e.id',
          'in',
          eb
            .selectFrom('event as se')
            .select('se.id')
            .where('se.searchText', 'like', pattern)
            .unionAll(
              eb.selectFrom('eventLocation as sl').select('sl.eventId as id').where('sl.searchCity', 'like', pattern),
            ),
        ),
        eb('c.name', 'ilike', pattern),
      ]),
    );
  }
  const direction = shape.when === 'past' ? 'desc' : 'asc';
  return q.orderBy('e.startsAt', direction).orderBy('e.id', direction).limit(slot('limit')).offset(slot('offset'));
}

const HAS_ONLINE = sql<SqlBool>`exists (select 1 from event_location l where l.event_id = e.id and l.online)`;
const HAS_IN_PERSON = sql<SqlBool>`exists (select 1 from event_location l where l.event_id = e.id and not l.online)`;

/** The SQL twin of formatOf: online (every location online), inPerson (none), hybrid (both). */
function formatCondition(format: EventFormat) {
  if (format === 'online') return sql<SqlBool>`(${HAS_ONLINE} and not ${HAS_IN_PERSON})`;
  if (format === 'inPerson') return sql<SqlBool>`not ${HAS_ONLINE}`;
  return sql<SqlBool>`(${HAS_ONLINE} and ${HAS_IN_PERSON})`;
}

function prepareEventList(shape: EventListShape) {
  return prepareQuery((db, slot: SlotOf<EventListArgs>) => eventListQuery(db, shape, slot));
}

// At most 3 × 4 × 2⁴ × 4 shapes, built as they are asked for, so the map stays small.
const eventListStatements = new Map<string, ReturnType<typeof prepareEventList>>();

/** The prepared statement of an events page and the values for it. */
export function eventListStatement(f: EventListFilter) {
  const text = f.q?.trim();
  const shape: EventListShape = {
    when: f.when,
    community: f.communityId !== undefined,
    country: f.countryId !== undefined,
    base: f.communityBaseId !== undefined,
    format: f.format ?? 'any',
    text: Boolean(text),
    viewer: f.viewer.kind,
  };
  const key = `${shape.when}:${shape.format}:${+shape.community}${+shape.country}${+shape.base}${+shape.text}:${shape.viewer}`;
  let statement = eventListStatements.get(key);
  if (!statement) {
    statement = prepareEventList(shape);
    eventListStatements.set(key, statement);
  }
  const args: EventListArgs = {
    communityId: f.communityId ?? 0,
    countryId: f.countryId ?? 0,
    communityBaseId: f.communityBaseId ?? 0,
    pattern: text ? likePattern(text) : '',
    limit: f.pageSize,
    offset: (f.page - 1) * f.pageSize,
    viewerId: viewerUserId(f.viewer),
  };
  return { statement, args };
}

export function listEvents(db: Kysely<Database>, f: EventListFilter) {
  const { statement, args } = eventListStatement(f);
  return statement.execute(db, args);
}

/**
 * One event with its waiting list size: the summary plus one count, and when and why it was
 * cancelled (the detail alone says so; lists only flag it).
 */
function eventDetailQuery(db: Kysely<Database>, id: number, viewer: Viewer) {
  return eventSummaryQuery(db)
    .select(
      sql<number>`(select count(*)::int from event_attendee w where w.event_id = e.id and w.status = 'waiting')`.as(
        'waitingListCount',
      ),
    )
    .select(['e.cancelledAt', 'e.cancellationNote', 'e.remindDayBefore', 'e.remindHourBefore'])
    .where('e.id', '=', id)
    .where(eventSeen(viewer));
}

function prepareEventDetail(kind: ViewerKind) {
  return prepareQuery((db, slot: SlotOf<{ id: number; viewerId: number }>) =>
    eventDetailQuery(
      db,
      slot('id'),
      viewerWithSlot(kind, () => slot('viewerId')),
    ),
  );
}

/** GET api/events/{id} is as hot as the list (every card opens it), so it is built once per kind of viewer. */
export const eventDetailStatements: Record<ViewerKind, ReturnType<typeof prepareEventDetail>> = {
  anonymous: prepareEventDetail('anonymous'),
  user: prepareEventDetail('user'),
  staff: prepareEventDetail('staff'),
  admin: prepareEventDetail('admin'),
};

/** The event as the viewer may see it; undefined when it does not exist or they may not see it. */
export async function getEventDetailRow(db: Kysely<Database>, id: number, viewer: Viewer) {
  const [row] = await eventDetailStatements[viewer.kind].execute(db, { id, viewerId: viewerUserId(viewer) });
  return row;
}
