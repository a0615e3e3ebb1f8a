import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { apiPaths, fillApiPath } from './api-paths';
import type { EventPage } from '@hub/contract/events';
import { eventKeys } from './query-keys';

/** How many upcoming events of a community are asked for (one page). */
export const communityEventsPageSize = 10;

/** GET api/events?when=upcoming&communityId={id}: a community's next events, soonest first. */
export function getUpcomingEventsOfCommunity(communityId: number): Promise<EventPage> {
  return apiFetch<EventPage>(
    fillApiPath(apiPaths.upcomingEventsOfCommunity, { id: communityId, pageSize: communityEventsPageSize }),
  );
}

/**
 * SPEC §7 names no key for events; they are kept like the community itself, so reopening a
 * community page within the cache time asks the API nothing. Whatever creates, edits or cancels
 * an event of the community invalidates `eventKeys.all`.
 */
export const upcomingEventsOfCommunityQueryOptions = (communityId: number) =>
  queryOptions({
    queryKey: eventKeys.upcomingOfCommunity(communityId),
    queryFn: () => getUpcomingEventsOfCommunity(communityId),
  });

export function useUpcomingEventsOfCommunity(communityId: number) {
  return useQuery(upcomingEventsOfCommunityQueryOptions(communityId));
}
