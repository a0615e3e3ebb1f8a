import type { EventLocation, EventSummary } from '@hub/contract/events';

/**
 * An event's one state, decided here for every screen that shows an event (issue 23: "one cancelled
 * state everywhere"): the event card in every list, the event page, the home widget, My {product}
 * and the manage area.
 * - `cancelled` wins over time: a cancelled event is neither upcoming nor past; nothing about it may
 *   look alive (no "You're going", no seats left, no Attend, no Add to calendar, no join link).
 * - `past` once it has ended; `upcoming` until then (an event under way counts as upcoming, as the
 *   API's lists file it).
 * The API files a cancelled event under its past lists (api/src/services/event-state-sql.ts).
 */
export type EventState = 'upcoming' | 'past' | 'cancelled';

export function eventState(event: Pick<EventSummary, 'cancelled' | 'endsAt'>, now: number = Date.now()): EventState {
  if (event.cancelled) return 'cancelled';
  return new Date(event.endsAt).getTime() < now ? 'past' : 'upcoming';
}

/** Still to come and not cancelled: the only state in which seats, attending and join links mean anything. */
export const isLiveEvent = (event: Pick<EventSummary, 'cancelled' | 'endsAt'>, now: number = Date.now()) =>
  eventState(event, now) === 'upcoming';

/** A location with a seat left (its own capacity; the event's is checked apart). */
export const locationHasSeats = (l: Pick<EventLocation, 'capacity' | 'attendeeCount'>) =>
  l.capacity === null || l.attendeeCount < l.capacity;
