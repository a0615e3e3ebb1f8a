import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import type { ManagedCommunityPage } from '@hub/contract/manage';
import { manageKeys } from './query-keys';

/** Communities per page of the manage overview (an admin sees every community, so it pages). */
export const managedCommunitiesPageSize = 20;

export interface ManagedCommunitiesQuery {
  /** A name to search for (admins, who see every community). */
  q?: string;
  /** 1-based. */
  page?: number;
}

/**
 * GET api/manage/communities: the caller's core-member communities (lead first), or every
 * community for an admin, each with its next and latest events and their attendance.
 */
export function getManagedCommunities({
  q = '',
  page = 1,
}: ManagedCommunitiesQuery = {}): Promise<ManagedCommunityPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(managedCommunitiesPageSize) });
  if (q.trim()) query.set('q', q.trim());
  return apiFetch<ManagedCommunityPage>(`api/manage/communities?${query.toString()}`);
}

/**
 * A manager's working view: asked afresh whenever it is shown (`staleTime: 0`, the attendance
 * moves while people register), shared by concurrent readers; the previous page stays on screen
 * while the next one (or another search) loads, so the list does not jump to a skeleton.
 */
export const managedCommunitiesQueryOptions = (query: ManagedCommunitiesQuery = {}) =>
  queryOptions({
    queryKey: manageKeys.communities(query),
    queryFn: () => getManagedCommunities(query),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useManagedCommunities(query: ManagedCommunitiesQuery = {}) {
  return useQuery(managedCommunitiesQueryOptions(query));
}
