/**
 * `pnpm --filter @hub/api bench:rush [--seats N] [--users M] [--connections C] [--profile]`: the
 * registration rush (issue 24) on one API process on PostgreSQL. M distinct users of the Auth
 * emulator (default 2,400), already synced, are split in two halves: the control spreads its half
 * over 50 events, then the other half rushes one hot event; N seats in all (default 2,000, half
 * each), C requests in flight (default 50). Prints acknowledged attends per second (goal ≥ 100 on
 * the hot event), checks exactly the seats acknowledged and no overbooking, and splits the CPU
 * spent per attend between the API process, the Auth emulator (the token check) and the load
 * driver, beside the load average. Hot against spread says whether the event's row lock or the
 * per-request cost sets the ceiling. `--profile` runs the API under `--cpu-prof` and prints where
 * its CPU went (cpu-profile.ts). Exits 1 when a count is wrong, and with --strict also when the
 * rate is below the goal. The same rush runs through the production topology in devstack's bench.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAuthEmulator } from '../../devstack/auth-emulator/index.ts';
import { signUpAccounts, type EmulatorAccount } from '../test/helpers/emulator-accounts.ts';
import { findPostgresBinDir, startPostgres } from '../test/helpers/postgres-server.ts';
import { startBenchServer } from './bench-server.ts';
import { cpuPerRequest } from './cpu-profile.ts';
import { processCpuMs } from './process-cpu.ts';
import { addSyncedUsers, createRushEvents, formatRush, rushProblems, runRush } from './registration-rush.ts';

export const RUSH_GOAL_PER_SECOND = 100;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}
const seats = option('--seats', 2000);
const users = option('--users', 2400);
const connections = option('--connections', 50);
const profile = process.argv.includes('--profile');
/** The control's events: as many as connections, so no two attends in flight need the same row lock. */
const SPREAD_EVENTS = 50;

async function serverCpuMicros(url: string): Promise<number> {
  const res = await fetch(`${url}/api/bench/cpu`);
  return ((await res.json()) as { cpuMicros: number }).cpuMicros;
}

const bin = findPostgresBinDir();
if (!bin)
  throw new Error(
    "The rush needs PostgreSQL: no server binaries under /usr/lib/postgresql (install Debian's postgresql)",
  );
const work = mkdtempSync(join(tmpdir(), 'hub-rush-'));
const postgres = await startPostgres(bin);
const emulator = await startAuthEmulator({ port: Number(process.env['HUB_AUTH_EMULATOR_PORT'] ?? 9099) });
let failed: boolean;
try {
  const databaseUrl = await postgres.createDatabase('hub_rush');
  const profDir = join(work, 'prof');
  const server = await startBenchServer(
    { DATABASE_URL: databaseUrl, HUB_DATA_DIR: work, FIREBASE_AUTH_EMULATOR_HOST: emulator.host },
    profile ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
  );
  let attempts = 0;
  try {
    const startedSignUps = performance.now();
    const accounts = await signUpAccounts(emulator.host, users, `rush${Date.now().toString(36)}`);
    console.log(
      `${users} emulator accounts signed up in ${((performance.now() - startedSignUps) / 1000).toFixed(1)} s`,
    );
    await addSyncedUsers(databaseUrl, accounts);
    // The control first, on half the users, then the hot event on the other half: both start from
    // a warm server, and neither user set has attended anything before.
    const half = Math.floor(users / 2);
    const rush = async (label: string, eventIds: number[], group: EmulatorAccount[], capacity: number) => {
      const before = {
        api: await serverCpuMicros(server.url),
        emulator: processCpuMs(emulator.pid),
        own: process.cpuUsage(),
      };
      const figures = await runRush({ baseUrl: server.url, databaseUrl, eventIds, accounts: group, connections });
      const per = (ms: number | undefined) => (ms === undefined ? '?' : (ms / figures.attempts).toFixed(2));
      const own = process.cpuUsage(before.own);
      const emulatorMs = processCpuMs(emulator.pid);
      attempts += figures.attempts;
      console.log(formatRush(label, figures, capacity));
      console.log(
        `  CPU per attend: API ${per(((await serverCpuMicros(server.url)) - before.api) / 1000)} ms, ` +
          `Auth emulator (token check) ${per(emulatorMs === undefined || before.emulator === undefined ? undefined : emulatorMs - before.emulator)} ms, ` +
          `load driver ${per((own.user + own.system) / 1000)} ms; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
      );
      return figures;
    };
    const spreadSeats = Math.round((seats * half) / users / SPREAD_EVENTS) * SPREAD_EVENTS;
    const spread = await rush(
      `Control: ${half} users over ${SPREAD_EVENTS} events (${spreadSeats} seats), ${connections} connections`,
      await createRushEvents(databaseUrl, spreadSeats, SPREAD_EVENTS),
      accounts.slice(0, half),
      spreadSeats,
    );
    const hotSeats = seats - spreadSeats;
    const figures = await rush(
      `Hot event: ${users - half} users, one event of ${hotSeats} seats, ${connections} connections`,
      await createRushEvents(databaseUrl, hotSeats),
      accounts.slice(half),
      hotSeats,
    );
    console.log(
      `Hot against spread: ${((figures.answersPerSecond / spread.answersPerSecond) * 100).toFixed(0)}% of the answers/s ` +
        '(near 100%: the per-request cost sets the ceiling, not the event row lock)',
    );
    const rateOk = figures.attendsPerSecond >= RUSH_GOAL_PER_SECOND;
    console.log(`${rateOk ? 'within' : 'BELOW '} goal of ≥ ${RUSH_GOAL_PER_SECOND} attends/s`);
    failed =
      rushProblems(figures, hotSeats).length + rushProblems(spread, spreadSeats).length > 0 ||
      (process.argv.includes('--strict') && !rateOk);
  } finally {
    await server.stop();
  }
  if (profile) for (const line of cpuPerRequest(profDir, attempts)) console.log(line);
} finally {
  await emulator.stop();
  await postgres.stop();
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
