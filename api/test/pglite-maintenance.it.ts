/**
 * PGlite has no autovacuum: the API vacuums it on a timer (db/pglite-maintenance.ts). Proven by its
 * effect: after bulk inserts an index-only scan still visits the table for every row (the visibility
 * map is empty); after the API's timer ran, it visits none.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { startTestApi, type TestApi } from './helpers/test-env.ts';

describe('PGlite maintenance', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ kind: 'pglite', config: { pgliteVacuumMs: 1000 } });
  });
  after(async () => api?.close());

  /** The "Heap Fetches" of an index-only scan over the users' name order. */
  async function heapFetches(): Promise<number> {
    // The scan under test, whatever the planner would prefer for reading every row.
    const rows = await api.database.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return (
        await sql<{ 'QUERY PLAN': string }>`
          explain (analyze, costs off, timing off)
          select last_name, first_name, id from app_user order by last_name, first_name, id
        `.execute(trx)
      ).rows;
    });
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    assert.match(plan, /Index Only Scan using app_user_name_order_idx/, plan);
    return Number(/Heap Fetches: (\d+)/.exec(plan)![1]);
  }

  it('vacuums on its timer, so index-only scans stop visiting the table', async () => {
    await sql`
      insert into app_user (uid, email, first_name, last_name)
      select 'vacuum-' || g, 'vacuum' || g || '@hub.test', 'Vera', 'Vacuum ' || g
      from generate_series(1, 3000) g`.execute(api.database.db);
    await sql`analyze`.execute(api.database.db);
    assert.ok((await heapFetches()) >= 3000, 'fresh rows: the table is visited for each');
    const deadline = Date.now() + 15_000;
    while ((await heapFetches()) > 0) {
      assert.ok(Date.now() < deadline, 'the maintenance did not run within 15 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  });
});
