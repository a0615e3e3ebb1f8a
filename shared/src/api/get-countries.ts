import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { apiPaths } from './api-paths';
import type { Country } from '@hub/contract/catalogue';
import { referenceKeys } from './query-keys';

/** GET api/country: every country, by name (for forms and filters). */
export function getCountries(): Promise<Country[]> {
  return apiFetch<Country[]>(apiPaths.countries);
}

/** Reference data, kept like SPEC §7's GETs. */
export const countriesQueryOptions = () => queryOptions({ queryKey: referenceKeys.countries(), queryFn: getCountries });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
