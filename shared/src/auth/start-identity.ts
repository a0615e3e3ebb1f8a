import { getAppConfig } from '../config/app-config';
import { requestCache } from '../cache/request-cache';
import { logger } from '../logging/logger';
import { hubStore } from '../store/hub-store';
import { authStatusAtom } from './auth-state';
import { isFirebaseRequested, loadFirebase, onFirebaseUser, registerIdTokenProvider } from './firebase-loader';
import { handleFirebaseUser } from './session-flow';
import { setSignOutProvider } from './session-actions';
import {
  clearSyncPending,
  forgetWorkAccount,
  hasPendingWorkRedirect,
  hasStoredFirebaseUser,
  isSyncPending,
} from './session-storage';
import { completeWorkRedirect, loadedMsal } from './work-account';

/**
 * Starts the identity layer; the host calls it once, before rendering. Firebase (and MSAL) cost
 * far more than the first paint may, so they are loaded only when there is something to restore:
 * a stored Firebase user, a pending sync, or a work-account redirect answer. Otherwise the
 * visitor is logged out at once and the SDKs load when a sign-in starts.
 */
export async function startIdentity(store = hubStore): Promise<void> {
  onFirebaseUser((user) => void handleFirebaseUser(user, store));
  registerIdTokenProvider();
  setSignOutProvider(signOutEverywhere);

  const workRedirect = hasPendingWorkRedirect(getAppConfig().msal.clientId);
  if (!hasStoredFirebaseUser() && !isSyncPending() && !workRedirect) {
    store.set(authStatusAtom, 'loggedOut');
    return;
  }
  store.set(authStatusAtom, 'loading');
  try {
    await loadFirebase();
    if (workRedirect) await completeWorkRedirect();
  } catch (error) {
    logger.error('Could not start the sign-in service; continuing logged out.', error);
    store.set(authStatusAtom, 'loggedOut');
  }
}

/**
 * The sign-out behind SPEC §4's logout: Firebase session, work account (MSAL cache and access
 * token), the pending-sync flag and every cached API answer (answers may depend on who asked).
 */
export async function signOutEverywhere(): Promise<void> {
  try {
    if (isFirebaseRequested() || hasStoredFirebaseUser()) {
      const { auth, sdk } = await loadFirebase();
      await sdk.signOut(auth);
    }
    const client = await loadedMsal();
    if (client) await client.clearCache().catch(() => undefined);
  } finally {
    forgetWorkAccount();
    clearSyncPending();
    requestCache.clear();
  }
}
