import { ApiError } from '../http/normalised-error';

export type IdentityErrorCode =
  | 'wrong-credentials'
  | 'email-not-verified'
  | 'email-in-use'
  | 'weak-password'
  | 'network'
  | 'too-many-requests'
  | 'invalid-code'
  | 'popup-closed'
  | 'work-account-refused'
  | 'unknown';

/** What each failure tells the user: what happened and what to do about it. */
export const identityErrorMessages: Record<IdentityErrorCode, string> = {
  'wrong-credentials':
    'The e-mail address or password is not correct. Check both and try again, or reset your password.',
  'email-not-verified':
    'Your e-mail address is not verified yet. Open the link in the e-mail we sent you, or have the e-mail sent again.',
  'email-in-use': 'An account with this e-mail address already exists. Log in instead, or reset your password.',
  'weak-password': 'This password is too weak. Choose a longer password that is harder to guess.',
  network: 'We could not reach the sign-in service. Check your internet connection and try again.',
  'too-many-requests': 'There were too many attempts. Wait a few minutes, then try again.',
  'invalid-code': 'This link is invalid or has expired, or it was already used. Ask for a new e-mail and use its link.',
  'popup-closed':
    'The sign-in window was closed before sign-in finished. Try again, and finish signing in in that window.',
  'work-account-refused':
    "This work account is not one of the company's, so you have not been logged in. Log in with your company work account, or with your e-mail address and password.",
  unknown: 'Something went wrong while signing you in. Try again in a moment.',
};

/** A failure of an account action (sign-in, registration, e-mail links), ready to show to the user. */
export class IdentityError extends Error {
  readonly code: IdentityErrorCode;

  /** `cause` is the underlying failure, for logs; it is never shown. */
  constructor(code: IdentityErrorCode, cause?: unknown, message: string = identityErrorMessages[code]) {
    super(message, { cause });
    this.name = 'IdentityError';
    this.code = code;
  }
}

/** Firebase Auth error codes (`auth/...`) by what they mean to the user. */
const firebaseCodes: Record<string, IdentityErrorCode> = {
  'auth/invalid-credential': 'wrong-credentials',
  'auth/invalid-login-credentials': 'wrong-credentials',
  'auth/wrong-password': 'wrong-credentials',
  'auth/user-not-found': 'wrong-credentials',
  'auth/invalid-email': 'wrong-credentials',
  'auth/user-disabled': 'wrong-credentials',
  'auth/email-already-in-use': 'email-in-use',
  'auth/weak-password': 'weak-password',
  'auth/password-does-not-meet-requirements': 'weak-password',
  'auth/network-request-failed': 'network',
  'auth/timeout': 'network',
  'auth/too-many-requests': 'too-many-requests',
  'auth/invalid-action-code': 'invalid-code',
  'auth/expired-action-code': 'invalid-code',
  'auth/popup-closed-by-user': 'popup-closed',
  'auth/cancelled-popup-request': 'popup-closed',
};

/** MSAL (`@azure/msal-browser`) error codes. */
const msalCodes: Record<string, IdentityErrorCode> = {
  user_cancelled: 'popup-closed',
  popup_window_error: 'popup-closed',
  empty_window_error: 'popup-closed',
  timed_out: 'network',
  no_network_connectivity: 'network',
  post_request_failed: 'network',
  get_request_failed: 'network',
  endpoints_resolution_error: 'network',
};

/** Turns whatever an identity SDK or the API threw into an IdentityError (an IdentityError passes through). */
export function toIdentityError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  if (error instanceof ApiError) {
    if (error.kind === 'network' || error.kind === 'timeout') return new IdentityError('network', error);
    if (error.status === 429) return new IdentityError('too-many-requests', error);
    return new IdentityError('unknown', error);
  }
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown; errorCode?: unknown }) : {};
  const firebase = typeof code.code === 'string' ? firebaseCodes[code.code] : undefined;
  if (firebase) return new IdentityError(firebase, error);
  const msal = typeof code.errorCode === 'string' ? msalCodes[code.errorCode] : undefined;
  if (msal) return new IdentityError(msal, error);
  return new IdentityError('unknown', error);
}
