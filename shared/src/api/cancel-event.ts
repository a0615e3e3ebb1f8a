import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDetail } from '@hub/contract/events';
import { apiFetch } from '../http/api-fetch';
import { afterEventChange, type EventChange } from './event-caches';
import { segment } from './read-init';

export interface EventCancellation extends EventChange {
  /** The organiser's note for the attendees (the event page and the mail show it). */
  note?: string | undefined;
}

/** POST api/events/{id}/cancel: the community's core members and admins; attendees are told by mail. */
export function cancelEvent({ eventId, note }: Pick<EventCancellation, 'eventId' | 'note'>): Promise<EventDetail> {
  return apiFetch<EventDetail>(`api/events/${segment(eventId)}/cancel`, {
    method: 'POST',
    json: note ? { note } : {},
  });
}

/** Cancel an event; on success every events read is refreshed before the mutation settles. */
export function useCancelEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: EventCancellation) => cancelEvent(change),
    onSuccess: (_answer, change) => afterEventChange(client, change),
  });
}
