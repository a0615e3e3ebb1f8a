import { authSyncPendingKey } from '../navigation/last-visited';

/**
 * Browser storage the identity flow reads and writes. Every access is guarded: storage can be
 * disabled (private mode) or full, and losing a flag must never break sign-in.
 */

/** Firebase keeps its signed-in user under keys with this prefix (browserLocalPersistence). */
export const firebaseUserKeyPrefix = 'firebase:authUser:';
/** The work-account access token, posted as `msfAccessToken`; kept for the tab's life only, never logged. */
export const workAccessTokenKey = 'hub.msfAccessToken';
/** The work-account ID token, posted as `msfIdToken` beside it: the API verifies tenant and audience with it. */
export const workIdTokenKey = 'hub.msfIdToken';
/** The random value whose SHA-256 is the nonce of a work-account sign-in (it survives the redirect). */
export const workRawNonceKey = 'hub.workSignIn.rawNonce';
/** MSAL's own keys (its cache lives in session storage). */
export const msalKeyPrefix = 'msal.';

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

function keysOf(storage: Storage): string[] {
  return safely(() => Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? ''), []);
}

/** Is a Firebase session stored in this browser? Only then is Firebase worth loading at start. */
export function hasStoredFirebaseUser(storage: Storage = localStorage): boolean {
  return keysOf(storage).some((key) => key.startsWith(firebaseUserKeyPrefix));
}

/** SPEC §3/§4: the sync-pending flag ('true' makes the next session report a new one). */
export function isSyncPending(storage: Storage = localStorage): boolean {
  return safely(() => storage.getItem(authSyncPendingKey) === 'true', false);
}

export function setSyncPending(storage: Storage = localStorage): void {
  safely(() => storage.setItem(authSyncPendingKey, 'true'), undefined);
}

export function clearSyncPending(storage: Storage = localStorage): void {
  safely(() => storage.removeItem(authSyncPendingKey), undefined);
}

/** The tokens of this tab's work sign-in, as the user sync posts them (both null without one). */
export function readWorkTokens(storage: Storage = sessionStorage): {
  msfAccessToken: string | null;
  msfIdToken: string | null;
} {
  return {
    msfAccessToken: safely(() => storage.getItem(workAccessTokenKey), null),
    msfIdToken: safely(() => storage.getItem(workIdTokenKey), null),
  };
}

export function storeWorkTokens(accessToken: string, idToken: string, storage: Storage = sessionStorage): void {
  safely(() => storage.setItem(workAccessTokenKey, accessToken), undefined);
  safely(() => storage.setItem(workIdTokenKey, idToken), undefined);
}

/** Forgets the work-account token and MSAL's cached accounts and tokens (sign-out). */
export function forgetWorkAccount(storage: Storage = sessionStorage): void {
  for (const key of keysOf(storage)) {
    if (
      key === workAccessTokenKey ||
      key === workIdTokenKey ||
      key === workRawNonceKey ||
      key.startsWith(msalKeyPrefix)
    ) {
      safely(() => storage.removeItem(key), undefined);
    }
  }
}

/**
 * Did a work-account redirect sign-in come back to this page load? Either the answer is still in
 * the URL, or MSAL's redirect bridge page (auth/redirect.html) cached it in session storage
 * before sending the browser back here.
 */
export function hasPendingWorkRedirect(
  clientId: string,
  location: Location = window.location,
  storage: Storage = sessionStorage,
): boolean {
  const inUrl = /[#&?](code|error)=/.test(location.hash) || /[?&](code|error)=/.test(location.search);
  const urlHasState = /[#&?]state=/.test(location.hash + location.search);
  if (inUrl && urlHasState) return true;
  return safely(() => storage.getItem(`${msalKeyPrefix}${clientId}.urlHash`) !== null, false);
}
