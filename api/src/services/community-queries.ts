/** Community reads shared by the public routes, the write routes (which answer the new state) and the benchmark. */
import { sql, type Kysely } from 'kysely';
import { prepareQuery, type SlotOf } from '../db/prepared-query.ts';
import type { Database } from '../db/schema.ts';
import type { CommunityDetail, CommunitySummary } from '@hub/contract/community';

function summaryQuery(db: Kysely<Database>) {
  return db
    .selectFrom('community as c')
    .innerJoin('country as co', 'co.id', 'c.countryId')
    .select([
      'c.id',
      'c.name',
      'c.description',
      'c.imageUrl',
      'c.countryId',
      'co.name as countryName',
      'c.communityBaseId',
      sql<number>`(select count(*)::int from community_membership m where m.community_id = c.id)`.as('memberCount'),
    ]);
}

/** One statement for the whole detail: PGlite runs queries one at a time, so round trips cost latency. */
function communityDetailQuery(db: Kysely<Database>, id: number) {
  return summaryQuery(db)
    .select([
      sql<CommunityDetail['coreMembers']>`coalesce((
        select json_agg(json_build_object(
          'id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'imageUrl', u.image_url,
          'responsibleForCommunity', cm.responsible_for_community)
          order by cm.responsible_for_community desc, u.last_name, u.first_name, u.id)
        from community_core_member cm join app_user u on u.id = cm.user_id
        where cm.community_id = c.id), '[]'::json)`.as('coreMembers'),
      sql<number>`(select count(*)::int from event e where e.community_id = c.id and e.ends_at >= now() and not e.cancelled)`.as(
        'upcomingEventCount',
      ),
      sql<string | null>`to_char(c.archived_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('archivedAt'),
    ])
    .where('c.id', '=', id);
}

/** The hottest read of the API, so it is built once (see prepared-query.ts). */
export const communityDetailStatement = prepareQuery((db, slot: SlotOf<{ id: number }>) =>
  communityDetailQuery(db, slot('id')),
);

export async function getCommunityDetail(db: Kysely<Database>, id: number): Promise<CommunityDetail | undefined> {
  const [row] = await communityDetailStatement.execute(db, { id });
  return row;
}

export async function listCommunitiesOfBase(
  db: Kysely<Database>,
  baseId: number,
  countryId: number | undefined,
): Promise<CommunitySummary[]> {
  // An archived community is in no list (issue 27); its page still opens.
  let q = summaryQuery(db).where('c.communityBaseId', '=', baseId).where('c.archivedAt', 'is', null);
  if (countryId !== undefined) q = q.where('c.countryId', '=', countryId);
  return q.orderBy('c.name').orderBy('c.id').execute();
}
