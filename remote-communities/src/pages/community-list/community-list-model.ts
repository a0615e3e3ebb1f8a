import type { CommunityBase } from '@hub/shared';

const plurals: Record<string, string> = { Community: 'Communities', Network: 'Networks' };

/** The list heading from the base's API name ('Community' → 'Communities'); another name is shown as it is. */
export function titleOfBase(base: CommunityBase): string {
  return plurals[base.name] ?? base.name;
}
