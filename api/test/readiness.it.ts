/**
 * Readiness says what is wrong (health/readiness.ts), on real services: Redis stopped → 503 naming
 * Redis, and ready again once it is back; the PostgreSQL database gone → 503 naming the database;
 * liveness answers 200 throughout. (Pending migrations and draining: roles.it.ts, graceful-stop.it.ts.)
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import pg from 'pg';
import { findRedisServer, startRedis } from './helpers/redis-server.ts';
import { call, postgresAdminUrl, startTestApi, type Answer } from './helpers/test-env.ts';

/** Readiness until it answers `status` (the checks are made per request; a reconnect takes a moment). */
async function readyUntil(url: string, status: number): Promise<Answer> {
  let answer = await call(url, 'GET', '/api/health/ready');
  for (let i = 0; answer.status !== status && i < 100; i++) {
    await sleep(50);
    answer = await call(url, 'GET', '/api/health/ready');
  }
  return answer;
}

const redisBinary = findRedisServer();

describe('readiness', () => {
  it(
    'is 503 naming Redis while the configured Redis is down, and 200 again once it is back',
    {
      skip: redisBinary ? false : 'redis-server is not installed',
    },
    async () => {
      const redis = await startRedis(redisBinary!);
      const api = await startTestApi({ kind: 'pglite', seed: false, config: { redisUrl: redis.url } });
      try {
        assert.equal((await readyUntil(api.url, 200)).status, 200);
        await redis.stop();
        const down = await readyUntil(api.url, 503);
        assert.equal(down.status, 503);
        assert.equal(down.json.status, 'unavailable');
        assert.match(down.json.problems.join('\n'), /^Redis unreachable: /m);
        assert.doesNotMatch(down.json.problems.join('\n'), /database/, 'only what is wrong is named');
        assert.equal((await call(api.url, 'GET', '/api/health/live')).status, 200, 'alive all the same');

        const port = new URL(redis.url).port;
        const again = await startRedis(redisBinary!, Number(port));
        try {
          assert.equal((await readyUntil(api.url, 200)).status, 200, 'ready again with Redis back');
        } finally {
          await again.stop();
        }
      } finally {
        await api.close();
      }
    },
  );

  it(
    'is 503 naming the database when PostgreSQL drops it',
    {
      skip: postgresAdminUrl() ? false : 'no PostgreSQL server installed',
    },
    async () => {
      const api = await startTestApi({ kind: 'postgres', seed: false });
      try {
        assert.equal((await readyUntil(api.url, 200)).status, 200);
        const name = new URL(api.config.databaseUrl!).pathname.slice(1);
        const admin = new pg.Client({ connectionString: postgresAdminUrl()! });
        await admin.connect();
        await admin.query(`drop database ${name} with (force)`);
        await admin.end();
        const down = await readyUntil(api.url, 503);
        assert.equal(down.status, 503);
        assert.match(down.json.problems.join('\n'), /^database unreachable: .*does not exist/m);
        assert.equal((await call(api.url, 'GET', '/api/health/live')).status, 200, 'alive: no restart loop');
      } finally {
        await api.app.close();
        await api.database.close().catch(() => {});
      }
    },
  );
});
