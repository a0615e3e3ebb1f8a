import { fetchUserInfo } from '../api/get-user-info';
import { forgetAllPersistedQueries, startQueryPersistence } from '../query/query-persistence';
import { syncUser } from '../api/user-client';
import { logger } from '../logging/logger';
import { readLastVisited } from '../navigation/last-visited';
import { routePaths } from '../routes/route-paths';
import { hubStore } from '../store/hub-store';
import { fallbackUser } from '../user/user-info';
import { SyncCode } from '@hub/contract/enums';
import {
  authStatusAtom,
  providerDisplayNameAtom,
  sessionSetupAtom,
  userInfoAtom,
  workSignInErrorAtom,
} from './auth-state';
import { IdentityError } from './identity-error';
import { navigateTo } from './navigator';
import { endProviderSession } from './session-actions';
import { clearSyncPending, isSyncPending, readWorkTokens } from './session-storage';
import { syncErrorText, userSyncTimeoutMs } from './sync-codes';

/** The minimal view of a Firebase user the flow needs (a Firebase `User` satisfies it). */
export interface SessionUser {
  uid: string;
  emailVerified: boolean;
  displayName: string | null;
  providerData: readonly { providerId: string }[];
}

/**
 * SPEC §4: a password-provider user counts as logged in only once the e-mail is verified. A user
 * who also has another provider (a work account) is vouched for by that provider.
 */
export function countsAsLoggedIn(user: SessionUser): boolean {
  const passwordOnly = user.providerData.length > 0 && user.providerData.every((p) => p.providerId === 'password');
  return !passwordOnly || user.emailVerified;
}

/** undefined until the first report of the page (the restored session), then the last logged-in uid or null. */
let knownUid: string | null | undefined;
/** Bumped on every report, so a slow step of an older report never overwrites a newer one. */
let generation = 0;

/**
 * Reacts to every change of the Firebase user (Firebase's onAuthStateChanged). SPEC §4: a
 * session is new when the credential (the uid) changes or the sync-pending flag is 'true'.
 * The first report of a page load is the session restored from storage, not a new credential.
 */
export async function handleFirebaseUser(user: SessionUser | null, store = hubStore): Promise<void> {
  const current = ++generation;
  const isFirstReport = knownUid === undefined;

  if (!user || !countsAsLoggedIn(user)) {
    // The session ended (or a stored one could not be restored): nothing read as a user stays on
    // the device, nor, if the user was signed in on this page, in it (issue 23).
    const endedHere = typeof knownUid === 'string';
    knownUid = null;
    void forgetAllPersistedQueries({ clearCache: endedHere });
    store.set(sessionSetupAtom, false);
    store.set(userInfoAtom, fallbackUser);
    store.set(providerDisplayNameAtom, null);
    store.set(authStatusAtom, 'loggedOut');
    return;
  }

  const credentialChanged = !isFirstReport && user.uid !== knownUid;
  const newSession = credentialChanged || isSyncPending();
  knownUid = user.uid;
  store.set(providerDisplayNameAtom, user.displayName ?? null);
  // This user's stored answers first (offline, the user info and My {product} come from them).
  await startQueryPersistence(user.uid).catch(() => undefined);
  if (current !== generation) return;
  if (newSession) await startNewSession(current, store);
  else await restoreSession(current, store);
}

/** A session restored from storage: the user info first, so that guards see the real permissions. */
async function restoreSession(current: number, store: typeof hubStore): Promise<void> {
  store.set(authStatusAtom, 'loading');
  const user = await fetchUserInfo();
  if (current !== generation) return;
  store.set(userInfoAtom, user);
  store.set(authStatusAtom, 'loggedIn');
}

/**
 * SPEC §4 new session: to /callback; post the sync (5000 ms; error or timeout → null); clear the
 * sync flag only for a non-null result; codes 4, 5 and 6 are only logged; then fetch the user
 * info and go back to the last visited page, or /.
 */
async function startNewSession(current: number, store: typeof hubStore): Promise<void> {
  store.set(sessionSetupAtom, true);
  store.set(authStatusAtom, 'loggedIn');
  // In place of the page the sign-in happened on (the login screen): Back from where the user
  // lands must not lead to it, which would send a signed-in user on to /my-account (issue 23).
  navigateTo(routePaths.callback(), { replace: true });

  const work = readWorkTokens();
  const result = await syncWithTimeout(work);
  if (current !== generation) return;
  if (result !== null) clearSyncPending();
  const failure = result === null ? null : syncErrorText(result);
  if (failure) logger.error(failure);
  if (result === SyncCode.InvalidEmail && work.msfAccessToken) {
    await refuseWorkSignIn(store);
    return;
  }

  const user = await fetchUserInfo();
  if (current !== generation) return;
  store.set(userInfoAtom, user);
  store.set(sessionSetupAtom, false);
  navigateTo(readLastVisited() ?? routePaths.home(), { replace: true });
}

/**
 * The API refused a work sign-in (5: not the company's tenant, client or domains). Staying signed in
 * would leave a session with no account and no word why (issue 23): end it and say, on the login
 * screen, what happened and what to do. Firebase's sign-out report then sets the status.
 */
async function refuseWorkSignIn(store: typeof hubStore): Promise<void> {
  store.set(workSignInErrorAtom, new IdentityError('work-account-refused'));
  try {
    await endProviderSession();
  } catch (error) {
    logger.error('Could not end the refused work-account session', error);
  }
  store.set(sessionSetupAtom, false);
  navigateTo(routePaths.login(), { replace: true });
}

/**
 * `POST api/user/sync` with SPEC §9's 5000 ms limit on the whole call (token included): any
 * failure or the time running out gives null. The request itself is cancelled at the limit.
 */
export function syncWithTimeout(
  work: { msfAccessToken: string | null; msfIdToken?: string | null },
  timeoutMs: number = userSyncTimeoutMs,
): Promise<number | null> {
  const controller = new AbortController();
  return new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      controller.abort(new DOMException(`The user sync took longer than ${timeoutMs} ms`, 'TimeoutError'));
      resolve(null);
    }, timeoutMs);
    syncUser(work, { signal: controller.signal }).then(
      (code) => {
        clearTimeout(timer);
        resolve(typeof code === 'number' ? code : null);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

/** Test seam: back to the state of a fresh page load. */
export function resetSessionFlowForTests(): void {
  knownUid = undefined;
  generation = 0;
}
