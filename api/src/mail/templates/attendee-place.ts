/** Where one attendee goes: their chosen office (address, arrival notes) or online. */
export type AttendeePlace =
  | { online: false; address: string; arrivalNotes: string | null }
  | {
      online: true;
      /** Given in reminders only: confirmations point to the reminder and the event page. */ joinUrl?: string;
    }
  | null;

/** The "Where" line of a confirmation or reminder. */
export function placeLine(place: AttendeePlace): string | null {
  if (!place) return null;
  if (!place.online) return place.address;
  return place.joinUrl
    ? `Online: ${place.joinUrl}`
    : 'Online — the link comes with your reminder and is on the event page';
}
