import type { User } from 'firebase/auth';
import { apiFetch } from '../http/api-fetch';
import { ApiError } from '../http/normalised-error';
import { storedDisplayName } from '../user/display-name';
import type { Message } from '@hub/contract/common';
import { isFirebaseRequested, loadFirebase, loadQuietFirebase } from './firebase-loader';
import { IdentityError, toIdentityError } from './identity-error';
import { handleFirebaseUser } from './session-flow';
import { clearSyncPending, setSyncPending } from './session-storage';

export interface Registration {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/**
 * Signs a password user in. Resolves once Firebase accepted them; the session flow then takes
 * the user through /callback back to the last visited page, so the caller does not navigate.
 * An unverified user is signed out again at once (SPEC §4) and gets 'email-not-verified'.
 */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  try {
    const { auth, sdk } = await loadFirebase();
    // SPEC §4: signing a password user in sets the sync-pending flag (before Firebase reports the user).
    setSyncPending();
    let user: User;
    try {
      ({ user } = await sdk.signInWithEmailAndPassword(auth, email.trim(), password));
    } catch (error) {
      clearSyncPending();
      throw error;
    }
    if (!user.emailVerified) {
      clearSyncPending();
      await sdk.signOut(auth);
      throw new IdentityError('email-not-verified');
    }
  } catch (error) {
    throw toIdentityError(error);
  }
}

/** The account of a not yet verified user asks the API to (re)send the verification link. */
async function sendVerificationMail(user: User): Promise<void> {
  const token = await user.getIdToken();
  await apiFetch<Message>('api/user/activate-account', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
}

/**
 * Creates the account, saves its display name as 'lastName, firstName' (SPEC §5) and has the
 * verification e-mail sent (`POST api/user/activate-account`). Nobody is signed in on the site
 * afterwards: the user logs in once the e-mail is verified. Resolves with the address the e-mail
 * went to.
 */
export async function registerWithPassword(registration: Registration): Promise<{ email: string }> {
  const email = registration.email.trim();
  let handle: Awaited<ReturnType<typeof loadQuietFirebase>> | undefined;
  let created = false;
  try {
    handle = await loadQuietFirebase();
    const { user } = await handle.sdk.createUserWithEmailAndPassword(handle.auth, email, registration.password);
    created = true;
    await handle.sdk.updateProfile(user, {
      displayName: storedDisplayName(registration.firstName, registration.lastName),
    });
    await sendVerificationMail(user);
    return { email };
  } catch (error) {
    const failure = toIdentityError(error);
    if (!created) throw failure;
    throw new IdentityError(
      failure.code,
      error,
      'Your account was created, but the verification e-mail could not be sent. Log in with your e-mail address and password to have it sent again.',
    );
  } finally {
    if (handle) await handle.sdk.signOut(handle.auth).catch(() => undefined);
  }
}

/**
 * Sends the verification e-mail again; the password proves the address is the caller's. Resolves
 * 'already-verified' when there is nothing to verify any more (the user can simply log in).
 */
export async function resendVerificationEmail(email: string, password: string): Promise<'sent' | 'already-verified'> {
  let handle: Awaited<ReturnType<typeof loadQuietFirebase>> | undefined;
  try {
    handle = await loadQuietFirebase();
    const { user } = await handle.sdk.signInWithEmailAndPassword(handle.auth, email.trim(), password);
    if (user.emailVerified) return 'already-verified';
    await sendVerificationMail(user);
    return 'sent';
  } catch (error) {
    // 409: the API found the address verified in the meantime.
    if (error instanceof ApiError && error.status === 409) return 'already-verified';
    throw toIdentityError(error);
  } finally {
    if (handle) await handle.sdk.signOut(handle.auth).catch(() => undefined);
  }
}

/**
 * Applies the code of an e-mail verification link. If this tab holds the user, their ID token is
 * refreshed (its email_verified claim stays stale until `getIdToken(true)`) and the session is
 * evaluated again, which logs them in.
 */
export async function applyEmailVerificationCode(oobCode: string): Promise<void> {
  try {
    const { auth, sdk } = await loadQuietFirebase();
    await sdk.applyActionCode(auth, oobCode);
  } catch (error) {
    throw toIdentityError(error);
  }
  if (!isFirebaseRequested()) return;
  try {
    const { auth } = await loadFirebase();
    const user = auth.currentUser;
    if (!user) return;
    await user.reload();
    await user.getIdToken(true);
    await handleFirebaseUser(auth.currentUser);
  } catch {
    // The address is verified all the same; the next sign-in picks it up.
  }
}

/** Checks a password-reset link's code; resolves with the account's e-mail address. */
export async function verifyPasswordResetCode(oobCode: string): Promise<string> {
  try {
    const { auth, sdk } = await loadQuietFirebase();
    return await sdk.verifyPasswordResetCode(auth, oobCode);
  } catch (error) {
    throw toIdentityError(error);
  }
}

/** Sets the new password with a password-reset link's code. */
export async function confirmNewPassword(oobCode: string, newPassword: string): Promise<void> {
  try {
    const { auth, sdk } = await loadQuietFirebase();
    await sdk.confirmPasswordReset(auth, oobCode, newPassword);
  } catch (error) {
    throw toIdentityError(error);
  }
}
