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

/**
 * A path of this site, and only that: the return address is handed to the router after sign-in,
 * and `//evil.example/x` (or `/\\evil.example`, which browsers read the same) is another origin, which
 * the router cannot go to (the user was left on /callback). The check is the browser's own reading
 * of the address against a stand-in origin.
 */
export function isSiteLocalPath(url: string): boolean {
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return false;
  try {
    return new URL(url, 'https://site.invalid').origin === 'https://site.invalid';
  } catch {
    return false;
  }
}

export function rememberLastVisited(url: string, storage: Storage = localStorage): void {
  if (!isRememberedUrl(url) || !isSiteLocalPath(url)) return;
  try {
    storage.setItem(lastVisitedKey, url);
  } catch {
    // Storage can be full or disabled (private mode); losing the return address is harmless.
  }
}

/** The stored return address, if it is a path of this site (anything else, written by whatever means, is ignored). */
export function readLastVisited(storage: Storage = localStorage): string | null {
  try {
    const url = storage.getItem(lastVisitedKey);
    return url !== null && isSiteLocalPath(url) ? url : null;
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
