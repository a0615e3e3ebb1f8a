/**
 * An anonymous visitor's Attend, kept across the login (which leaves the page, and for a work
 * account the site) so it is finished on their return to the event. Session storage: it belongs
 * to this tab's visit only; it expires, so a login abandoned now attends nobody an hour later.
 * The same approach as the communities' pending Join.
 */
const key = 'hub.pendingAttend';

export const pendingAttendLifetimeMs = 30 * 60 * 1000;

interface PendingAttend {
  eventId: number;
  /** Which button was pressed ('only', 'online' or 'inPerson'): the same choice is made on return. */
  choice: string;
  at: number;
}

export function rememberPendingAttend(eventId: number, choice: string): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ eventId, choice, at: Date.now() } satisfies PendingAttend));
  } catch {
    // Storage refused (private mode, quota): the visitor presses Attend again after logging in.
  }
}

/** The choice pressed for `eventId` before logging in, once (it is forgotten as it is read); else null. */
export function takePendingAttend(eventId: number): string | null {
  let pending: Partial<PendingAttend>;
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return null;
    pending = JSON.parse(raw) as Partial<PendingAttend>;
  } catch {
    return null;
  }
  if (pending.eventId !== eventId) return null;
  forgetPendingAttend();
  if (typeof pending.at !== 'number' || Date.now() - pending.at >= pendingAttendLifetimeMs) return null;
  return typeof pending.choice === 'string' ? pending.choice : null;
}

export function forgetPendingAttend(): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing to forget.
  }
}
