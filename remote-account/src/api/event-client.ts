import { apiFetch, type EventDetail } from '@hub/shared';

/** GET api/events/{id}: one event. Not cached here; the API sends its own caching headers. */
export function getEvent(id: number): Promise<EventDetail> {
  return apiFetch<EventDetail>(`api/events/${encodeURIComponent(String(id))}`);
}
