import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { adminKeys } from './query-keys';
import { definedEntries, searchParams } from './search-params';
import type { AdminUserPage, AdminUsersQuery } from '@hub/contract/admin';

/** GET api/admin/users: searched (name or e-mail), filtered by role, sorted and paged by the API. */
export function getAdminUsers(query: AdminUsersQuery): Promise<AdminUserPage> {
  return apiFetch<AdminUserPage>(`api/admin/users${searchParams({ ...query })}`);
}

/**
 * An administration view: asked afresh each time it is shown (`staleTime: 0`). While the next page
 * or filter loads, the previous page stays on screen (`placeholderData`), so the grid does not
 * collapse to a skeleton on every keystroke or page turn.
 */
export const adminUsersQueryOptions = (query: AdminUsersQuery) => {
  const key = definedEntries(query);
  return queryOptions({
    queryKey: adminKeys.users(key),
    queryFn: () => getAdminUsers(key),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
};

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery(adminUsersQueryOptions(query));
}
