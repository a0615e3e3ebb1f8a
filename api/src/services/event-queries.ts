/** Event reads shared by the list, the detail, the write routes (which answer the new state) and the benchmark. */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface EventLocationOut {
  eventLocationId: number;
  cityName: string;
  address: string | null;
  online: 'Yes' | 'No';
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
      'e.startsAt',
      'e.endsAt',
      'e.communityId',
      'c.name as communityName',
      'c.communityBaseId',
      'c.countryId',
      'co.name as countryName',
      'e.capacity',
      'e.attendeeCount',
      'e.cancelled',
      sql<EventLocationOut[]>`coalesce((
        select json_agg(json_build_object(
          'eventLocationId', l.id, 'cityName', l.city_name, 'address', l.address,
          'online', case when l.online then 'Yes' else 'No' end) order by l.position, l.id)
        from event_location l where l.event_id = e.id), '[]'::json)`.as('locations'),
    ]);
}

/** Dates leave as ISO strings; the format follows from the locations. */
export function presentEvent<T extends { startsAt: Date; endsAt: Date; locations: EventLocationOut[] }>(
  row: T,
): Omit<T, 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string; format: EventFormat } {
  return {
    ...row,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    format: formatOf(row.locations),
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
  q?: string | undefined;
  page: number;
  pageSize: number;
}

/** LIKE treats % and _ as wildcards: a search for "50%" must find the literal text. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One statement per page; the window count gives the total without a second round trip. */
export function eventListQuery(db: Kysely<Database>, f: EventListFilter) {
  let q = eventSummaryQuery(db).select(sql<number>`(count(*) over ())::int`.as('total'));
  if (f.when === 'upcoming') q = q.where(sql<SqlBool>`e.ends_at >= now()`);
  if (f.when === 'past') q = q.where(sql<SqlBool>`e.ends_at < now()`);
  if (f.communityId !== undefined) q = q.where('e.communityId', '=', f.communityId);
  if (f.countryId !== undefined) q = q.where('c.countryId', '=', f.countryId);
  if (f.communityBaseId !== undefined) q = q.where('c.communityBaseId', '=', f.communityBaseId);
  const text = f.q?.trim();
  if (text) {
    const pattern = likePattern(text);
    q = q.where((eb) =>
      eb.or([eb('e.title', 'ilike', pattern), eb('e.description', 'ilike', pattern), eb('c.name', 'ilike', pattern)]),
    );
  }
  const direction = f.when === 'past' ? 'desc' : 'asc';
  return q
    .orderBy('e.startsAt', direction)
    .orderBy('e.id', direction)
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
}
