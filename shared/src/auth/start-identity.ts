import { getAppConfig } from '../config/app-config';
import { queryClient } from '../query/query-client';
import { setIdTokenProvider } from '../http/id-token-provider';
import { logger } from '../logging/logger';
import { hubStore } from '../store/hub-store';
import { authStatusAtom } from './auth-state';
import { isIdentityRuntimeRequested, loadIdentityRuntime } from './identity-api';
import { setSignOutProvider } from './session-actions';
import {
  clearSyncPending,
  forgetWorkAccount,
  hasPendingWorkRedirect,
  hasStoredFirebaseUser,
  isSyncPending,
} from './session-storage';

/**
 * Starts the identity layer; the host calls it once, before rendering. Firebase (and MSAL) cost
 * far more than the first paint may, so they are loaded only when there is something to restore:
 * a stored Firebase user, a pending sync, or a work-account redirect answer. Otherwise the
 * visitor is logged out at once and the SDKs load when a sign-in starts.
 */
export async function startIdentity(): Promise<void> {
  const store = hubStore;
  // API calls carry the user's ID token once the runtime is there (and wait for it while it loads).
  setIdTokenProvider(async () =>
    isIdentityRuntimeRequested() ? (await loadIdentityRuntime()).currentIdToken() : null,
  );
  setSignOutProvider(signOutEverywhere);

  const workRedirect = hasPendingWorkRedirect(getAppConfig().msal.clientId);
  if (!hasStoredFirebaseUser() && !isSyncPending() && !workRedirect) {
    store.set(authStatusAtom, 'loggedOut');
    return;
  }
  store.set(authStatusAtom, 'loading');
  try {
    await (await loadIdentityRuntime()).restoreSession(workRedirect);
  } catch (error) {
    logger.error('Could not start the sign-in service; continuing logged out.', error);
    store.set(authStatusAtom, 'loggedOut');
  }
}

/** Sign-out (SPEC §4 logout's first step); without a session in this page nothing heavy is loaded. */
export async function signOutEverywhere(): Promise<void> {
  if (isIdentityRuntimeRequested() || hasStoredFirebaseUser()) {
    await (await loadIdentityRuntime()).signOutEverywhere();
    return;
  }
  forgetWorkAccount();
  clearSyncPending();
  queryClient.clear();
}
