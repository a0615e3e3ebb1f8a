import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { referenceKeys } from './query-keys';
import type { BusinessUnit } from '@hub/contract/catalogue';

/** GET api/bunit: the business units a profile can name. */
export function getBusinessUnits(): Promise<BusinessUnit[]> {
  return apiFetch<BusinessUnit[]>('api/bunit');
}

/** Reference data, kept like SPEC §7's GETs. */
export const businessUnitsQueryOptions = () =>
  queryOptions({ queryKey: referenceKeys.businessUnits(), queryFn: getBusinessUnits });

export function useBusinessUnits() {
  return useQuery(businessUnitsQueryOptions());
}
