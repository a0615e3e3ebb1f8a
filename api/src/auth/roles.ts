/** How permissions follow from roles (SPEC.md §3's values live in @hub/contract/enums). */
import { Permission, Role } from '@hub/contract/enums';

/** Roles kept in user_role; CoreMember is derived from community_core_member rows, Anonymous from no account. */
export const STORED_ROLES: readonly Role[] = [Role.Admin, Role.Capgemini, Role.External];

/**
 * Every signed-in user has UserAccess; Capgemini staff CapgeminiAccess; core members and admins
 * CoreMemberAccess (admins manage every community); admins AdminAccess.
 */
export function permissionsFor(roles: readonly Role[]): Permission[] {
  const has = (r: Role) => roles.includes(r);
  const out: Permission[] = [];
  if (has(Role.Admin)) out.push(Permission.AdminAccess);
  if (has(Role.Admin) || has(Role.CoreMember)) out.push(Permission.CoreMemberAccess);
  if (has(Role.Capgemini)) out.push(Permission.CapgeminiAccess);
  if (roles.length > 0 && !(roles.length === 1 && has(Role.Anonymous))) out.push(Permission.UserAccess);
  return out;
}

/**
 * The effective role list of a stored user: stored roles plus CoreMember when they hold any seat.
 * Stored values come from a database column the API alone writes, hence the narrowing cast.
 */
export function effectiveRoles(storedRoles: readonly number[], isCoreMemberAnywhere: boolean): Role[] {
  const set = new Set(storedRoles as readonly Role[]);
  if (isCoreMemberAnywhere) set.add(Role.CoreMember);
  if (set.size === 0) set.add(Role.External);
  return [...set].sort((a, b) => a - b);
}
