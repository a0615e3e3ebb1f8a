import { CommunityBaseId, type CommunityBase, type CountryOverview } from '@hub/shared';

const plurals: Record<string, string> = { Community: 'Communities', Network: 'Networks' };

/** The list heading from the base's API name ('Community' → 'Communities'); another name is shown as it is. */
export function titleOfBase(base: CommunityBase): string {
  return plurals[base.name] ?? base.name;
}

/** A country that has any of the base, with how many: the country filter's options and links. */
export interface CountryCount {
  countryId: number;
  countryName: string;
  count: number;
}

/** The countries of the overview that have any of the base (communities or networks). */
export function countriesOfBase(overview: readonly CountryOverview[], baseId: number): CountryCount[] {
  const countOf = (c: CountryOverview) => (baseId === CommunityBaseId.Network ? c.networks : c.communities);
  return overview
    .map((c) => ({ countryId: c.countryId, countryName: c.countryName, count: countOf(c) }))
    .filter((c) => c.count > 0);
}
