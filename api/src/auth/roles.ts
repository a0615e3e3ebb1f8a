/** SPEC.md §3 role and permission values, and how permissions follow from roles. */
export const Role = { Admin: 0, CoreMember: 1, Capgemini: 2, External: 3, Anonymous: 4 } as const;
export type RoleValue = (typeof Role)[keyof typeof Role];

export const Permission = { AdminAccess: 0, CoreMemberAccess: 1, CapgeminiAccess: 2, UserAccess: 3 } as const;
export type PermissionValue = (typeof Permission)[keyof typeof Permission];

/** Roles kept in user_role; CoreMember is derived from community_core_member rows, Anonymous from no account. */
export const STORED_ROLES: readonly number[] = [Role.Admin, Role.Capgemini, Role.External];

/**
 * Every signed-in user has UserAccess; Capgemini staff CapgeminiAccess; core members and admins
 * CoreMemberAccess (admins manage every community); admins AdminAccess.
 */
export function permissionsFor(roles: readonly number[]): number[] {
  const has = (r: number) => roles.includes(r);
  const out: number[] = [];
  if (has(Role.Admin)) out.push(Permission.AdminAccess);
  if (has(Role.Admin) || has(Role.CoreMember)) out.push(Permission.CoreMemberAccess);
  if (has(Role.Capgemini)) out.push(Permission.CapgeminiAccess);
  if (roles.length > 0 && !(roles.length === 1 && has(Role.Anonymous))) out.push(Permission.UserAccess);
  return out;
}

/** The effective role list of a stored user: stored roles plus CoreMember when they hold any seat. */
export function effectiveRoles(storedRoles: readonly number[], isCoreMemberAnywhere: boolean): number[] {
  const set = new Set(storedRoles);
  if (isCoreMemberAnywhere) set.add(Role.CoreMember);
  if (set.size === 0) set.add(Role.External);
  return [...set].sort((a, b) => a - b);
}
