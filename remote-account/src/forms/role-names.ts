import { Role } from '@hub/shared';

/** Role values (SPEC §3) as people read them; the staff role is named after the configured company. */
export function roleNames(companyName: string): Record<Role, string> {
  return {
    [Role.Admin]: 'Administrator',
    [Role.CoreMember]: 'Core member',
    [Role.Capgemini]: `${companyName} employee`,
    [Role.External]: 'External member',
    [Role.Anonymous]: 'Guest',
  };
}

export function roleName(role: number, companyName: string): string {
  return roleNames(companyName)[role as Role] ?? `Role ${role}`;
}
