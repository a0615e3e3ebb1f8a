/**
 * `pnpm --filter @hub/api profile [path] [pglite|postgres]`: where the API's CPU goes per request.
 * Starts the bench server under `--cpu-prof`, loads `path` (default /api/community/1) with 50
 * connections, and prints the server's CPU time per request by package and by function. It is how
 * the query builder's share (82 µs of 370 µs per request) was found; start here when a budget slips.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { findPostgresBinDir, startPostgres } from '../test/helpers/postgres-server.ts';
import { startBenchServer } from './bench-server.ts';
import { cpuPerRequest } from './cpu-profile.ts';

const path = process.argv[2] ?? '/api/community/1';
const kind = process.argv[3] ?? 'pglite';
const work = mkdtempSync(join(tmpdir(), 'hub-profile-'));
const bin = kind === 'postgres' ? findPostgresBinDir() : null;
if (kind === 'postgres' && !bin) throw new Error("No PostgreSQL server binaries (install Debian's postgresql)");
const postgres = bin ? await startPostgres(bin) : undefined;
try {
  const env: Record<string, string> = { HUB_DATA_DIR: join(work, 'data') };
  if (postgres) env['DATABASE_URL'] = await postgres.createDatabase('hub_profile');
  const profDir = join(work, 'prof');
  const server = await startBenchServer(env, ['--cpu-prof', `--cpu-prof-dir=${profDir}`]);
  const url = server.url;
  const warm = await autocannon({ url: url + path, connections: 50, duration: 3 });
  const run = await autocannon({ url: url + path, connections: 50, duration: 8 });
  const requests = warm.requests.total + run.requests.total;
  await server.stop();

  console.log(`${path} on ${kind}: ${run.requests.average.toFixed(0)} req/s, p99 ${run.latency.p99} ms`);
  console.log('(start-up is in the profile too: module loading is not per request)');
  for (const line of cpuPerRequest(profDir, requests)) console.log(line);
} finally {
  await postgres?.stop();
  rmSync(work, { recursive: true, force: true });
}
