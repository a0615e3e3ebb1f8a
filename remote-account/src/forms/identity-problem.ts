import { identityErrorMessages, isApiError, type IdentityErrorCode } from '@hub/shared';

/** The codes the shared identity layer gives its IdentityError. */
export type IdentityCode = IdentityErrorCode;

const knownCodes: readonly IdentityCode[] = [
  'wrong-credentials',
  'email-not-verified',
  'email-in-use',
  'weak-password',
  'network',
  'too-many-requests',
  'invalid-code',
  'popup-closed',
  'work-account-refused',
  'unknown',
];

/** What went wrong, said for a person: a title, what happened and what to do about it. */
export interface Problem {
  code: IdentityCode;
  title: string;
  body: string;
}

/**
 * Reads the code of a failure. IdentityError is matched by shape rather than `instanceof`, so an
 * error keeps its meaning whichever copy of the class made it; API failures (the account e-mail
 * calls) map onto the same codes.
 */
export function identityCodeOf(error: unknown): IdentityCode {
  if (isApiError(error)) {
    if (error.kind === 'network' || error.kind === 'timeout' || error.status === 0) return 'network';
    if (error.status === 429) return 'too-many-requests';
    return 'unknown';
  }
  if (error && typeof error === 'object' && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string' && (knownCodes as readonly string[]).includes(code)) return code as IdentityCode;
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'network';
  return 'unknown';
}

function messageOf(error: unknown): string | undefined {
  if (error instanceof Error && error.message.trim()) return error.message.trim();
  return undefined;
}

/** True for the shared identity layer's errors, whose message is written for the user. */
function isIdentityError(error: unknown): error is Error & { code: IdentityCode } {
  return error instanceof Error && error.name === 'IdentityError' && 'code' in error;
}

/**
 * The texts every account screen shows for a failure; screens add their own actions (resend,
 * redirect…). When the identity layer gives a message of its own for the case (more specific than
 * its standard text for the code, e.g. "your account was created, but…") that message is the body.
 */
export function describeProblem(error: unknown): Problem {
  const generic = genericProblem(error);
  if (isIdentityError(error)) {
    const message = error.message.trim();
    if (generic.code === 'unknown') {
      return {
        ...generic,
        body: `${message || 'An unknown error occurred.'} If it keeps happening, contact the support team.`,
      };
    }
    if (message && message !== identityErrorMessages[error.code]) return { ...generic, body: message };
  }
  return generic;
}

function genericProblem(error: unknown): Problem {
  const code = identityCodeOf(error);
  switch (code) {
    case 'wrong-credentials':
      return {
        code,
        title: 'Wrong e-mail or password',
        body: 'We could not log you in with this e-mail address and password. Check both and try again, or reset your password if you have forgotten it.',
      };
    case 'email-not-verified':
      return {
        code,
        title: 'Your e-mail address is not verified yet',
        body: 'Open the link in the verification e-mail we sent you, then log in again. Cannot find it? Check your spam folder, or send a new one.',
      };
    case 'email-in-use':
      return {
        code,
        title: 'This e-mail address already has an account',
        body: 'Log in with it instead, or reset the password if you have forgotten it.',
      };
    case 'weak-password':
      return {
        code,
        title: 'This password is too weak',
        body: `${messageOf(error) ?? 'The password does not meet the rules.'} Choose a longer password that is harder to guess.`,
      };
    case 'network':
      return {
        code,
        title: 'No connection',
        body: 'We could not reach the server. Check your internet connection and try again.',
      };
    case 'too-many-requests':
      return {
        code,
        title: 'Too many attempts',
        body: 'For your security, further attempts are blocked for a while. Wait a few minutes and try again, or reset your password.',
      };
    case 'invalid-code':
      return {
        code,
        title: 'This link has expired or was already used',
        body: 'Links in our e-mails work once and for a limited time. Ask for a new e-mail and use the newest link.',
      };
    case 'popup-closed':
      return {
        code,
        title: 'The sign-in window was closed or blocked',
        body: 'Allow pop-up windows for this site and try again, or continue the sign-in in this window instead.',
      };
    case 'work-account-refused':
      return {
        code,
        title: 'This work account cannot log in here',
        body: "Only work accounts of the company's own directory can log in here, so you have not been logged in. Log in with your company work account, or with your e-mail address and password.",
      };
    default:
      return {
        code: 'unknown',
        title: 'Something went wrong',
        body: `${messageOf(error) ?? 'An unknown error occurred.'} Try again in a moment; if it keeps happening, contact the support team.`,
      };
  }
}
