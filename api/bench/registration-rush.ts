/**
 * A registration rush on one event (issue 24's budget): many distinct signed-in users attend one hot
 * event with a fixed number of seats at once. Measures acknowledged attends per second and checks
 * that exactly `capacity` were acknowledged, that every other answer is "This event is full", and
 * that the database holds exactly `capacity` attending rows and the same seat count: no overbooking,
 * no acknowledged attend lost. Used by `bench/rush.ts` (one API process) and by devstack's bench
 * through the production topology (nginx in front of two API processes).
 *
 * The control: the same users, the same seats in total, spread over several events (each user
 * attends one, round robin). It does the same work per attend but no two attends queue for one
 * event's row lock, so hot-versus-spread separates the lock's cost from the per-request cost
 * (HTTP, token verification, SQL).
 */
import pg from 'pg';
import { Pool } from 'undici';
import type { EmulatorAccount } from '../test/helpers/emulator-accounts.ts';

export interface RushFigures {
  attempts: number;
  /** 200 answers: seats acknowledged. */
  acknowledged: number;
  /** 409 "This event is full" answers. */
  refusedFull: number;
  /** Anything else (errors, other statuses), by status; must stay empty. */
  unexpected: Record<string, number>;
  /** Acknowledged attends per second, from the first request to the last acknowledgement. */
  attendsPerSecond: number;
  /** All answers per second over the whole rush (refusals are cheaper: they stop at the seat check). */
  answersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** What the database holds afterwards, summed over the rush's events. */
  rows: number;
  seatCount: number;
  /** Events whose rows or seat count differ from their capacity (must be none). */
  eventsOff: number;
}

/** The rush's verdict: exact capacity, no overbooking, nothing unexpected. Empty when all holds. */
export function rushProblems(f: RushFigures, capacity: number): string[] {
  const problems: string[] = [];
  if (f.acknowledged !== capacity) problems.push(`${f.acknowledged} acknowledged for ${capacity} seats`);
  if (f.rows !== capacity) problems.push(`${f.rows} attending rows for ${capacity} seats`);
  if (f.seatCount !== capacity) problems.push(`seat count ${f.seatCount} for ${capacity} seats`);
  if (f.eventsOff > 0) problems.push(`${f.eventsOff} event(s) whose rows or seat count are not their capacity`);
  if (f.acknowledged + f.refusedFull !== f.attempts)
    problems.push(`unexpected answers: ${JSON.stringify(f.unexpected)}`);
  return problems;
}

/** Makes the accounts known to the API as synced users, as their first sign-in would. */
export async function addSyncedUsers(databaseUrl: string, accounts: EmulatorAccount[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `with added as (
         insert into app_user (uid, email) select * from unnest($1::text[], $2::text[]) returning id)
       insert into user_role (user_id, role) select id, 3 from added`,
      [accounts.map((a) => a.uid), accounts.map((a) => a.email)],
    );
  } finally {
    await client.end();
  }
}

/**
 * Creates the rush's events: `count` events a month ahead, without locations, sharing `capacity`
 * seats evenly (one hot event by default). Returns their ids.
 */
export async function createRushEvents(databaseUrl: string, capacity: number, count = 1): Promise<number[]> {
  if (capacity % count !== 0) throw new Error(`${capacity} seats do not split evenly over ${count} events`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const events = await client.query<{ id: number }>(
      `insert into event (community_id, title, starts_at, ends_at, capacity)
       select (select min(id) from community), 'Registration rush ' || n, now() + interval '30 days',
              now() + interval '30 days 2 hours', $1
       from generate_series(1, $2::int) n returning id`,
      [capacity / count, count],
    );
    return events.rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

async function seatsInDatabase(
  databaseUrl: string,
  eventIds: number[],
): Promise<{ rows: number; seatCount: number; eventsOff: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ rows: number; seat_count: number; capacity: number }>(
      `select (select count(*)::int from event_attendee a where a.event_id = e.id and a.status = 'attending') as rows,
              e.attendee_count as seat_count, e.capacity
       from event e where e.id = any($1::int[])`,
      [eventIds],
    );
    return {
      rows: result.rows.reduce((n, r) => n + r.rows, 0),
      seatCount: result.rows.reduce((n, r) => n + r.seat_count, 0),
      eventsOff: result.rows.filter((r) => r.rows !== r.capacity || r.seat_count !== r.capacity).length,
    };
  } finally {
    await client.end();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : Number.NaN;

/**
 * Every account attends one of `eventIds` once (round robin), `connections` at a time (each
 * connection takes the next account as soon as its answer is in), against `baseUrl` (an API process
 * or nginx in front of them).
 */
export async function runRush(opts: {
  baseUrl: string;
  databaseUrl: string;
  eventIds: number[];
  accounts: EmulatorAccount[];
  connections: number;
}): Promise<RushFigures> {
  const origin = new URL(opts.baseUrl);
  const prefix = origin.pathname.replace(/\/$/, '');
  const pool = new Pool(origin.origin, { connections: opts.connections, pipelining: 1 });
  const latencies: number[] = [];
  const unexpected: Record<string, number> = {};
  let acknowledged = 0;
  let refusedFull = 0;
  let next = 0;
  let lastAcknowledged = 0;
  const started = performance.now();
  const connection = async () => {
    while (next < opts.accounts.length) {
      const index = next++;
      const account = opts.accounts[index]!;
      const eventId = opts.eventIds[index % opts.eventIds.length]!;
      const sent = performance.now();
      try {
        const answer = await pool.request({
          method: 'PUT',
          path: `${prefix}/api/events/${eventId}/attendance`,
          headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
          body: '{}',
        });
        const body = (await answer.body.json()) as { message?: string };
        const took = performance.now() - sent;
        if (answer.statusCode === 200) {
          acknowledged++;
          lastAcknowledged = performance.now();
          latencies.push(took);
        } else if (answer.statusCode === 409 && body.message === 'This event is full') {
          refusedFull++;
          latencies.push(took);
        } else {
          const key = `${answer.statusCode} ${body.message ?? ''}`.trim();
          unexpected[key] = (unexpected[key] ?? 0) + 1;
        }
      } catch (error) {
        const key = `error ${(error as Error).message}`;
        unexpected[key] = (unexpected[key] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, connection));
  const ended = performance.now();
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    attempts: opts.accounts.length,
    acknowledged,
    refusedFull,
    unexpected,
    attendsPerSecond: acknowledged / Math.max(0.001, (lastAcknowledged - started) / 1000),
    answersPerSecond: opts.accounts.length / Math.max(0.001, (ended - started) / 1000),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    ...(await seatsInDatabase(opts.databaseUrl, opts.eventIds)),
  };
}

/** One line per rush for the bench's output. */
export function formatRush(label: string, f: RushFigures, capacity: number): string {
  const problems = rushProblems(f, capacity);
  return (
    `${label}: ${f.attendsPerSecond.toFixed(0)} attends/s acknowledged (${f.acknowledged} of ${capacity} seats, ` +
    `${f.refusedFull} refused full, ${f.answersPerSecond.toFixed(0)} answers/s; p50 ${f.p50Ms.toFixed(0)} ms, ` +
    `p99 ${f.p99Ms.toFixed(0)} ms; database: ${f.rows} rows, seat count ${f.seatCount}) ` +
    (problems.length ? `WRONG: ${problems.join('; ')}` : 'exact, no overbooking')
  );
}
