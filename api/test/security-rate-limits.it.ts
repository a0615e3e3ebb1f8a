/**
 * Security probes (issue 9, finding 6): the account-mail limits protect a person's inbox without
 * locking out an office behind one address, honour the configured proxy, and hold across API
 * processes through Redis (a real redis-server and two real API processes on one PostgreSQL).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiConfig } from '../src/config.ts';
import { spawnApi, type ApiProcess } from './helpers/api-process.ts';
import { findRedisServer, startRedis, type RedisServer } from './helpers/redis-server.ts';
import {
  call,
  createPostgresDatabase,
  emulatorHost,
  postgresAdminUrl,
  signUp,
  startTestApi,
  tempDir,
  uniqueEmail,
  type TestApi,
} from './helpers/test-env.ts';

const started: TestApi[] = [];
after(async () => {
  await Promise.all(started.map((a) => a.close()));
});
async function apiWith(limits: ApiConfig['accountMailRateLimit'], extra: Partial<ApiConfig> = {}): Promise<TestApi> {
  const api = await startTestApi({ kind: 'pglite', seed: false, config: { accountMailRateLimit: limits, ...extra } });
  started.push(api);
  return api;
}
const reset = (api: { url: string }, email: string, headers: Record<string, string> = {}) =>
  call(api.url, 'POST', '/api/user/reset-password', { body: { email }, headers }).then((a) => a.status);

describe('security: account-mail rate limits', () => {
  it('activate-account counts per account: one person at the limit does not lock out a colleague on the same address', async () => {
    const api = await apiWith({ max: 2, windowMs: 60_000, perClientMax: 1000 });
    const first = await signUp(uniqueEmail('office-a'), { verified: false });
    const second = await signUp(uniqueEmail('office-b'), { verified: false });
    const activate = (token: string) =>
      call(api.url, 'POST', '/api/user/activate-account', { token }).then((a) => a.status);
    assert.deepEqual([await activate(first.token), await activate(first.token)], [200, 200]);
    const limited = await call(api.url, 'POST', '/api/user/activate-account', { token: first.token });
    assert.equal(limited.status, 429);
    // The window's seconds left: 60 less the seconds the three calls took (one or two on a busy machine).
    const left = Number(limited.headers.get('retry-after'));
    assert.ok(left >= 57 && left <= 60, `retry-after ${left}`);
    assert.deepEqual(limited.json, { message: 'Too many requests: try again later', details: [`Retry in ${left} s`] });
    assert.equal(await activate(second.token), 200, 'the colleague behind the same address is not locked out');
  });

  it('reset-password counts per e-mail address, whatever the client address', async () => {
    const api = await apiWith({ max: 2, windowMs: 60_000, perClientMax: 1000 }, { trustProxy: true });
    // An office: three people behind one address each ask once.
    const office = [uniqueEmail('o1'), uniqueEmail('o2'), uniqueEmail('o3')];
    assert.deepEqual(await Promise.all(office.map((e) => reset(api, e))), [200, 200, 200]);
    // An attacker rotating addresses against one victim: the victim's address is the bucket.
    const victim = uniqueEmail('victim');
    const statuses = [];
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'])
      statuses.push(await reset(api, victim, { 'x-forwarded-for': ip }));
    assert.deepEqual(statuses, [200, 200, 429, 429]);
    assert.equal(await reset(api, victim.toUpperCase()), 429, 'the address is compared case-insensitively');
  });

  it('a per-client ceiling still stops one address mailing many people; X-Forwarded-For counts only with trustProxy', async () => {
    const limits = { max: 100, windowMs: 60_000, perClientMax: 3 };
    const direct = await apiWith(limits);
    const spoofed = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });
    const directStatuses = [];
    for (let i = 0; i < 4; i++) directStatuses.push(await reset(direct, uniqueEmail('many'), spoofed(i)));
    assert.deepEqual(directStatuses, [200, 200, 200, 429], 'without trustProxy the header is ignored');

    const proxied = await apiWith(limits, { trustProxy: true });
    const proxiedStatuses = [];
    for (let i = 0; i < 4; i++) proxiedStatuses.push(await reset(proxied, uniqueEmail('many'), spoofed(i)));
    assert.deepEqual(proxiedStatuses, [200, 200, 200, 200], 'behind a trusted proxy each client has its own ceiling');
    const sameClient = [];
    for (let i = 0; i < 3; i++) sameClient.push(await reset(proxied, uniqueEmail('many'), spoofed(0)));
    assert.deepEqual(sameClient, [200, 200, 429]);
  });
});

const redisBinary = findRedisServer();
if (!redisBinary)
  console.log(
    "NOTICE: redis-server is not installed: the shared rate-limit store test is SKIPPED (install Debian's `redis-server`; `npm test` does).",
  );

describe('security: rate limits shared through Redis', () => {
  let redis: RedisServer | undefined;
  const processes: ApiProcess[] = [];
  before(async () => {
    if (redisBinary && postgresAdminUrl()) redis = await startRedis(redisBinary);
  });
  after(async () => {
    await Promise.all(processes.map((p) => p.kill('SIGKILL')));
    await redis?.stop();
  });

  it(
    'two API processes on one PostgreSQL share one count per e-mail address',
    { skip: !redisBinary ? 'redis-server not installed' : !postgresAdminUrl() ? 'no PostgreSQL server' : false },
    async () => {
      const databaseUrl = await createPostgresDatabase('hub_redis');
      const dirs = [tempDir('hub-redis-a-'), tempDir('hub-redis-b-')];
      try {
        const [a, b] = await Promise.all(
          dirs.map((dir) =>
            spawnApi({
              FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
              DATABASE_URL: databaseUrl,
              HUB_DATA_DIR: dir.path,
              HUB_REDIS_URL: redis!.url,
              HUB_MAIL_RATE_MAX: '3',
            }),
          ),
        );
        processes.push(a!, b!);
        const email = uniqueEmail('shared');
        const statuses = [];
        for (let i = 0; i < 6; i++) statuses.push(await reset(i % 2 === 0 ? a! : b!, email));
        assert.deepEqual(statuses, [200, 200, 200, 429, 429, 429], 'three in the window, across both processes');
        assert.equal(await reset(b!, uniqueEmail('other')), 200, 'another address has its own count');
      } finally {
        dirs.forEach((d) => d.remove());
      }
    },
  );
});
