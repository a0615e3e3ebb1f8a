import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { afterEventChange } from './event-caches';
import { segment } from './read-init';
import type { EventDetail, EventInput } from '@hub/contract/events';

/** POST api/events (a core member of the event's community, or an admin) → the new event's detail. */
export function createEvent(input: EventInput): Promise<EventDetail> {
  return apiFetch<EventDetail>('api/events', { method: 'POST', json: input });
}

/** PUT api/events/{id} (a core member of its community — and of the target one when moving it — or an admin). */
export function updateEvent(id: number, input: EventInput): Promise<EventDetail> {
  return apiFetch<EventDetail>(`api/events/${segment(id)}`, { method: 'PUT', json: input });
}

/**
 * Create (no `id`) or edit an event. On success every events read is refreshed through
 * `afterEventChange` (the event, the lists, the community's events, the user info) before the
 * mutation resolves, so the page the form goes to next shows the saved event. An edit that moves
 * the event to another community needs nothing more: `afterEventChange` marks every events read stale.
 */
export function useSaveEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: EventInput }) =>
      id === undefined ? createEvent(input) : updateEvent(id, input),
    onSuccess: (saved) => afterEventChange(client, { eventId: saved.id, communityId: saved.communityId }),
  });
}
