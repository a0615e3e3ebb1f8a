import { detailsFromBody, messageFromBody } from './error-body';
import { httpErrorTexts } from './http-error-texts';
import { isApiError, type NormalisedError } from './normalised-error';

/** `navigator.onLine` is only trustworthy when it says false (true can mean "on a LAN"). */
export function isBrowserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * SPEC §8, for a request that got an error status, or no answer at all (status 0):
 * offline or status 0 → 'No network connection.'; else the body's message; else, when the body
 * carries details, 'Something went wrong. See details for more info.'; else 'An unexpected error
 * occurred'. Details are kept in every case so nothing the server said is lost.
 */
export function normaliseHttpFailure(
  status: number,
  body: unknown,
  error: unknown,
  offline: boolean = isBrowserOffline(),
): NormalisedError {
  const details = detailsFromBody(body);
  const message =
    offline || status === 0
      ? httpErrorTexts.noNetwork
      : (messageFromBody(body) ?? (details.length > 0 ? httpErrorTexts.seeDetails : httpErrorTexts.unexpected));
  return { message, details, status, raw: body, error };
}

/** SPEC §8: anything that is not an HTTP failure (a bug, a timeout) → 'An unknown error occurred'. */
export function normaliseNonHttpError(error: unknown): NormalisedError {
  return { message: httpErrorTexts.unknown, details: [], status: null, raw: undefined, error };
}

/**
 * The normalised object for anything a caller caught: an ApiError as it is, anything else
 * (a Firebase or MSAL error, a bug) as a non-HTTP error. For screens that show `message`/`details`.
 */
export function toNormalisedError(error: unknown): NormalisedError {
  return isApiError(error) ? error.toNormalised() : normaliseNonHttpError(error);
}
