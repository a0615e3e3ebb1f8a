import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import type { ManagedAttendeeList } from '@hub/contract/manage';
import { manageKeys } from './query-keys';
import { segment } from './read-init';

/**
 * GET api/manage/events/{id}/attendees (a core member of the event's community, or an admin): the
 * event with its counts and every registration, with registration and check-in times.
 */
export function getManagedAttendees(eventId: number): Promise<ManagedAttendeeList> {
  return apiFetch<ManagedAttendeeList>(`api/manage/events/${segment(eventId)}/attendees`);
}

/** The door list: asked afresh each time it is shown (`staleTime: 0`); check-in keeps it current in between. */
export const managedAttendeesQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: manageKeys.attendees(eventId),
    queryFn: () => getManagedAttendees(eventId),
    staleTime: 0,
  });

/** `null` (an unreadable id in the address) asks nothing. */
export function useManagedAttendees(eventId: number | null) {
  return useQuery({ ...managedAttendeesQueryOptions(eventId ?? 0), enabled: eventId !== null });
}
