/**
 * The PostgreSQL settings (HUB_DB_*) as db/connect.ts applies them, on the run's real PostgreSQL:
 * the pool size caps the server sessions, the statement timeout cancels a long statement, the connect
 * timeout fails a connection to a server that never answers, idle connections are closed, and the
 * transaction-pooler mode sends no named prepared statements (which PgBouncer's transaction mode
 * cannot keep), where the default mode does.
 */
import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '../src/db/connect.ts';
import { createPostgresDatabase, postgresAdminUrl, tempDir } from './helpers/test-env.ts';

const skip = postgresAdminUrl() ? false : 'no PostgreSQL server installed';
const dataDir = () => tempDir('hub-db-settings-').path;

describe('PostgreSQL settings', { skip }, () => {
  it('the pool size caps the sessions; the statement timeout cancels; idle connections close', async () => {
    const url = await createPostgresDatabase('hub_db_settings');
    const database = await connectDatabase({
      databaseUrl: url,
      dataDir: dataDir(),
      settings: { poolSize: 2, statementTimeoutMs: 300, idleTimeoutMs: 200 },
    });
    const observer = new pg.Client({ connectionString: url });
    await observer.connect();
    try {
      let done = false;
      const sleeping = Promise.all(
        Array.from({ length: 5 }, () => sql`select pg_sleep(0.2)`.execute(database.db)),
      ).finally(() => (done = true));
      // The most sessions seen sleeping at once, sampled while the five statements run.
      let most = 0;
      while (!done) {
        const { rows } = await observer.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query like '%pg_sleep%' and state = 'active'",
        );
        most = Math.max(most, rows[0]!.n);
        await sleep(20);
      }
      await sleeping;
      assert.equal(most, 2, 'two sessions at most; the other statements waited for one');

      const setting = await sql<{ value: string }>`select current_setting('statement_timeout') as value`.execute(
        database.db,
      );
      assert.equal(setting.rows[0]!.value, '300ms');
      await assert.rejects(
        sql`select pg_sleep(2)`.execute(database.db),
        /canceling statement due to statement timeout/,
      );

      const deadline = Date.now() + 5_000;
      while (database.pool.totalCount > 0 && Date.now() < deadline) await sleep(50);
      assert.equal(database.pool.totalCount, 0, 'idle connections were closed');
    } finally {
      await observer.end();
      await database.close();
    }
  });

  it('the connect timeout fails a connection to a server that never answers', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const t0 = Date.now();
    try {
      await assert.rejects(
        connectDatabase({
          databaseUrl: `postgres://hub@127.0.0.1:${port}/hub`,
          dataDir: dataDir(),
          settings: { connectTimeoutMs: 400 },
        }),
        /timeout/i,
      );
      assert.ok(Date.now() - t0 < 3_000, `gave up after ${Date.now() - t0} ms`);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });

  for (const [mode, named] of [
    ['session', true],
    ['transaction', false],
  ] as const)
    it(`pool mode ${mode}: ${named ? 'prepares named statements' : 'sends no named prepared statement'}`, async () => {
      const url = await createPostgresDatabase('hub_pool_mode');
      const database = await connectDatabase({
        databaseUrl: url,
        dataDir: dataDir(),
        settings: { poolSize: 1, poolMode: mode },
      });
      try {
        for (let i = 0; i < 3; i++)
          await database.db.selectFrom('community').select('id').where('id', '=', i).execute();
        // One pooled session: the statements it prepared are visible to it.
        const prepared = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(database.db);
        assert.equal(
          prepared.rows.some((r) => r.name.startsWith('k_')),
          named,
          JSON.stringify(prepared.rows),
        );
      } finally {
        await database.close();
      }
    });
});
