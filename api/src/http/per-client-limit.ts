/**
 * A per-client-address rate limit for one route, as a preHandler: 429 `{ message, details }` with
 * Retry-After once `max` requests came from one address within `windowMs`. Counted in Redis when
 * HUB_REDIS_URL is set (every API process agrees), else per process (@fastify/rate-limit).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';
import type { App } from './app-type.ts';

export function perClientLimit(
  app: App,
  name: string,
  limit: { max: number; windowMs: number },
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${name}:client:${request.ip}`,
  });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    void reply.header('retry-after', String(result.ttlInSeconds));
    throw new HttpError(429, 'Too many requests: try again later', [`Retry in ${result.ttlInSeconds} s`]);
  };
}
