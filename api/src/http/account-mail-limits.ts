/**
 * Rate limits of the account-mail routes, two counters per request:
 *  - per subject (the account for activate-account, the e-mail address for reset-password): protects
 *    one person's inbox whatever the client address, so rotating addresses does not help an attacker;
 *  - per client address, much higher: a ceiling for one machine mailing many people, while a whole
 *    office behind one NAT or proxy shares it without locking each other out.
 * Counted in Redis when HUB_REDIS_URL is set (every API process agrees), else per process.
 * @fastify/rate-limit runs one limiter per request through its route config, hence createRateLimit.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitConfig } from '../config.ts';
import { HttpError } from '../errors.ts';
import type { App } from './app-type.ts';

export function accountMailLimit(
  app: App,
  limits: RateLimitConfig,
  name: string,
  /** The account or address the mail goes to; null when unknown (the route will refuse the request). */
  subjectOf: (request: FastifyRequest) => Promise<string | null> | string | null,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const perSubject = app.createRateLimit({
    max: limits.max,
    timeWindow: limits.windowMs,
    keyGenerator: async (request) => `${name}:subject:${(await subjectOf(request)) ?? `client:${request.ip}`}`,
  });
  const perClient = app.createRateLimit({
    max: limits.perClientMax,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `${name}:client:${request.ip}`,
  });
  return async (request, reply) => {
    const results = await Promise.all([perSubject(request), perClient(request)]);
    const exceeded = results.filter((r) => !r.isAllowed && r.isExceeded);
    if (exceeded.length === 0) return;
    const seconds = Math.max(...exceeded.map((r) => (r.isAllowed ? 0 : r.ttlInSeconds)), 1);
    void reply.header('retry-after', String(seconds));
    throw new HttpError(429, 'Too many requests: try again later', [`Retry in ${seconds} s`]);
  };
}
