/** Builds SPEC.md §3's user info for one stored user, in a single statement. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { imageRefOf } from '../images/image-refs.ts';
import { effectiveRoles, permissionsFor } from '../auth/roles.ts';
import type { UserInfo } from '@hub/contract/user';

export async function loadUserInfo(db: Kysely<Database>, userId: number): Promise<UserInfo | undefined> {
  const row = await db
    .selectFrom('appUser as u')
    .select([
      'u.uid',
      'u.firstName',
      'u.lastName',
      'u.email',
      'u.phoneNumber',
      'u.imageUrl',
      imageRefOf('u.avatar_image_id').as('avatar'),
      'u.city',
      'u.businessUnitId',
      sql<
        number[]
      >`coalesce((select array_agg(r.role order by r.role) from user_role r where r.user_id = u.id), '{}')`.as(
        'storedRoles',
      ),
      sql<UserInfo['coreMemberOfCommunities']>`coalesce((
        select json_agg(json_build_object('communityId', c.community_id, 'responsibleForCommunity', c.responsible_for_community) order by c.community_id)
        from community_core_member c where c.user_id = u.id), '[]'::json)`.as('coreMemberOfCommunities'),
      sql<UserInfo['memberOfCommunities']>`coalesce((
        select json_agg(json_build_object('communityId', m.community_id) order by m.community_id)
        from community_membership m where m.user_id = u.id), '[]'::json)`.as('memberOfCommunities'),
      sql<UserInfo['attendingEvents']>`coalesce((
        select json_agg(json_build_object('eventId', a.event_id, 'eventLocationId', a.event_location_id, 'status', a.status) order by a.event_id)
        from event_attendee a where a.user_id = u.id), '[]'::json)`.as('attendingEvents'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const roles = effectiveRoles(row.storedRoles.map(Number), row.coreMemberOfCommunities.length > 0);
  return {
    userId: row.uid ?? '',
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    imageURL: row.imageUrl,
    avatar: row.avatar,
    city: row.city,
    businessUnitId: row.businessUnitId,
    coreMemberOfCommunities: row.coreMemberOfCommunities,
    memberOfCommunities: row.memberOfCommunities,
    attendingEvents: row.attendingEvents,
    roles,
    permissions: permissionsFor(roles),
  };
}
