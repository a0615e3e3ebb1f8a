import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendeeList } from '@hub/contract/events';
import { apiFetch } from '../http/api-fetch';
import { eventKeys } from './query-keys';
import { readInit, segment, type ReadOptions } from './read-init';

/** GET api/events/{id}/attendees: for the community's core members and admins (403 for others). */
export function getEventAttendees(id: number | string, options?: ReadOptions): Promise<AttendeeList> {
  return apiFetch<AttendeeList>(`api/events/${segment(id)}/attendees`, readInit(options));
}

export const eventAttendeesQueryOptions = (id: number | string, options?: ReadOptions) =>
  queryOptions({ queryKey: eventKeys.attendees(id), queryFn: () => getEventAttendees(id, options) });

/** The attendee list; asked only when `enabled` (the viewer may manage the event). */
export function useEventAttendees(id: number, enabled: boolean) {
  return useQuery({ ...eventAttendeesQueryOptions(id), enabled });
}
