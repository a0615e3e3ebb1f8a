import { apiFetch } from '@hub/shared';

/** The fields of GET api/events/{id} (API `EventDetail`, api/src/http/schemas.ts) this area shows. */
export interface AttendedEvent {
  id: number;
  title: string;
  /** ISO date-time */
  startsAt: string;
  /** ISO date-time */
  endsAt: string;
  communityId: number;
  communityName: string;
  cancelled: boolean;
  format: 'online' | 'inPerson' | 'hybrid';
}

/** GET api/events/{id}: one event. Not cached here; the API sends its own caching headers. */
export function getEvent(id: number): Promise<AttendedEvent> {
  return apiFetch<AttendedEvent>(`api/events/${encodeURIComponent(String(id))}`);
}
