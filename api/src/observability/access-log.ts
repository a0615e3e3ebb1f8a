/**
 * One structured access line per request (issue 24): method, route pattern, safe path, status,
 * duration and the request id, which the answer echoes in X-Request-Id. Fastify's own two lines per
 * request ("incoming request", "request completed") are switched off: they carry the raw address and
 * the client's address and would double the volume. No header, cookie, token, client address or
 * query string is written (loggable-path.ts), so the line holds no personal data.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { LogController, type FastifyRequest } from 'fastify';
import type { App } from '../http/app-type.ts';
import { loggablePath } from './loggable-path.ts';
import { requestIdOf } from './request-id.ts';

/** Where a request no route matched is filed (also its metrics label: never the raw address). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** The route pattern a request matched, e.g. `/api/community/:id`. */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/**
 * Fastify's logger and request-id options. `stream` lets a test read the lines; production writes
 * JSON lines to stdout, for whatever collects container logs.
 */
/** Where log lines go: one JSON line per write (pino's destination stream). */
export interface LogStream {
  write(line: string): void;
}

export function loggingOptions(level: string, stream?: LogStream) {
  return {
    logger:
      level === 'silent'
        ? false
        : {
            level,
            ...(stream ? { stream } : {}),
            // Belt and braces: no line of ours logs headers, but a future `request.log.info({ req })` must
            // not leak a bearer token or a session cookie either.
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
              censor: '[redacted]',
            },
          },
    requestIdHeader: false as const,
    genReqId: (raw: { headers: IncomingHttpHeaders }) => requestIdOf(raw.headers),
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
  };
}

export function registerAccessLog(app: App): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: routeOf(request),
        path: loggablePath(request.url, request.params as Record<string, unknown> | undefined),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request',
    );
  });
}
