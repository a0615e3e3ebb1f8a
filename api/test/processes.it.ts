/**
 * Real processes: an acknowledged write survives `kill -9`; a second process on the same PGlite
 * folder refuses to start; two API processes on one PostgreSQL see each other's writes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  call,
  createPostgresDatabase,
  emulatorHost,
  pgliteDataDir,
  postgresAdminUrl,
  tempDir,
  tokenFor,
} from './helpers/test-env.ts';
import { spawnApi, type ApiProcess, killedAtEnd } from './helpers/api-process.ts';

const running = killedAtEnd();

async function start(env: Record<string, string>): Promise<ApiProcess> {
  const proc = await spawnApi({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), ...env });
  running.push(proc);
  return proc;
}

describe('durability (PGlite, kill -9)', () => {
  it('keeps acknowledged writes across kill -9 and takes over the stale lock', async () => {
    const dir = pgliteDataDir('hub-durable-');
    try {
      const env = { HUB_DATA_DIR: dir.path, HUB_SEED_DEMO: 'true' };
      const first = await start(env);
      const staff = await tokenFor('staff@hub.test');
      const admin = await tokenFor('admin@hub.test');

      // While it runs, a second process on the same folder fails with a clear message.
      const second = await spawnApi({ ...env, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() }, { expectFailure: true });
      running.push(second);
      assert.equal(await second.exited, 1);
      assert.match(second.output(), /already in use by another API process \(pid \d+\)/);

      const joined = await call(first.url, 'PUT', '/api/communitymembership/7', { token: staff });
      assert.equal(joined.status, 200);
      const created = await call(first.url, 'POST', '/api/community', {
        token: admin,
        body: { name: 'Survives kill -9', description: '', imageUrl: '', countryId: 3, communityBaseId: 2 },
      });
      assert.equal(created.status, 201);
      // No grace: the process dies the moment the answers are in.
      await first.kill('SIGKILL');

      const restarted = await start(env);
      const info = (await call(restarted.url, 'GET', '/api/user', { token: staff })).json;
      assert.ok(
        info.memberOfCommunities.some((m: { communityId: number }) => m.communityId === 7),
        'membership survived',
      );
      assert.equal(
        (await call(restarted.url, 'GET', `/api/community/${created.json.id}`)).json.name,
        'Survives kill -9',
      );
      await restarted.kill('SIGTERM');
      assert.equal(await restarted.exited, 0, 'a clean stop exits 0');
    } finally {
      dir.remove();
    }
  });
});

describe('two API processes on one PostgreSQL', () => {
  it("see each other's writes", { skip: postgresAdminUrl() ? false : 'no PostgreSQL server installed' }, async () => {
    const databaseUrl = await createPostgresDatabase('hub_two');
    const dirA = tempDir('hub-a-');
    const dirB = tempDir('hub-b-');
    try {
      // Both start together: migrations and the demo seed serialise on advisory locks.
      const [a, b] = await Promise.all([
        start({ DATABASE_URL: databaseUrl, HUB_DATA_DIR: dirA.path, HUB_SEED_DEMO: 'true' }),
        start({ DATABASE_URL: databaseUrl, HUB_DATA_DIR: dirB.path, HUB_SEED_DEMO: 'true' }),
      ]);
      const staff = await tokenFor('staff@hub.test');
      assert.equal(
        (await call(a.url, 'GET', '/api/community/base/1')).json.length,
        (await call(b.url, 'GET', '/api/community/base/1')).json.length,
      );
      const before = (await call(b.url, 'GET', '/api/community/9')).json.memberCount;
      assert.equal((await call(a.url, 'PUT', '/api/communitymembership/9', { token: staff })).status, 200);
      const seenByB = (await call(b.url, 'GET', '/api/user', { token: staff })).json;
      assert.ok(
        seenByB.memberOfCommunities.some((m: { communityId: number }) => m.communityId === 9),
        'B sees the membership made through A',
      );
      assert.equal((await call(b.url, 'GET', '/api/community/9')).json.memberCount, before + 1);
      assert.equal(
        (await call(b.url, 'PUT', '/api/communitymembership/9', { token: staff })).status,
        404,
        'B refuses the duplicate join',
      );
      assert.equal((await call(b.url, 'DELETE', '/api/communitymembership/9', { token: staff })).status, 200);
      assert.equal(
        (await call(a.url, 'GET', '/api/community/9')).json.memberCount,
        before,
        'A sees the leave made through B',
      );
      await Promise.all([a.kill('SIGTERM'), b.kill('SIGTERM')]);
    } finally {
      dirA.remove();
      dirB.remove();
    }
  });
});
