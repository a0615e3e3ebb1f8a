import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import type { CalendarFeed, CalendarFeedStatus } from '@hub/contract/events';
import { userKeys } from './query-keys';

/**
 * GET api/user/calendar-feed: whether the caller has a private feed, and since when. The address
 * itself cannot be read back: the API keeps only its secret's hash.
 */
export function getCalendarFeed(): Promise<CalendarFeedStatus> {
  return apiFetch<CalendarFeedStatus>('api/user/calendar-feed');
}

/** POST api/user/calendar-feed: a new secret address, in this answer only; any old one stops working. */
export function createCalendarFeed(): Promise<CalendarFeed> {
  return apiFetch<CalendarFeed>('api/user/calendar-feed', { method: 'POST' });
}

/** The status only changes when the user makes a new address, so it is kept like any other read. */
export const calendarFeedQueryOptions = () =>
  queryOptions({ queryKey: userKeys.calendarFeed(), queryFn: getCalendarFeed });

export function useCalendarFeed({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...calendarFeedQueryOptions(), enabled });
}

/**
 * Makes a new address. The address stays in the mutation's answer only (shown once by the screen
 * that asked for it); the cache learns just that a feed now exists and since when, so the secret
 * is never kept with the query data (nor in the offline copy of it).
 */
export function useCreateCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (feed) =>
      client.setQueryData<CalendarFeedStatus>(userKeys.calendarFeed(), { active: true, createdAt: feed.createdAt }),
  });
}
