import { Role } from '@hub/shared';

/** How each role is named on the admin screens. */
export const roleNames: Record<number, string> = {
  [Role.Admin]: 'Admin',
  [Role.CoreMember]: 'Core member',
  [Role.Capgemini]: 'Capgemini staff',
  [Role.External]: 'External',
};

export const roleList = (roles: readonly number[]) =>
  roles.length === 0 ? 'No role' : roles.map((r) => roleNames[r] ?? `Role ${r}`).join(', ');

/** The roles an admin stores (PUT api/admin/users/{id}/roles): Admin optional, exactly one of Capgemini and External. */
export interface StoredRoles {
  admin: boolean;
  kind: typeof Role.Capgemini | typeof Role.External;
}

export function storedRolesOf(roles: readonly number[]): StoredRoles {
  return { admin: roles.includes(Role.Admin), kind: roles.includes(Role.External) ? Role.External : Role.Capgemini };
}

export function rolesInput({ admin, kind }: StoredRoles): number[] {
  return admin ? [Role.Admin, kind] : [kind];
}

/** Core member follows from core-member seats; it is shown, never set here. */
export const withSeatRole = (stored: readonly number[], coreMember: boolean) =>
  [...stored, ...(coreMember ? [Role.CoreMember] : [])].sort((a, b) => a - b);

/** Said when an admin tries to remove their own admin role (the API answers 409). */
export const ownAdminRoleText =
  'An admin cannot remove their own admin role, so that the platform is never left without an admin who can sign in. Ask another admin to change it.';
