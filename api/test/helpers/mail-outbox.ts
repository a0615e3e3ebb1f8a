/**
 * What the mail tests share: a seeded database of a test's own (no server, so no job runner), an
 * event with people and change mails queued for it, a recording mail transport that can fail on
 * purpose, fast runner settings, a silent logger for runners made outside a server, a polling wait,
 * and the mail jobs of one kind.
 */
import assert from 'node:assert/strict';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ApiConfig } from '../../src/config.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import type { Database } from '../../src/db/schema.ts';
import { fanOutMail } from '../../src/jobs/enqueue.ts';
import type { MailJobKind, MailJobs } from '../../src/jobs/mail-jobs.ts';
import type { Mailer, OutgoingMail } from '../../src/mail/mailer.ts';
import { seedDemoData } from '../../src/seed/index.ts';
import { createPostgresDatabase, pgliteDataDir, templateSeed } from './test-env.ts';

/**
 * A seeded database of its own on the engine asked for, opened (`first`) and opened again by
 * `reopen` as a restarted process would; nothing sends its mails until a test starts a worker.
 */
export async function seededDatabase(kind: 'pglite' | 'postgres', prefix: string) {
  const dir = pgliteDataDir(`hub-${prefix}-test-`);
  const databaseUrl = kind === 'postgres' ? await createPostgresDatabase(`hub_${prefix}`, { seeded: true }) : undefined;
  const open = () => connectDatabase({ databaseUrl, dataDir: dir.path, poolSize: 10 });
  const first = await open();
  const seed = templateSeed(kind) ?? (await seedDemoData(first.db));
  return { first, seed, reopen: open, databaseUrl, dir };
}

const ignore = () => {};
export const quietLog = {
  level: 'silent',
  fatal: ignore,
  error: ignore,
  warn: ignore,
  info: ignore,
  debug: ignore,
  trace: ignore,
  silent: ignore,
  child: () => quietLog,
} as unknown as FastifyBaseLogger;

/** Worker settings that let a test watch retries and give-ups in well under a second. */
export const fastOutbox: ApiConfig['mailOutbox'] = {
  pollMs: 50,
  retryBaseMs: 40,
  maxAttempts: 5,
  sendTimeoutMs: 2_000,
  // A thousand a second: these tests are about retries and claims, not the send rate.
  sendRatePerMinute: 60_000,
};

/**
 * A transport that records what it sent; `failures(to)` says how many first tries of each mail (an
 * address and a subject) fail. Per mail, not per address: the same worker sends other mails to the
 * same people (confirmations, the weekly digest), which must not use up a mail's failures.
 */
export function recordingMailer(opts: { failures?: (to: string) => number; delayMs?: number } = {}) {
  const tries = new Map<string, number>();
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      const key = `${mail.to}\n${mail.subject}`;
      const n = (tries.get(key) ?? 0) + 1;
      tries.set(key, n);
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs! * Math.random()));
      if (n <= (opts.failures?.(mail.to) ?? 0)) throw new Error(`the mail server is down (try ${n})`);
      sent.push(mail);
    },
  };
  return { mailer, sent, tries };
}

/**
 * The transactional mails among those a transport took (what the outbox sends): without the
 * List-Unsubscribe of the queue's non-transactional mails, such as the weekly digest every test API
 * queues for the seeded members when it starts (issue 26).
 */
export function transactional(sent: readonly OutgoingMail[]): OutgoingMail[] {
  return sent.filter((mail) => !mail.headers?.['List-Unsubscribe']);
}

export async function until(what: string, check: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The mail jobs of one kind, oldest first, of one event when named: pg-boss's state ('created',
 * 'retry', 'active', 'completed', 'failed'), its retries, and the payload.
 */
export async function mailJobRows<K extends MailJobKind>(db: Kysely<Database>, kind: K, eventId?: number) {
  const ofEvent = eventId === undefined ? sql`` : sql`and (data->'payload'->>'eventId')::int = ${eventId}`;
  const result = await sql<{ state: string; retryCount: number; payload: MailJobs[K] }>`
    select state, retry_count as "retryCount", data->'payload' as payload from pgboss.job
    where name = 'mail' and data->>'kind' = ${kind} ${ofEvent}
    order by created_on, id`.execute(db);
  return result.rows;
}

/** An upcoming event of the demo data with at least `min` people attending or waiting. */
export async function eventWithAttendees(db: Kysely<Database>, min: number): Promise<{ id: number; people: number }> {
  const row = await db
    .selectFrom('event as e')
    .innerJoin('eventAttendee as a', 'a.eventId', 'e.id')
    .select(['e.id', sql<number>`count(*)::int`.as('people')])
    .where('e.cancelled', '=', false)
    .groupBy('e.id')
    .having(sql<number>`count(*)`, '>=', min)
    .orderBy('e.id')
    .executeTakeFirstOrThrow();
  return row;
}

/** Change mails queued for the event, to `count` readers (outbox1@hub.test …), as a cancellation queues them. */
export async function enqueueFor(db: Kysely<Database>, eventId: number, count: number): Promise<void> {
  await fanOutMail(
    db,
    'event-change',
    sql`select jsonb_build_object('eventId', ${eventId}::int, 'email', 'outbox' || g || '@hub.test', 'firstName', 'Reader',
        'lastName', 'No ' || g, 'status', 'attending', 'change', '{"kind":"cancelled"}'::jsonb) as payload,
      null::text as singleton_key
      from generate_series(1, ${count}::int) g`,
  );
}

/** A cancellation mail of the event to reader@hub.test, as a job's payload. */
export const changeMailToReader = (eventId: number): MailJobs['event-change'] => ({
  eventId,
  email: 'reader@hub.test',
  firstName: 'Reader',
  lastName: 'One',
  status: 'attending',
  change: { kind: 'cancelled' },
});

/**
 * Asserts that sends starting at `times` (ms, any clock) keep a rate of one per `intervalMs`: no span
 * of k intervals holds more than k + 1 sends. Each send starts at its slot or a little after (a busy
 * machine's timers fire late, tens of ms on CI), never before, and the slots are an interval apart,
 * so sends i and i + k lie at least k - 1 intervals apart whatever the lateness of either, up to one
 * interval. Sending twice as fast (two runners each keeping the rate alone) fails it by far.
 */
export function assertSpacedAtRate(times: readonly number[], intervalMs: number): void {
  const sorted = [...times].sort((a, b) => a - b);
  const shown = sorted.map((t) => Math.round(t - sorted[0]!)).join(', ');
  for (let i = 0; i < sorted.length; i++)
    for (let j = i + 1; j < sorted.length; j++)
      assert.ok(sorted[j]! - sorted[i]! >= (j - i - 1) * intervalMs, `sends at ${shown} ms`);
}
