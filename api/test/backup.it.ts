/**
 * `node dist/main.js backup <file>` and `restore <file>` (roles/backup.ts) on both databases: the
 * seeded database, with a write made through the API, is backed up, restored into a fresh database,
 * and read back through the compiled API; a restore never overwrites a database that has data.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { connectDatabase } from '../src/db/connect.ts';
import { seedDemoData } from '../src/seed/index.ts';
import { compiledApiBefore, runCompiled, spawnApi, type ApiProcess, killedAtEnd } from './helpers/api-process.ts';
import {
  call,
  createPostgresDatabase,
  emulatorHost,
  pgliteDataDir,
  postgresAdminUrl,
  tempDir,
  tokenFor,
} from './helpers/test-env.ts';

const running = killedAtEnd();
const apiDir = compiledApiBefore();

async function serve(env: Record<string, string>, role: string[] = []): Promise<ApiProcess> {
  const proc = await spawnApi(
    { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), ...env },
    { compiledIn: apiDir(), args: role },
  );
  running.push(proc);
  return proc;
}

/** What the test reads back: the communities list and the community written before the backup. */
async function snapshot(url: string, id: number) {
  return {
    communities: (await call(url, 'GET', '/api/community/base/1')).json,
    written: (await call(url, 'GET', `/api/community/${id}`)).json,
  };
}

async function writeCommunity(url: string): Promise<number> {
  const created = await call(url, 'POST', '/api/community', {
    token: await tokenFor('admin@hub.test'),
    body: { name: 'Written before the backup', description: '', imageUrl: '', countryId: 3, communityBaseId: 1 },
  });
  assert.equal(created.status, 201, created.text);
  return created.json.id;
}

describe('backup and restore', () => {
  it('PGlite: backup of the seeded folder, restore into a new one, the data read back through the API', async () => {
    const source = pgliteDataDir('hub-backup-source-');
    const target = tempDir('hub-backup-target-');
    const files = tempDir('hub-backup-files-');
    const file = join(files.path, 'hub.pglite.tar.gz');
    try {
      const before = await serve({ HUB_DATA_DIR: source.path });
      const id = await writeCommunity(before.url);
      const expected = await snapshot(before.url, id);
      // PGlite is one process's: the backup takes the folder's lock, so the API is stopped first.
      const refused = await runCompiled(apiDir(), ['backup', file], { HUB_DATA_DIR: source.path });
      assert.equal(refused.code, 1);
      assert.match(refused.output, /already in use by another API process/);
      await before.kill('SIGTERM');

      const backup = await runCompiled(apiDir(), ['backup', file], { HUB_DATA_DIR: source.path });
      assert.equal(backup.code, 0, backup.output);
      const restore = await runCompiled(apiDir(), ['restore', file], { HUB_DATA_DIR: target.path });
      assert.equal(restore.code, 0, restore.output);
      const again = await runCompiled(apiDir(), ['restore', file], { HUB_DATA_DIR: target.path });
      assert.equal(again.code, 1);
      assert.match(again.output, /restore needs an empty data folder/);

      const restored = await serve({ HUB_DATA_DIR: target.path });
      assert.deepEqual(await snapshot(restored.url, id), expected);
      assert.equal(expected.written.name, 'Written before the backup');
      await restored.kill('SIGTERM');
    } finally {
      source.remove();
      target.remove();
      files.remove();
    }
  });

  it(
    'PostgreSQL: pg_dump custom format, pg_restore into a new database, the data read back through the API',
    { skip: postgresAdminUrl() ? false : 'no PostgreSQL server installed' },
    async () => {
      const sourceUrl = await createPostgresDatabase('hub_backup_source');
      const targetUrl = await createPostgresDatabase('hub_backup_target');
      const dirs = tempDir('hub-backup-pg-');
      const file = join(dirs.path, 'hub.dump');
      const seeded = await connectDatabase({ databaseUrl: sourceUrl, dataDir: dirs.path });
      await seedDemoData(seeded.db);
      await seeded.close();
      try {
        const source = await serve({ DATABASE_URL: sourceUrl, HUB_DATA_DIR: dirs.path }, ['api']);
        const id = await writeCommunity(source.url);
        const expected = await snapshot(source.url, id);
        // PostgreSQL is backed up while the API runs.
        const backup = await runCompiled(apiDir(), ['backup', file], { DATABASE_URL: sourceUrl });
        assert.equal(backup.code, 0, backup.output);
        await source.kill('SIGTERM');

        const wrongKind = await runCompiled(apiDir(), ['restore', file], { HUB_DATA_DIR: join(dirs.path, 'pglite-x') });
        assert.equal(wrongKind.code, 1);
        assert.match(wrongKind.output, /is not a PGlite backup/);

        const restore = await runCompiled(apiDir(), ['restore', file], { DATABASE_URL: targetUrl });
        assert.equal(restore.code, 0, restore.output);
        const again = await runCompiled(apiDir(), ['restore', file], { DATABASE_URL: targetUrl });
        assert.equal(again.code, 1);
        assert.match(again.output, /restore needs an empty database/);

        const restored = await serve({ DATABASE_URL: targetUrl, HUB_DATA_DIR: dirs.path }, ['api']);
        assert.equal((await call(restored.url, 'GET', '/api/health/ready')).status, 200, 'migrations restored too');
        assert.deepEqual(await snapshot(restored.url, id), expected);
        // The sequences came along: a new row does not collide with a restored one.
        assert.ok((await writeCommunity(restored.url)) > id);
        await restored.kill('SIGTERM');
      } finally {
        dirs.remove();
      }
    },
  );
});
