/**
 * SPEC §3 "Normalised error object": what every failed API call turns into, whatever went wrong
 * (an HTTP error status, no network, a timeout or a plain bug).
 */
export interface NormalisedError {
  /** Text fit to show a user. */
  message: string;
  /** Extra lines fit to show a user (validation messages, for instance). */
  details: string[];
  /** The HTTP status; 0 when no answer arrived (no network); null when it was not an HTTP failure at all. */
  status: number | null;
  /** The answer's body as received (parsed JSON, text, or undefined when there was none). */
  raw: unknown;
  /** What was caught: the Response of a failed answer, or the thrown error. */
  error: unknown;
}

/**
 * Why a request failed, for callers that react differently (a login screen says "check your
 * connection" for 'network'; the sync flow treats 'timeout' like any error).
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'unknown';

/** SPEC §8: client errors (4xx) are the caller's fault, so they are not worth reporting. */
export function isReportableStatus(status: number | null): boolean {
  return status === null || status < 400 || status >= 500;
}

/** The one error type `apiFetch` (and so every typed client) rejects with. */
export class ApiError extends Error implements NormalisedError {
  readonly details: string[];
  readonly status: number | null;
  readonly raw: unknown;
  readonly error: unknown;
  readonly kind: ApiErrorKind;
  /** False for 4xx (SPEC §8), and for a cancellation the caller asked for; error reporting skips those. */
  readonly reportable: boolean;

  constructor(normalised: NormalisedError, kind: ApiErrorKind) {
    super(normalised.message);
    this.name = 'ApiError';
    this.details = normalised.details;
    this.status = normalised.status;
    this.raw = normalised.raw;
    this.error = normalised.error;
    this.kind = kind;
    this.reportable = kind !== 'aborted' && isReportableStatus(normalised.status);
  }

  /** The plain SPEC §3 object, for state that must stay serialisable. */
  toNormalised(): NormalisedError {
    return { message: this.message, details: this.details, status: this.status, raw: this.raw, error: this.error };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
