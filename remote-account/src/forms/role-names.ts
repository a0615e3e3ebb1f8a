import { Role } from '@hub/shared';

/** Role values (SPEC §3) as people read them. */
export const roleNames: Record<Role, string> = {
  [Role.Admin]: 'Administrator',
  [Role.CoreMember]: 'Core member',
  [Role.Capgemini]: 'Capgemini employee',
  [Role.External]: 'External member',
  [Role.Anonymous]: 'Guest',
};

export function roleName(role: number): string {
  return roleNames[role as Role] ?? `Role ${role}`;
}
