/**
 * Plans and timings of the admin users list's statements on the benchmark's data, one at a time.
 * PGlite by default (a temporary folder), or a throwaway PostgreSQL server (as the API tests start it).
 * `tsx bench/explain-users.ts [--plans] [--postgres] [--generic]`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase } from '../src/db/connect.ts';
import { seedDemoData } from '../src/seed/index.ts';
import { usersPage, usersTotal, type UsersFilter } from '../src/services/admin-users.ts';
import { findPostgresBinDir, startPostgres } from '../test/helpers/postgres-server.ts';
import { seedAdminBench } from './admin-seed.ts';

const postgresBin = process.argv.includes('--postgres') ? findPostgresBinDir() : null;
if (process.argv.includes('--postgres') && !postgresBin) throw new Error('No PostgreSQL server binaries installed');
const server = postgresBin ? await startPostgres(postgresBin) : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'hub-explain-users-'));
const database = await connectDatabase({
  databaseUrl: server ? await server.createDatabase('explain') : undefined,
  dataDir,
});
const { pool } = database;
await seedDemoData(database.db);
await seedAdminBench(database.db);

// The benchmark's rotation (admin-queries.ts), as the route builds its statements.
const base: UsersFilter = { q: undefined, role: undefined, sort: 'name', order: 'asc', page: 1, pageSize: 20 };
const FILTERS: [string, UsersFilter][] = [
  ['first page', base],
  ['page 250', { ...base, page: 250 }],
  ['q=emma', { ...base, q: 'emma' }],
  ['q=bench.user42', { ...base, q: 'bench.user42' }],
  ['q=e (unselective)', { ...base, q: 'e' }],
  ['q=ben (unselective)', { ...base, q: 'ben' }],
  ['role=3', { ...base, role: 3 }],
  ['role=0', { ...base, role: 0 }],
  ['role=1', { ...base, role: 1 }],
  ['q=schmidt role=2 p3', { ...base, q: 'schmidt', role: 2, page: 3 }],
  ['sort=email desc p40', { ...base, sort: 'email', order: 'desc', page: 40 }],
];
const STATEMENTS: [string, string, readonly unknown[]][] = FILTERS.flatMap(([name, f]) => {
  const page = usersPage(database.db, f).compile();
  const total = usersTotal(database.db, f).compile();
  return [
    [`${name}: page and total`, page.sql, page.parameters],
    [`${name}: total alone`, total.sql, total.parameters],
  ] as [string, string, readonly unknown[]][];
});
// The API sends each SQL text as a named prepared statement (db/prepared-statements.ts), so after
// five runs the server may keep one generic plan for every value: `--generic` times and shows that.
const generic = process.argv.includes('--generic');
const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
for (const [name, text, parameters] of STATEMENTS) {
  const run = !generic ? text : parameters.length ? `execute s(${parameters.map(literal).join(', ')})` : 'execute s';
  const args = generic ? [] : [...parameters];
  if (generic) await pool.query(`set plan_cache_mode = force_generic_plan; prepare s as ${text}`);
  for (let i = 0; i < 3; i++) await pool.query(run, args);
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    await pool.query(run, args);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(36)} median ${times[7]!.toFixed(2).padStart(7)} ms`);
  if (process.argv.includes('--plans')) {
    const plan = await pool.query(`explain (analyze, buffers) ${run}`, args);
    console.log(plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
  }
  if (generic) await pool.query('deallocate s; reset plan_cache_mode');
}
await database.close();
rmSync(dataDir, { recursive: true, force: true });
await server?.stop();
