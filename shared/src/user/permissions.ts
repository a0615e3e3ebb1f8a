import { Permission } from '@hub/contract/enums';
import type { UserInfo } from './user-info';

export function hasPermission(user: UserInfo, permission: Permission): boolean {
  return user.permissions.includes(permission);
}

/** Core member access or above (admins manage too). */
export function canManage(user: UserInfo): boolean {
  return hasPermission(user, Permission.CoreMemberAccess) || hasPermission(user, Permission.AdminAccess);
}

export function isAdmin(user: UserInfo): boolean {
  return hasPermission(user, Permission.AdminAccess);
}

/** SPEC §6: core member access plus a membership entry for that community. */
export function isCoreMemberOf(user: UserInfo, communityId: number): boolean {
  return (
    hasPermission(user, Permission.CoreMemberAccess) &&
    user.coreMemberOfCommunities.some((c) => c.communityId === communityId)
  );
}

/** SPEC §6: a core member of the community who is also responsible for it. */
export function isCommunityLead(user: UserInfo, communityId: number): boolean {
  return (
    hasPermission(user, Permission.CoreMemberAccess) &&
    user.coreMemberOfCommunities.some((c) => c.communityId === communityId && c.responsibleForCommunity)
  );
}

/** Who may create an event (as the API decides): an admin, or a core member of at least one community. */
export function canCreateEvents(user: UserInfo): boolean {
  return isAdmin(user) || (hasPermission(user, Permission.CoreMemberAccess) && user.coreMemberOfCommunities.length > 0);
}
