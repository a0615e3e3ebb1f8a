/**
 * The least-privilege runtime role (api/sql/runtime-role.sql, docs/operations.md): the compiled API's
 * `api` role connected as it serves reads and writes, is ready (it can read the migration table),
 * and that role cannot change the schema.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import pg from 'pg';
import { connectDatabase } from '../src/db/connect.ts';
import { seedDemoData } from '../src/seed/index.ts';
import { buildCompiledApi, killedAtEnd, spawnApi } from './helpers/api-process.ts';
import { call, createPostgresDatabase, emulatorHost, postgresAdminUrl, tempDir, tokenFor } from './helpers/test-env.ts';

const running = killedAtEnd();
let apiDir: string;
before(async () => {
  if (postgresAdminUrl()) apiDir = await buildCompiledApi();
});

describe(
  'a least-privilege runtime role',
  { skip: postgresAdminUrl() ? false : 'no PostgreSQL server installed' },
  () => {
    it('reads and writes data through the API but cannot alter, create or drop tables', async () => {
      const ownerUrl = await createPostgresDatabase('hub_runtime_role');
      const owner = await connectDatabase({ databaseUrl: ownerUrl, dataDir: tempDir('unused-').path });
      await seedDemoData(owner.db);
      await owner.close();

      // The file as operators run it, with a role name of this run's own (roles are cluster-wide).
      const role = `hub_runtime_${process.pid}`;
      const password = 'runtime-secret';
      const script = readFileSync(join(import.meta.dirname, '..', 'sql', 'runtime-role.sql'), 'utf8')
        .replaceAll('hub_runtime', role)
        .replace("'change-me'", `'${password}'`);
      const ownerClient = new pg.Client({ connectionString: ownerUrl });
      await ownerClient.connect();
      await ownerClient.query(script);
      await ownerClient.end();
      const runtimeUrl = new URL(ownerUrl);
      runtimeUrl.username = role;
      runtimeUrl.password = password;

      const dir = tempDir('hub-runtime-role-');
      try {
        const api = await spawnApi(
          { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), DATABASE_URL: runtimeUrl.toString(), HUB_DATA_DIR: dir.path },
          { compiledIn: apiDir, args: ['api'] },
        );
        running.push(api);
        const ready = await call(api.url, 'GET', '/api/health/ready');
        assert.equal(ready.status, 200, JSON.stringify(ready.json));
        assert.ok((await call(api.url, 'GET', '/api/community/base/1')).json.length > 0, 'reads');
        const staff = await tokenFor('staff@hub.test');
        assert.equal(
          (await call(api.url, 'PUT', '/api/communitymembership/7', { token: staff })).status,
          200,
          'updates',
        );
        const created = await call(api.url, 'POST', '/api/community', {
          token: await tokenFor('admin@hub.test'),
          body: { name: 'Made by the runtime role', description: '', imageUrl: '', countryId: 3, communityBaseId: 1 },
        });
        assert.equal(created.status, 201, `inserts (sequences too): ${created.text}`);
        assert.equal(
          (await call(api.url, 'DELETE', '/api/communitymembership/7', { token: staff })).status,
          200,
          'deletes',
        );
        await api.kill('SIGTERM');

        const runtime = new pg.Client({ connectionString: runtimeUrl.toString() });
        await runtime.connect();
        try {
          for (const ddl of [
            'alter table community add column sneaked_in int',
            'drop table community',
            'create table sneaked_in (id int)',
            'truncate mail_send_slot',
          ])
            await assert.rejects(runtime.query(ddl), (error: { code?: string }) => {
              // 42501 insufficient_privilege (or "must be owner of table"), never success.
              assert.equal(error.code, '42501', ddl);
              return true;
            });
        } finally {
          await runtime.end();
        }
      } finally {
        dir.remove();
      }
    });
  },
);
