import { apiFetch } from '../http/api-fetch';
import type { BusinessUnit } from '@hub/contract/catalogue';

/** GET api/bunit: the business units a profile can name. Not cached: SPEC §7 lists no key for it. */
export function getBusinessUnits(): Promise<BusinessUnit[]> {
  return apiFetch<BusinessUnit[]>('api/bunit');
}
