/** SPEC §3 local storage keys. */
export const lastVisitedKey = 'lastVisited';
export const authSyncPendingKey = 'auth-sync-pending';

/** SPEC §2: every URL is remembered except callback, silent and anything under /account. */
export function isRememberedUrl(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? '';
  const firstSegment = path.replace(/^\/+/, '').split('/')[0];
  if (firstSegment === 'callback' || firstSegment === 'silent') return false;
  return !url.includes('/account');
}

export function rememberLastVisited(url: string, storage: Storage = localStorage): void {
  if (!isRememberedUrl(url)) return;
  try {
    storage.setItem(lastVisitedKey, url);
  } catch {
    // Storage can be full or disabled (private mode); losing the return address is harmless.
  }
}

export function readLastVisited(storage: Storage = localStorage): string | null {
  try {
    return storage.getItem(lastVisitedKey);
  } catch {
    return null;
  }
}

export function forgetLastVisited(storage: Storage = localStorage): void {
  try {
    storage.removeItem(lastVisitedKey);
  } catch {
    // see rememberLastVisited
  }
}
