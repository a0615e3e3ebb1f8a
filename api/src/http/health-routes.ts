/**
 * The health answers: `/api/health/live` (the process answers), `/api/health/ready` (it should get
 * traffic: health/readiness.ts) and `/api/health` (the admins' status page: version, uptime, database
 * latency). The worker role serves the first two only.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Health, HealthProbe } from '@hub/contract/ops';
import type { Readiness } from '../health/readiness.ts';

export const API_VERSION = '1.0.0';
/** When this process loaded the API: the status page's "up since". */
const PROCESS_STARTED_AT = new Date();

export function registerProbeRoutes(app: FastifyInstance, readiness: Readiness): void {
  app.get('/api/health/live', {
    schema: { tags: ['ops'], summary: 'Liveness: the process answers', response: { 200: HealthProbe } },
    handler: async () => ({ status: 'ok' as const, problems: [] }),
  });
  app.get('/api/health/ready', {
    schema: {
      tags: ['ops'],
      summary: 'Readiness: database and Redis reachable, migrations applied, not shutting down',
      response: { 200: HealthProbe, 503: HealthProbe },
    },
    handler: async (_request, reply) => {
      const problems = await readiness.problems();
      // Probes are polled: no cache may answer one for another.
      void reply.header('cache-control', 'no-store');
      if (problems.length > 0) return reply.code(503).send({ status: 'unavailable' as const, problems });
      return { status: 'ok' as const, problems };
    },
  });
}

export function registerStatusRoute(app: FastifyInstance, deps: { pool: pg.Pool; dbKind: Health['database'] }): void {
  app.get('/api/health', {
    schema: {
      tags: ['ops'],
      summary: 'Liveness and database reachability',
      response: { 200: Health },
    },
    handler: async () => {
      const t0 = performance.now();
      await deps.pool.query('select 1');
      const databaseLatencyMs = Math.round((performance.now() - t0) * 100) / 100;
      return {
        status: 'ok' as const,
        database: deps.dbKind,
        version: API_VERSION,
        startedAt: PROCESS_STARTED_AT.toISOString(),
        uptimeSeconds: Math.floor((Date.now() - PROCESS_STARTED_AT.getTime()) / 1000),
        databaseLatencyMs,
      };
    },
  });
}
