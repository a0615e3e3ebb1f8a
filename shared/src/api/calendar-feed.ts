import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import type { CalendarFeed } from '@hub/contract/events';
import { userKeys } from './query-keys';

/** GET api/user/calendar-feed: the caller's private feed (the API creates it on first read). */
export function getCalendarFeed(): Promise<CalendarFeed> {
  return apiFetch<CalendarFeed>('api/user/calendar-feed');
}

/** POST api/user/calendar-feed: a new secret address; the old one stops working at once. */
export function regenerateCalendarFeed(): Promise<CalendarFeed> {
  return apiFetch<CalendarFeed>('api/user/calendar-feed', { method: 'POST' });
}

/** The address only changes when the user regenerates it, so it is kept like any other read. */
export const calendarFeedQueryOptions = () =>
  queryOptions({ queryKey: userKeys.calendarFeed(), queryFn: getCalendarFeed });

export function useCalendarFeed({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...calendarFeedQueryOptions(), enabled });
}

/** Regenerates the feed; the new address replaces the old one in the cache, so no re-read is needed. */
export function useRegenerateCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: regenerateCalendarFeed,
    onSuccess: (feed) => client.setQueryData(userKeys.calendarFeed(), feed),
  });
}
