/**
 * Seat bookkeeping shared by attendance and event edits. The seat functions run inside a
 * transaction that holds the event row lock (`for update`), so the event's and each location's
 * attendee counts move together and one attend at a time decides the last seats.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { enqueuePromotionMails } from '../mail/promotion-mail.ts';

export interface SeatState {
  /** Seats left for the whole event (Infinity without a capacity). */
  eventSeatsLeft: number;
  /** Seats left at a location by id (Infinity without a location capacity). */
  locationSeatsLeft: Map<number, number>;
}

interface Seats {
  capacity: number | null;
  attendeeCount: number;
}

/** The free seats from the event's and its locations' capacities and counts (read under the row lock). */
export function seatsLeft(event: Seats, locations: (Seats & { id: number })[]): SeatState {
  return {
    eventSeatsLeft: event.capacity === null ? Infinity : event.capacity - event.attendeeCount,
    locationSeatsLeft: new Map(
      locations.map((l) => [l.id, l.capacity === null ? Infinity : l.capacity - l.attendeeCount]),
    ),
  };
}

/** The free seats of an event and of each of its locations, read under the caller's row lock. */
export async function seatState(trx: Transaction<Database>, eventId: number): Promise<SeatState | undefined> {
  const event = await trx
    .selectFrom('event')
    .select(['capacity', 'attendeeCount'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!event) return undefined;
  const locations = await trx
    .selectFrom('eventLocation')
    .select(['id', 'capacity', 'attendeeCount'])
    .where('eventId', '=', eventId)
    .execute();
  return seatsLeft(event, locations);
}

/** Counts one person in or out of the event and, when they have one, of their location. */
export async function moveSeat(
  trx: Transaction<Database>,
  eventId: number,
  eventLocationId: number | null,
  delta: 1 | -1,
): Promise<void> {
  await trx
    .updateTable('event')
    .set((eb) => ({ attendeeCount: eb('attendeeCount', '+', delta) }))
    .where('id', '=', eventId)
    .execute();
  if (eventLocationId !== null) {
    await trx
      .updateTable('eventLocation')
      .set((eb) => ({ attendeeCount: eb('attendeeCount', '+', delta) }))
      .where('id', '=', eventLocationId)
      .where('eventId', '=', eventId)
      .execute();
  }
}

/**
 * Moves waiting people to free seats, first come first served: each in arrival order takes a seat
 * when the event has one and their chosen location (if it has a capacity) has one too; someone
 * waiting for a full location does not block those behind them who wait for another. A cancelled
 * event promotes nobody. Each person seated gets their mail as a mail job queued in this same
 * transaction, so the seat and its mail commit or roll back together; whoever calls this only has to
 * wake the job runner after the commit. Returns the user ids promoted.
 */
export async function promoteWaitingList(trx: Transaction<Database>, eventId: number): Promise<number[]> {
  const event = await trx.selectFrom('event').select('cancelled').where('id', '=', eventId).executeTakeFirst();
  if (!event || event.cancelled) return [];
  const seats = await seatState(trx, eventId);
  if (!seats || seats.eventSeatsLeft <= 0) return [];
  const waiting = await trx
    .selectFrom('eventAttendee')
    .select(['userId', 'eventLocationId'])
    .where('eventId', '=', eventId)
    .where('status', '=', 'waiting')
    // A row without a person is a deleted account's past attendance (issue 28), never waiting.
    .where('userId', 'is not', null)
    .$narrowType<{ userId: number }>()
    .orderBy('seq')
    .execute();
  const promoted: number[] = [];
  for (const w of waiting) {
    if (seats.eventSeatsLeft <= 0) break;
    const atLocation = w.eventLocationId === null ? Infinity : (seats.locationSeatsLeft.get(w.eventLocationId) ?? 0);
    if (atLocation <= 0) continue;
    await trx
      .updateTable('eventAttendee')
      .set({ status: 'attending' })
      .where('eventId', '=', eventId)
      .where('userId', '=', w.userId)
      .execute();
    await moveSeat(trx, eventId, w.eventLocationId, 1);
    seats.eventSeatsLeft -= 1;
    if (w.eventLocationId !== null) seats.locationSeatsLeft.set(w.eventLocationId, atLocation - 1);
    promoted.push(w.userId);
  }
  await enqueuePromotionMails(trx, eventId, promoted);
  return promoted;
}

/**
 * Takes one person off an event under the event's row lock: their row goes, a seat they held is
 * counted out and given to the next one waiting. Answers what they had (undefined: nothing) and who
 * was promoted; a withdrawal mail is the caller's to queue (a deleted account gets none).
 */
export async function withdrawAttendance(
  trx: Transaction<Database>,
  eventId: number,
  userId: number,
): Promise<{ status: 'attending' | 'waiting'; eventLocationId: number | null; promoted: number[] } | undefined> {
  await trx.selectFrom('event').select('id').where('id', '=', eventId).forUpdate().executeTakeFirst();
  const removed = await trx
    .deleteFrom('eventAttendee')
    .where('eventId', '=', eventId)
    .where('userId', '=', userId)
    .returning(['status', 'eventLocationId'])
    .executeTakeFirst();
  if (!removed) return undefined;
  if (removed.status !== 'attending') return { ...removed, promoted: [] };
  await moveSeat(trx, eventId, removed.eventLocationId, -1);
  return { ...removed, promoted: await promoteWaitingList(trx, eventId) };
}
