import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import type { CheckInAnswer, ManagedAttendeeList } from '@hub/contract/manage';
import { manageKeys } from './query-keys';
import { segment } from './read-init';

export interface CheckInChange {
  userId: number;
  /** true: mark present (PUT); false: take the mark back (DELETE). */
  present: boolean;
}

/** PUT (present) or DELETE (not present) api/events/{id}/attendees/{userId}/check-in. */
export function setCheckIn(eventId: number, { userId, present }: CheckInChange): Promise<CheckInAnswer> {
  return apiFetch<CheckInAnswer>(`api/events/${segment(eventId)}/attendees/${segment(userId)}/check-in`, {
    method: present ? 'PUT' : 'DELETE',
  });
}

/** The list with one attendee's check-in time replaced and the event's count moved with it. */
function withCheckIn(list: ManagedAttendeeList, userId: number, checkedInAt: string | null): ManagedAttendeeList {
  const before = list.items.find((a) => a.userId === userId);
  if (!before) return list;
  const delta = Number(checkedInAt !== null) - Number(before.checkedInAt !== null);
  return {
    event: { ...list.event, checkedIn: list.event.checkedIn + delta },
    items: list.items.map((a) => (a.userId === userId ? { ...a, checkedInAt } : a)),
  };
}

/**
 * Check-in at the door, optimistic: the switch and the "32 of 50 checked in" count move at once;
 * a refusal or a lost network puts back exactly what was there and rejects, so the screen can say
 * so. The answer's time and counts (which include other door staff's check-ins) are then written
 * into the list, and the manage overview (its checked-in counts) is marked stale.
 */
export function useCheckIn(eventId: number) {
  const client = useQueryClient();
  const key = manageKeys.attendees(eventId);
  const mutationKey = [...key, 'check-in'];
  return useMutation({
    mutationKey,
    mutationFn: (change: CheckInChange) => setCheckIn(eventId, change),
    onMutate: async ({ userId, present }) => {
      // A read in flight would overwrite the optimistic state with the old one.
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<ManagedAttendeeList>(key);
      if (previous) {
        client.setQueryData(key, withCheckIn(previous, userId, present ? new Date().toISOString() : null));
      }
      return { previous };
    },
    onError: (_error, { userId }, context) => {
      const previous = context?.previous?.items.find((a) => a.userId === userId);
      const current = client.getQueryData<ManagedAttendeeList>(key);
      // Only this attendee is put back: other check-ins made meanwhile stay.
      if (previous && current) client.setQueryData(key, withCheckIn(current, userId, previous.checkedInAt));
    },
    onSuccess: (answer) => {
      const current = client.getQueryData<ManagedAttendeeList>(key);
      if (current) {
        const updated = withCheckIn(current, answer.userId, answer.checkedInAt);
        // The server's count includes other door staff's check-ins, but while another of ours is
        // still on its way it lacks that one: keep the optimistic count until the last answer.
        const last = client.isMutating({ mutationKey }) <= 1;
        client.setQueryData(
          key,
          last
            ? { ...updated, event: { ...updated.event, checkedIn: answer.checkedIn, attending: answer.attending } }
            : updated,
        );
      }
      return Promise.all([
        client.invalidateQueries({ queryKey: [...manageKeys.all, 'communities'] }),
        client.invalidateQueries({ queryKey: [...manageKeys.all, 'events'] }),
      ]);
    },
  });
}
