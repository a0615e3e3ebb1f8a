import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { adminKeys } from './query-keys';
import { definedEntries, searchParams } from './search-params';
import type { AdminTrends, AdminTrendsQuery } from '@hub/contract/admin';

/**
 * GET api/admin/stats/trends: the admin dashboard's key figures and their series (sign-ups per
 * week, attendances per month, check-in rate, the most active communities).
 */
export function getAdminTrends(query: AdminTrendsQuery = {}): Promise<AdminTrends> {
  return apiFetch<AdminTrends>(`api/admin/stats/trends${searchParams({ ...query })}`);
}

/** Figures of the whole platform, asked afresh each time the dashboard is shown. */
export const adminTrendsQueryOptions = (query: AdminTrendsQuery = {}) => {
  const key = definedEntries(query);
  return queryOptions({ queryKey: adminKeys.trends(key), queryFn: () => getAdminTrends(key), staleTime: 0 });
};

export function useAdminTrends(query: AdminTrendsQuery = {}) {
  return useQuery(adminTrendsQueryOptions(query));
}
