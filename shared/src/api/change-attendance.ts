import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendanceAnswer } from '@hub/contract/events';
import { apiFetch } from '../http/api-fetch';
import { afterEventChange, type EventChange } from './event-caches';
import { segment } from './read-init';

export type AttendanceChange = EventChange &
  (
    | {
        /** Attend, or join the waiting list when the event is full and the list is on (the API decides). */
        action: 'attend';
        /** The chosen location; null attends online (or an event without locations). */
        eventLocationId: number | null;
      }
    | {
        /** Withdraw, or leave the waiting list. */
        action: 'withdraw';
      }
  );

/** PUT api/events/{id}/attendance {eventLocationId} or DELETE api/events/{id}/attendance. */
export function changeAttendance(change: AttendanceChange): Promise<AttendanceAnswer> {
  const path = `api/events/${segment(change.eventId)}/attendance`;
  return change.action === 'attend'
    ? apiFetch<AttendanceAnswer>(path, { method: 'PUT', json: { eventLocationId: change.eventLocationId } })
    : apiFetch<AttendanceAnswer>(path, { method: 'DELETE' });
}

/**
 * Attend, join the waiting list, withdraw or leave it. On success every events read is refreshed
 * (afterEventChange) before the mutation settles, so the button, the counts and seats left, the
 * lists, My hub and the user info change together.
 */
export function useChangeAttendance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: AttendanceChange) => changeAttendance(change),
    onSuccess: (_answer, change) => afterEventChange(client, change),
  });
}
