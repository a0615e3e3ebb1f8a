import { getAppConfig } from '../config/app-config';
import { logger } from '../logging/logger';
import { reportApiFailure } from '../observability/error-reporter';
import { apiUrl } from './api-url';
import { startDeadline, type Deadline } from './deadline';
import { takeFirstRead } from './first-reads';
import { getIdToken } from './id-token-provider';
import { ApiError, type ApiErrorKind, type NormalisedError } from './normalised-error';
import { normaliseHttpFailure, normaliseNonHttpError } from './normalise-http-error';
import { readResponseBody } from './response-body';
import { carriesTraceparent, newTraceparent } from './traceparent';

export interface ApiFetchInit extends RequestInit {
  /** Sent JSON-encoded with `Content-Type: application/json`. Leave out for an empty body. */
  json?: unknown;
  /** Gives up after this long; the failure is an ApiError of kind 'timeout'. */
  timeoutMs?: number;
}

/**
 * SPEC §7/§8: calls the API at `relativePath` (joined to the configured base address), with
 * `Authorization: Bearer <ID token>` when one exists, and resolves with the parsed answer
 * (undefined when the answer is empty). Every failure — error status, no network, timeout,
 * cancellation or a bug on the way — is logged and rejected as a normalised ApiError.
 */
export async function apiFetch<T>(relativePath: string, init: ApiFetchInit = {}): Promise<T> {
  const { json, timeoutMs, signal, headers, ...rest } = init;
  const method = (rest.method ?? 'GET').toUpperCase();
  const fail = (normalised: NormalisedError, kind: ApiErrorKind) =>
    logAndWrap(new ApiError(normalised, kind), method, relativePath);

  // The page came with this answer (a public read of a detail page: first-reads.ts). Before the
  // token: the answer is the same for everyone, and a signed-in visitor need not wait for the session.
  if (method === 'GET' && rest.cache === undefined && rest.body == null && !signal?.aborted) {
    const first = takeFirstRead(relativePath);
    if (first) return first.value as T;
  }

  let url: string;
  let request: RequestInit;
  try {
    url = apiUrl(getAppConfig().apiBaseUrl, relativePath);
    const sent = await requestHeaders(headers, json !== undefined);
    if (!sent.has('traceparent') && carriesTraceparent(url, method, sent)) sent.set('traceparent', newTraceparent());
    request = {
      ...rest,
      method,
      headers: sent,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    };
  } catch (error) {
    throw fail(normaliseNonHttpError(error), 'unknown');
  }

  const deadline = startDeadline(signal, timeoutMs);
  try {
    let response: Response;
    try {
      response = await deadline.race(fetch(url, { ...request, signal: deadline.signal }));
    } catch (error) {
      // fetch rejects (with a TypeError) only when no answer came: SPEC §8 status 0.
      throw fail(...interrupted(deadline, signal, error, () => normaliseHttpFailure(0, undefined, error)));
    }

    if (!response.ok) {
      const body = await deadline.race(readResponseBody(response, true)).catch(() => undefined);
      throw fail(normaliseHttpFailure(response.status, body, response), 'http');
    }
    try {
      return (await deadline.race(readResponseBody(response))) as T;
    } catch (error) {
      throw fail(...interrupted(deadline, signal, error, () => normaliseNonHttpError(error)));
    }
  } finally {
    deadline.dispose();
  }
}

/** Decides whether an interruption was our time limit, the caller's cancellation, or `otherwise`. */
function interrupted(
  deadline: Deadline,
  callerSignal: AbortSignal | null | undefined,
  error: unknown,
  otherwise: () => NormalisedError,
): [NormalisedError, ApiErrorKind] {
  if (deadline.timedOut) return [normaliseNonHttpError(error), 'timeout'];
  if (callerSignal?.aborted) return [normaliseNonHttpError(error), 'aborted'];
  const normalised = otherwise();
  return [normalised, normalised.status === 0 ? 'network' : 'unknown'];
}

async function requestHeaders(given: HeadersInit | undefined, hasJson: boolean): Promise<Headers> {
  const headers = new Headers(given);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (hasJson && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  if (!headers.has('Authorization')) {
    const token = await idTokenOrNull();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  return headers;
}

/**
 * A failing token lookup must not break public calls (most GETs need no sign-in), so the request
 * goes out without a token; a protected endpoint then answers 401, which the caller sees.
 */
async function idTokenOrNull(): Promise<string | null> {
  try {
    return await getIdToken();
  } catch (error) {
    logger.warn('Could not get an ID token; sending the request without one.', error);
    return null;
  }
}

function logAndWrap(error: ApiError, method: string, path: string): ApiError {
  // A cancellation is what the caller asked for, not a fault worth an error line.
  const log = error.kind === 'aborted' ? logger.debug : logger.error;
  log(`${method} ${path} failed (${error.status ?? error.kind}): ${error.message}`, error.details);
  // The reporter (when the host installed one) sends the reportable ones: 5xx, no network, bugs.
  reportApiFailure(method, path, error);
  return error;
}
