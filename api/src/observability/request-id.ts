/**
 * The request id every access line and error line carries, and the answer echoes in X-Request-Id.
 * Taken from the caller when it sent one (a proxy's X-Request-Id, or the trace id of a W3C
 * traceparent, so a log line and a trace are found by the same id), else made: a random UUID,
 * unique across processes and restarts (Fastify's default is a per-process counter, which two API
 * replicas would repeat).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { trace } from '@opentelemetry/api';

/**
 * What a caller may name a request: printable, no spaces, short. Anything else is replaced, so a
 * client cannot write into the log line (new lines, quotes) or make it long.
 */
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;
/** W3C Trace Context: version-traceid-parentid-flags; an all-zero trace id is invalid. */
const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;
const INVALID_TRACE_ID = '0'.repeat(32);

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The trace id of a valid traceparent header, or undefined. */
export function traceIdOf(traceparent: string | undefined): string | undefined {
  const match = TRACEPARENT.exec(traceparent?.trim().toLowerCase() ?? '');
  const traceId = match?.[1];
  return traceId && traceId !== INVALID_TRACE_ID && !traceparent!.startsWith('ff') ? traceId : undefined;
}

export function requestIdOf(headers: IncomingHttpHeaders): string {
  const given = single(headers['x-request-id'])?.trim();
  if (given && ACCEPTED_REQUEST_ID.test(given)) return given;
  const fromTraceparent = traceIdOf(single(headers['traceparent']));
  if (fromTraceparent) return fromTraceparent;
  // With tracing on, the server span started without a parent has a trace id of its own: use it, so
  // the log line still leads to the trace. Without tracing the API is a no-op and this is invalid.
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (spanContext && spanContext.traceId !== INVALID_TRACE_ID) return spanContext.traceId;
  return randomUUID();
}
