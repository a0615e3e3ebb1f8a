/**
 * Everything of the identity layer that is not needed for the first paint: the Firebase and MSAL
 * glue, the session flow and the account actions. Loaded with import() by `identity-api.ts` and
 * `start-identity.ts` only when a session exists or a sign-in starts.
 */
import { queryClient } from '../query/query-client';
import { hubStore } from '../store/hub-store';
import { isFirebaseRequested, loadFirebase, onFirebaseUser } from './firebase-loader';
import { handleFirebaseUser } from './session-flow';
import { clearSyncPending, forgetWorkAccount, hasStoredFirebaseUser } from './session-storage';
import { completeWorkRedirect, loadedMsal } from './work-account';

export { currentIdToken } from './firebase-loader';
export * from './password-account';
export { signInWithWorkAccount } from './work-account';

// The session flow follows every change of the Firebase user from the moment this module loads,
// before any Firebase instance exists, so no report is ever missed.
onFirebaseUser((user) => void handleFirebaseUser(user, hubStore));

/** Restores the stored session (Firebase reports its user to the flow), then a pending work redirect. */
export async function restoreSession(workRedirect = false): Promise<void> {
  await loadFirebase();
  if (workRedirect) await completeWorkRedirect();
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
    queryClient.clear();
  }
}
