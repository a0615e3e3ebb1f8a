import type { CommunityBase } from '@hub/shared';

/** Case- and accent-insensitive "contains", so 'cafe' finds 'Café' and 'DATA' finds 'Data & AI'. */
export function matchesSearch(text: string, query: string): boolean {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLocaleLowerCase('en-GB')
      .trim();
  return fold(text).includes(fold(query));
}

const plurals: Record<string, string> = { Community: 'Communities', Network: 'Networks' };

/** The list heading from the base's API name ('Community' → 'Communities'); another name is shown as it is. */
export function titleOfBase(base: CommunityBase): string {
  return plurals[base.name] ?? base.name;
}
