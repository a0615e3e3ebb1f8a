/**
 * Issue 28: who sees what, decided here and nowhere else. Every read of communities and events
 * (lists, search, detail, home, calendar feeds, .ics, user and manage views, mails) adds one of these
 * conditions, so an item a caller may not see is simply not found: the same 404 as an item that
 * does not exist.
 *
 * A community's audience: public and unlisted ones anyone; staff ones staff; members ones its
 * members. An event is seen by those in both its community's audience and its own (so an event is
 * never seen more widely than its community, even one made narrower after the event was created).
 * Admins see everything, a community's core members everything of their community. Listed (lists,
 * search, home, digests) is seen and neither unlisted itself nor in an unlisted community.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import { Permission } from '@hub/contract/enums';
import { isEventVisibilityAllowed, type Visibility } from '@hub/contract/visibility';
import { permissionsFor } from '../auth/roles.ts';
import type { CallerUser } from '../auth/caller.ts';
import { badRequest } from '../errors.ts';
import type { Role } from '@hub/contract/enums';

/** Who is reading, as far as visibility goes. `userId` may be a prepared query's slot. */
export type Viewer =
  | { kind: 'anonymous' }
  | { kind: 'admin' }
  /** A signed-in user; `staff` ones also see staff items. */
  | { kind: 'user' | 'staff'; userId: number };

export type ViewerKind = Viewer['kind'];

export const ANONYMOUS_VIEWER: Viewer = { kind: 'anonymous' };

/**
 * Reads made for recipients already chosen by their own rule (an attendee's confirmation, a change
 * mail to those attending): the event as it is, whoever may see it.
 */
export const RECIPIENTS_CHOSEN: Viewer = { kind: 'admin' };

function viewerOfRoles(userId: number, roles: readonly number[]): Viewer {
  const permissions = permissionsFor(roles as Role[]);
  if (permissions.includes(Permission.AdminAccess)) return { kind: 'admin' };
  return { kind: permissions.includes(Permission.CapgeminiAccess) ? 'staff' : 'user', userId };
}

export function viewerOf(user: CallerUser | null): Viewer {
  return user ? viewerOfRoles(user.id, user.roles) : ANONYMOUS_VIEWER;
}

/** The viewer a mail's recipient is (digests, community news): their stored roles decide. */
export async function viewerOfUser(db: Kysely<Database>, userId: number): Promise<Viewer> {
  const rows = await db.selectFrom('userRole').select('role').where('userId', '=', userId).execute();
  return viewerOfRoles(
    userId,
    rows.map((r) => Number(r.role)),
  );
}

/**
 * A viewer of this kind whose user id is a prepared query's slot (one statement per kind). The slot
 * is asked for only by kinds that read it: a prepared query refuses a slot it never binds.
 */
export function viewerWithSlot(kind: ViewerKind, userIdSlot: () => number): Viewer {
  return kind === 'user' || kind === 'staff' ? { kind, userId: userIdSlot() } : { kind };
}

/** The user id a prepared statement's slot receives (0 for viewers that have none: it is not read). */
export function viewerUserId(viewer: Viewer): number {
  return viewer.kind === 'user' || viewer.kind === 'staff' ? viewer.userId : 0;
}

const TRUE = sql<SqlBool>`true`;

/** Whether the viewer is in the audience `visibility` of something belonging to `communityId`. */
function inAudience(viewer: Viewer, visibility: RawBuilder<unknown>, communityId: RawBuilder<unknown>) {
  if (viewer.kind === 'admin') return TRUE;
  const open = sql<SqlBool>`${visibility} in ('public', 'unlisted')`;
  if (viewer.kind === 'anonymous') return open;
  const staff = viewer.kind === 'staff' ? sql`or ${visibility} = 'staff'` : sql``;
  // A core member sees all of their community, a member its members-only items.
  return sql<SqlBool>`(${open} ${staff}
    or exists (select 1 from community_core_member vk where vk.community_id = ${communityId} and vk.user_id = ${viewer.userId})
    or (${visibility} = 'members' and exists (select 1 from community_membership vm where vm.community_id = ${communityId} and vm.user_id = ${viewer.userId})))`;
}

/** The community `c` (alias) is seen by the viewer. */
export function communitySeen(viewer: Viewer, c = 'c'): RawBuilder<SqlBool> {
  return inAudience(viewer, sql.ref(`${c}.visibility`), sql.ref(`${c}.id`));
}

/** The community is listed to the viewer (lists, search, home). */
export function communityListed(viewer: Viewer, c = 'c'): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${c}.visibility`)} <> 'unlisted' and ${communitySeen(viewer, c)})`;
}

/** The event `e` alone (its community already known to be seen): used inside a community's row. */
export function eventOwnAudience(viewer: Viewer, e = 'e'): RawBuilder<SqlBool> {
  return inAudience(viewer, sql.ref(`${e}.visibility`), sql.ref(`${e}.community_id`));
}

/** The event `e` of community `c` is seen by the viewer (a detail, a feed, an .ics). */
export function eventSeen(viewer: Viewer, e = 'e', c = 'c'): RawBuilder<SqlBool> {
  if (viewer.kind === 'admin') return TRUE;
  return sql<SqlBool>`(${communitySeen(viewer, c)} and ${eventOwnAudience(viewer, e)})`;
}

/**
 * The event is listed to the viewer. `inCommunityPage`: the list of one community's events, reached
 * from its page: an unlisted community's page lists its (not unlisted) events.
 */
export function eventListed(viewer: Viewer, e = 'e', c = 'c', inCommunityPage = false): RawBuilder<SqlBool> {
  const unlisted = inCommunityPage
    ? sql`${sql.ref(`${e}.visibility`)} <> 'unlisted'`
    : sql`${sql.ref(`${e}.visibility`)} <> 'unlisted' and ${sql.ref(`${c}.visibility`)} <> 'unlisted'`;
  return sql<SqlBool>`(${unlisted} and ${eventSeen(viewer, e, c)})`;
}

/** An event listed inside its community's row (the count and next event of a community card). */
export function eventListedInCommunity(viewer: Viewer, e = 'e'): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${e}.visibility`)} <> 'unlisted' and ${eventOwnAudience(viewer, e)})`;
}

/** The 400 of an event more open than its community allows. */
export function assertEventVisibilityAllowed(event: Visibility, community: Visibility): void {
  if (!isEventVisibilityAllowed(event, community))
    throw badRequest('The request is invalid', [
      `body/visibility '${event}' is more open than its community allows ('${community}'): an event cannot be more open than its community`,
    ]);
}
