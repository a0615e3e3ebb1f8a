/**
 * An anonymous visitor's Join, kept across the login (which leaves the page, and for a work
 * account the site) so it can be finished on their return. Session storage: it belongs to this
 * tab's visit only. It expires, so a login abandoned now does not join anyone an hour later.
 */
const key = 'hub.pendingJoin';

/** How long a Join pressed before logging in is still meant: long enough for a registration. */
export const pendingJoinLifetimeMs = 30 * 60 * 1000;

interface PendingJoin {
  communityId: number;
  /** The address where Join was pressed: the join is finished there, and only there. */
  path: string;
  at: number;
}

export function rememberPendingJoin(communityId: number, path: string): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ communityId, path, at: Date.now() } satisfies PendingJoin));
  } catch {
    // Storage refused (private mode, quota): the visitor presses Join again after logging in.
  }
}

/**
 * True once for the Join pressed for `communityId` at `path` (it is forgotten as it is answered),
 * false when there is none, it was for another community or page, or it has expired.
 */
export function takePendingJoin(communityId: number, path: string): boolean {
  let pending: Partial<PendingJoin>;
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return false;
    pending = JSON.parse(raw) as Partial<PendingJoin>;
  } catch {
    return false;
  }
  if (typeof pending.at !== 'number' || Date.now() - pending.at >= pendingJoinLifetimeMs) {
    forgetPendingJoin();
    return false;
  }
  if (pending.communityId !== communityId || pending.path !== path) return false;
  forgetPendingJoin();
  return true;
}

export function forgetPendingJoin(): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing to forget.
  }
}
