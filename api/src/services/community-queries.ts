/** Community reads shared by the public routes, the write routes (which answer the new state) and the benchmark. */
import { sql, type Kysely } from 'kysely';
import { prepareQuery, type SlotOf } from '../db/prepared-query.ts';
import type { Database } from '../db/schema.ts';
import { likePattern } from './event-queries.ts';
import { imageRefOf } from '../images/image-refs.ts';
import type { CommunityDetail, CommunitySort, CommunitySummary, NextEvent } from '@hub/contract/community';
import {
  communityListed,
  communitySeen,
  eventListedInCommunity,
  viewerUserId,
  viewerWithSlot,
  type Viewer,
  type ViewerKind,
} from './visibility.ts';

/**
 * An event counts as upcoming until it ends, unless cancelled: the events list's rule. Issue 28:
 * counted only when the viewer would find it in the events list.
 */
const upcomingOf = (viewer: Viewer) =>
  sql`e.community_id = c.id and e.ends_at >= now() and not e.cancelled and ${eventListedInCommunity(viewer)}`;

/** Communities with their counts and next event as `viewer` sees them (it does not filter the communities). */
export function summaryQuery(db: Kysely<Database>, viewer: Viewer) {
  return db
    .selectFrom('community as c')
    .innerJoin('country as co', 'co.id', 'c.countryId')
    .select([
      'c.id',
      'c.name',
      'c.description',
      'c.imageUrl',
      imageRefOf('c.logo_image_id').as('logo'),
      imageRefOf('c.cover_image_id').as('cover'),
      'c.countryId',
      'co.name as countryName',
      'c.communityBaseId',
      'c.visibility',
      sql<number>`(select count(*)::int from community_membership m where m.community_id = c.id)`.as('memberCount'),
      // Both read event_community_idx (community_id, starts_at): one index probe per community.
      sql<number>`(select count(*)::int from event e where ${upcomingOf(viewer)})`.as('upcomingEventCount'),
      sql<NextEvent | null>`(select json_build_object('id', e.id, 'title', e.title, 'startsAt', e.starts_at, 'timeZone', e.time_zone)
        from event e where ${upcomingOf(viewer)} order by e.starts_at, e.id limit 1)`.as('nextEvent'),
    ]);
}

/** json_build_object writes a timestamp as PostgreSQL prints it; the API answers RFC 3339 in UTC everywhere. */
export function withIsoNextEvent<T extends { nextEvent: NextEvent | null }>(row: T): T {
  return row.nextEvent
    ? { ...row, nextEvent: { ...row.nextEvent, startsAt: new Date(row.nextEvent.startsAt).toISOString() } }
    : row;
}

/** One statement for the whole detail: PGlite runs queries one at a time, so round trips cost latency. */
function communityDetailQuery(db: Kysely<Database>, id: number, viewer: Viewer) {
  return summaryQuery(db, viewer)
    .select([
      sql<CommunityDetail['coreMembers']>`coalesce((
        select json_agg(json_build_object(
          'id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'imageUrl', u.image_url,
          'responsibleForCommunity', cm.responsible_for_community)
          order by cm.responsible_for_community desc, u.last_name, u.first_name, u.id)
        from community_core_member cm join app_user u on u.id = cm.user_id
        where cm.community_id = c.id), '[]'::json)`.as('coreMembers'),
      sql<string | null>`to_char(c.archived_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('archivedAt'),
    ])
    .where('c.id', '=', id)
    .where(communitySeen(viewer));
}

function prepareCommunityDetail(kind: ViewerKind) {
  return prepareQuery((db, slot: SlotOf<{ id: number; viewerId: number }>) =>
    communityDetailQuery(
      db,
      slot('id'),
      viewerWithSlot(kind, () => slot('viewerId')),
    ),
  );
}

/** The hottest read of the API, so it is built once per kind of viewer (see prepared-query.ts). */
export const communityDetailStatements: Record<ViewerKind, ReturnType<typeof prepareCommunityDetail>> = {
  anonymous: prepareCommunityDetail('anonymous'),
  user: prepareCommunityDetail('user'),
  staff: prepareCommunityDetail('staff'),
  admin: prepareCommunityDetail('admin'),
};

/** The community as the viewer may see it; undefined when it does not exist or they may not see it. */
export async function getCommunityDetail(
  db: Kysely<Database>,
  id: number,
  viewer: Viewer,
): Promise<CommunityDetail | undefined> {
  const [row] = await communityDetailStatements[viewer.kind].execute(db, { id, viewerId: viewerUserId(viewer) });
  return row && withIsoNextEvent(row);
}

export interface CommunityListFilter {
  countryId?: number | undefined;
  /** Words looked for in the name or the description, case-insensitively. */
  search?: string | undefined;
  sort?: CommunitySort | undefined;
  /** Who reads (issue 28): only communities listed to them. */
  viewer: Viewer;
}

/** A base's communities, filtered and sorted in one statement (the counts and next event included). */
export async function listCommunitiesOfBase(
  db: Kysely<Database>,
  baseId: number,
  { countryId, search, sort = 'name', viewer }: CommunityListFilter,
): Promise<CommunitySummary[]> {
  // An archived community is in no list (issue 27); its page still opens.
  let q = summaryQuery(db, viewer)
    .where('c.communityBaseId', '=', baseId)
    .where('c.archivedAt', 'is', null)
    .where(communityListed(viewer));
  if (countryId !== undefined) q = q.where('c.countryId', '=', countryId);
  const words = (search ?? '').trim().split(/\s+/).filter(Boolean);
  for (const word of words) {
    const pattern = likePattern(word);
    q = q.where((eb) => eb.or([eb('c.name', 'ilike', pattern), eb('c.description', 'ilike', pattern)]));
  }
  // Every order ends by name then id, so equal counts keep one stable order.
  if (sort === 'members') q = q.orderBy('memberCount', 'desc');
  else if (sort === 'upcoming') q = q.orderBy('upcomingEventCount', 'desc');
  else if (sort === 'newest') q = q.orderBy('c.createdAt', 'desc').orderBy('c.id', 'desc');
  const rows = await q.orderBy('c.name').orderBy('c.id').execute();
  return rows.map(withIsoNextEvent);
}
