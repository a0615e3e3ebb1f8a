/**
 * `pnpm --filter @hub/api profile [path] [pglite|postgres]`: where the API's CPU goes per request.
 * Starts the bench server under `--cpu-prof`, loads `path` (default /api/community/1) with 50
 * connections, and prints the server's CPU time per request by package and by function. It is how
 * the query builder's share (82 µs of 370 µs per request) was found; start here when a budget slips.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { findPostgresBinDir, startPostgres } from '../test/helpers/postgres-server.ts';
import { startBenchServer } from './bench-server.ts';

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

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

  const profile = JSON.parse(readFileSync(join(profDir, readdirSync(profDir)[0]!), 'utf8')) as CpuProfile;
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const micros = selfTime.get(node.id) ?? 0;
    const where = (node.callFrame.url || '(native)')
      .replace(/.*node_modules\/\.pnpm\//, '')
      .replace(/\/node_modules\/.*?\//, ' ');
    const pkg = where.split('/').slice(0, 2).join('/');
    const fn = `${node.callFrame.functionName || '(anonymous)'}  ${where.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber}`;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${(v / requests).toFixed(1).padStart(7)} µs  ${k}`)
      .join('\n');
  console.log(`${path} on ${kind}: ${run.requests.average.toFixed(0)} req/s, p99 ${run.latency.p99} ms`);
  console.log('(start-up is in the profile too: module loading is not per request)');
  console.log(`\nCPU per request by package:\n${top(byPackage, 20)}`);
  console.log(`\nCPU per request by function:\n${top(byFunction, 30)}`);
} finally {
  await postgres?.stop();
  rmSync(work, { recursive: true, force: true });
}
