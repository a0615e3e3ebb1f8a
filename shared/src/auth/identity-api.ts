/**
 * The account actions the screens call (remote-account codes against these names). Each one loads
 * the identity runtime (Firebase, and MSAL for the work account) on first use, so none of it
 * weighs on the first paint.
 */
import { IdentityError } from './identity-error';
import type * as IdentityRuntime from './identity-runtime';
import type { Registration } from './password-account';

export type { Registration } from './password-account';

type Runtime = typeof IdentityRuntime;
let runtime: Promise<Runtime> | null = null;

/** Loads the identity runtime once; a failed load (offline) can be tried again. */
export function loadIdentityRuntime(): Promise<Runtime> {
  runtime ??= import('./identity-runtime');
  runtime.catch(() => {
    runtime = null;
  });
  return runtime;
}

/** Has the runtime been asked for (so a session may exist in this page)? */
export function isIdentityRuntimeRequested(): boolean {
  return runtime !== null;
}

async function withRuntime<T>(action: (r: Runtime) => Promise<T>): Promise<T> {
  let loaded: Runtime;
  try {
    loaded = await loadIdentityRuntime();
  } catch (error) {
    throw new IdentityError('network', error);
  }
  return action(loaded);
}

/**
 * Signs a password user in. Resolves once the sign-in is accepted; the session flow then takes
 * the user through /callback back to the last visited page (the caller does not navigate). Rejects
 * with an IdentityError: 'wrong-credentials', 'email-not-verified' (the user is not logged in;
 * offer `resendVerificationEmail`), 'network', 'too-many-requests', 'unknown'.
 */
export function signInWithPassword(email: string, password: string): Promise<void> {
  return withRuntime((r) => r.signInWithPassword(email, password));
}

/**
 * Creates the account (display name 'lastName, firstName'), has the verification e-mail sent
 * (`POST api/user/activate-account`) and leaves nobody signed in. Resolves with the address.
 * Rejects with 'email-in-use', 'weak-password', 'network', 'too-many-requests' or 'unknown'.
 */
export function registerWithPassword(registration: Registration): Promise<{ email: string }> {
  return withRuntime((r) => r.registerWithPassword(registration));
}

/** Sends the verification e-mail again (the password proves the address); 'already-verified' when there is nothing to do. */
export function resendVerificationEmail(email: string, password: string): Promise<'sent' | 'already-verified'> {
  return withRuntime((r) => r.resendVerificationEmail(email, password));
}

/**
 * Work-account sign-in. 'popup' resolves once signed in (rejects 'popup-closed' when the window is
 * closed); 'redirect' leaves the page and finishes after the return — a failure there is put in
 * `workSignInErrorAtom`.
 */
export function signInWithWorkAccount(mode: 'popup' | 'redirect'): Promise<void> {
  return withRuntime((r) => r.signInWithWorkAccount(mode));
}

/** Applies an e-mail verification link's code ('invalid-code' when used, expired or wrong). */
export function applyEmailVerificationCode(oobCode: string): Promise<void> {
  return withRuntime((r) => r.applyEmailVerificationCode(oobCode));
}

/** Checks a password-reset link's code and resolves with the account's e-mail address. */
export function verifyPasswordResetCode(oobCode: string): Promise<string> {
  return withRuntime((r) => r.verifyPasswordResetCode(oobCode));
}

/** Sets a new password with a password-reset link's code ('invalid-code', 'weak-password'). */
export function confirmNewPassword(oobCode: string, newPassword: string): Promise<void> {
  return withRuntime((r) => r.confirmNewPassword(oobCode, newPassword));
}
