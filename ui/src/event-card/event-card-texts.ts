import type { AttendingEvent } from '@hub/contract/user';

/** "12 seats left", "1 seat left", or "Full"; nothing for an event without a capacity. */
export function seatsText(seatsLeft: number | null): { text: string; full: boolean } | null {
  if (seatsLeft === null) return null;
  if (seatsLeft <= 0) return { text: 'Full', full: true };
  return { text: `${seatsLeft} ${seatsLeft === 1 ? 'seat' : 'seats'} left`, full: false };
}

/** The signed-in user's own standing for an event, from the user info's attendingEvents. */
export function attendanceOf(attending: readonly AttendingEvent[], eventId: number): AttendingEvent['status'] | null {
  return attending.find((a) => a.eventId === eventId)?.status ?? null;
}
