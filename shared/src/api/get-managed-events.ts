import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import type { ManagedEventPage } from '@hub/contract/manage';
import { manageKeys } from './query-keys';
import { segment } from './read-init';

/** The most the API gives in one page; a community with more shows the first this many and says so. */
export const managedEventsPageSize = 100;

/**
 * GET api/manage/communities/{id}/events?when=upcoming|past (a core member of it, or an admin):
 * every event of one community with its attendance, beyond the few the overview carries.
 */
export function getManagedEvents(communityId: number, when: 'upcoming' | 'past'): Promise<ManagedEventPage> {
  const query = new URLSearchParams({ when, page: '1', pageSize: String(managedEventsPageSize) });
  return apiFetch<ManagedEventPage>(`api/manage/communities/${segment(communityId)}/events?${query.toString()}`);
}

export const managedEventsQueryOptions = (communityId: number, when: 'upcoming' | 'past') =>
  queryOptions({
    queryKey: manageKeys.events(communityId, when),
    queryFn: () => getManagedEvents(communityId, when),
    staleTime: 0,
  });

/** Asked only once the user wants the whole list (`enabled`). */
export function useManagedEvents(communityId: number, when: 'upcoming' | 'past', enabled: boolean) {
  return useQuery({ ...managedEventsQueryOptions(communityId, when), enabled });
}
