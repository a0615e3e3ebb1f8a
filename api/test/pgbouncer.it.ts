/**
 * The compiled API behind a real PgBouncer in transaction mode (1.18, which keeps no prepared
 * statements): with HUB_DB_POOL_MODE=transaction every request of a concurrent load succeeds; the
 * default mode's named prepared statements fail there (the control that shows the load would catch
 * it); the migrate role refuses the pooler and migrates over HUB_MIGRATE_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connectDatabase } from '../src/db/connect.ts';
import { seedDemoData } from '../src/seed/index.ts';
import { buildCompiledApi, runCompiled, spawnApi, type ApiProcess } from './helpers/api-process.ts';
import { findPgbouncer, startPgbouncer, type Pgbouncer } from './helpers/pgbouncer.ts';
import { call, createPostgresDatabase, emulatorHost, postgresAdminUrl, tempDir } from './helpers/test-env.ts';

const binary = findPgbouncer();
const skip = !postgresAdminUrl()
  ? 'no PostgreSQL server installed'
  : !binary
    ? "pgbouncer is not installed (Debian's `pgbouncer`)"
    : false;
if (skip && postgresAdminUrl())
  console.log(`NOTICE: ${skip}: the test behind PgBouncer in transaction mode is SKIPPED.`);

const running: ApiProcess[] = [];
let bouncer: Pgbouncer | undefined;
let apiDir: string;
before(async () => {
  if (skip) return;
  apiDir = await buildCompiledApi();
  bouncer = await startPgbouncer(binary!, postgresAdminUrl()!, 'transaction');
});
after(async () => {
  await Promise.all(running.map((p) => p.kill('SIGKILL')));
  await bouncer?.stop();
});

/** Failed answers among `rounds` × 6 concurrent reads of pages that run parameterised queries. */
async function failuresUnderLoad(url: string, rounds = 8): Promise<string[]> {
  const failures: string[] = [];
  const paths = [
    '/api/community/1',
    '/api/community/2',
    '/api/community/base/1',
    '/api/events',
    '/api/community/3',
    '/api/country',
  ];
  for (let r = 0; r < rounds; r++) {
    const answers = await Promise.all(paths.map((path) => call(url, 'GET', path)));
    answers.forEach((a, i) => {
      if (a.status !== 200) failures.push(`${paths[i]}: ${a.status} ${a.text.slice(0, 120)}`);
    });
  }
  return failures;
}

describe('behind PgBouncer in transaction mode', { skip }, () => {
  it('migrate refuses the pooler without a direct URL, and migrates with one; the api role serves every request', async () => {
    const direct = await createPostgresDatabase('hub_bouncer');
    const pooled = bouncer!.urlFor(direct);
    const dir = tempDir('hub-bouncer-');
    try {
      const refused = await runCompiled(apiDir, ['migrate'], { DATABASE_URL: pooled, HUB_DB_POOL_MODE: 'transaction' });
      assert.equal(refused.code, 1);
      assert.match(refused.output, /Set HUB_MIGRATE_DATABASE_URL/);
      const migrated = await runCompiled(apiDir, ['migrate'], {
        DATABASE_URL: pooled,
        HUB_DB_POOL_MODE: 'transaction',
        HUB_MIGRATE_DATABASE_URL: direct,
      });
      assert.equal(migrated.code, 0, migrated.output);
      const seeding = await connectDatabase({ databaseUrl: direct, dataDir: dir.path, migrate: false });
      await seedDemoData(seeding.db);
      await seeding.close();

      const env = {
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        DATABASE_URL: pooled,
        HUB_DATA_DIR: dir.path,
        HUB_DB_POOL_SIZE: '6',
      };
      const api = await spawnApi({ ...env, HUB_DB_POOL_MODE: 'transaction' }, { compiledIn: apiDir, args: ['api'] });
      running.push(api);
      assert.equal((await call(api.url, 'GET', '/api/health/ready')).status, 200);
      assert.deepEqual(await failuresUnderLoad(api.url), []);
      await api.kill('SIGTERM');

      // The control: the default mode's named prepared statements meet other clients' sessions.
      const naive = await spawnApi(env, { compiledIn: apiDir, args: ['api'] });
      running.push(naive);
      const failures = await failuresUnderLoad(naive.url);
      assert.ok(failures.length > 0, 'named prepared statements fail behind a transaction pooler');
      assert.match(failures.join('\n'), /: 500 /, 'as server errors');
      await naive.kill('SIGTERM');
    } finally {
      dir.remove();
    }
  });
});
