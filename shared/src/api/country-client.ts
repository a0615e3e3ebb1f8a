import { requestCache, type CachedGetOptions } from '../cache/request-cache';
import { apiFetch } from '../http/api-fetch';
import type { Country } from '@hub/contract/catalogue';

/** The cache key of the country list: reference data, cached like SPEC §7's GETs. */
export const countriesCacheKey = 'countries';

/** GET api/country: every country, by name (for forms and filters). */
export function getCountries(options?: CachedGetOptions): Promise<Country[]> {
  return requestCache.get(countriesCacheKey, () => apiFetch<Country[]>('api/country'), options);
}
