/**
 * Issue 24's budgets through the production topology (e2e/topology/start-topology.ts: Debian's
 * nginx with the generated configuration in front of two API replicas from the compiled JavaScript
 * on PostgreSQL and Redis, production settings, identity on the loopback Auth emulator), each
 * figure beside its ratio, in one run:
 *  - catalogue reads and the events page's reads at 50 connections, nginx + two replicas against
 *    one replica hit directly (≥ 70 %), p99 through nginx ≤ 40 ms (api/bench/read-comparison.ts);
 *  - the registration rush on one hot event (api/bench/registration-rush.ts): through nginx
 *    ≥ 100 acknowledged attends/s with exact capacity and no overbooking, beside the same rush on
 *    one replica hit directly.
 * Needs the apps built (HUB_DIST_DIR) and the API compiled (`pnpm --filter @hub/api build`); the
 * bench (`--topology-only`, or the whole bench) does both first.
 */
import { availableParallelism, loadavg } from 'node:os';
import { compareReads } from '../../api/bench/read-comparison.ts';
import { readNginxHops } from './nginx-access-log.ts';
import {
  addSyncedUsers,
  createRushEvents,
  formatRush,
  rushProblems,
  runRush,
  type RushFigures,
} from '../../api/bench/registration-rush.ts';
import { signUpAccounts } from '../../api/test/helpers/emulator-accounts.ts';
import type { Topology } from '../../e2e/topology/start-topology.ts';

export const topologyGoals = { ratio: 0.7, p99Ms: 40, attendsPerSecond: 100 } as const;
const CONNECTIONS = 50;
const RUSH_SEATS = 1000;
const RUSH_USERS = 1200;
/** The seeded hybrid event (Cloud Native Summit): the largest event answer of the demo data. */
const BENCH_EVENT_ID = 31;
/** The catalogue (communities) and the events page's reads (the list, an event). */
export const topologyReadPaths = ['/api/community', '/api/community/1', '/api/events', `/api/events/${BENCH_EVENT_ID}`];

export const machineLoad = () => `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;

export interface TopologyBenchResult {
  lines: string[];
  /** Budgets missed (names); empty when all are met. */
  missed: string[];
  /** A rush acknowledged the wrong number of seats: always a failure, never noise. */
  wrongSeats: boolean;
}

export async function benchTopology(topology: Topology): Promise<TopologyBenchResult> {
  const lines: string[] = [];
  const missed: string[] = [];
  let wrongSeats = false;
  const direct = `http://127.0.0.1:${topology.ports.api[0]}`;
  const viaNginx = topology.siteOrigin;

  lines.push(
    `Reads at ${CONNECTIONS} connections, interleaved rounds: nginx + two replicas against one replica direct`,
    'endpoint                  one replica   nginx + two   ratio (≥ 70%)   p99 via nginx (≤ 40 ms)',
  );
  for (const row of await compareReads({ baseline: direct, candidate: viaNginx, paths: topologyReadPaths })) {
    const hops = readNginxHops(topology.nginxAccessLog, row.path);
    const ratioOk = row.ratio >= topologyGoals.ratio;
    const p99Ok = row.candidate.p99 <= topologyGoals.p99Ms;
    const failures = row.baseline.failures + row.candidate.failures;
    if (!ratioOk) missed.push(`ratio on GET ${row.path}`);
    if (!p99Ok) missed.push(`p99 on GET ${row.path}`);
    if (failures) missed.push(`failed requests on GET ${row.path}`);
    lines.push(
      `GET ${row.path.slice(1).padEnd(21)} ${row.baseline.rps.toFixed(0).padStart(7)}/s ${row.candidate.rps.toFixed(0).padStart(11)}/s ` +
        `${(row.ratio * 100).toFixed(0).padStart(6)}% ${ratioOk ? 'PASS' : 'MISS'} ${row.candidate.p99.toFixed(0).padStart(10)} ms ${p99Ok ? 'PASS' : 'MISS'}` +
        `   (direct p99 ${row.baseline.p99.toFixed(0)} ms${failures ? `; ${failures} FAILED` : ''})`,
      // Per hop, from nginx's own log: is a tail nginx's or the API's, and how much did nginx's cache answer?
      `    nginx's log: ${hops.requests} requests, p99 ${hops.requestP99.toFixed(0)} ms in nginx, ` +
        `${hops.upstreamP99.toFixed(0)} ms in the API; ${((hops.fromCache / Math.max(hops.requests, 1)) * 100).toFixed(0)}% from its cache`,
    );
  }
  lines.push(machineLoad());

  lines.push(
    '',
    `Registration rush: ${RUSH_USERS} users on one event of ${RUSH_SEATS} seats, ${CONNECTIONS} in flight`,
  );
  const accounts = await signUpAccounts(topology.authEmulatorHost, 2 * RUSH_USERS, `rush${Date.now().toString(36)}`);
  await addSyncedUsers(topology.databaseUrl, accounts);
  const rush = async (label: string, baseUrl: string, group: typeof accounts): Promise<RushFigures> => {
    const eventIds = await createRushEvents(topology.databaseUrl, RUSH_SEATS);
    const figures = await runRush({
      baseUrl,
      databaseUrl: topology.databaseUrl,
      eventIds,
      accounts: group,
      connections: CONNECTIONS,
    });
    lines.push(`${formatRush(label, figures, RUSH_SEATS)}; ${machineLoad()}`);
    if (rushProblems(figures, RUSH_SEATS).length) wrongSeats = true;
    return figures;
  };
  const one = await rush('one replica direct', direct, accounts.slice(0, RUSH_USERS));
  const two = await rush('nginx + two replicas', viaNginx, accounts.slice(RUSH_USERS));
  const rateOk = two.attendsPerSecond >= topologyGoals.attendsPerSecond;
  if (!rateOk) missed.push('registration rush rate');
  lines.push(
    `${rateOk ? 'within' : 'BELOW '} goal of ≥ ${topologyGoals.attendsPerSecond} attends/s through the topology ` +
      `(${((two.attendsPerSecond / one.attendsPerSecond) * 100).toFixed(0)}% of one replica direct)`,
  );
  if (wrongSeats) missed.push('exact seats in the registration rush');
  return { lines, missed, wrongSeats };
}
