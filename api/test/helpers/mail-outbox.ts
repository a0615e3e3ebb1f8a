/**
 * What the mail outbox tests share: a seeded database of a test's own (no server, so no worker), an
 * event with people and change rows written for it, a recording mail transport that can fail on
 * purpose, fast worker settings, a silent logger for workers made outside a server, a polling wait,
 * and the outbox rows of one event.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ApiConfig } from '../../src/config.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import type { Database, MailKind } from '../../src/db/schema.ts';
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

/** The event's outbox rows, oldest first. */
/** The outbox rows of an event, of the given kinds only when named (attending writes confirmations too). */
export async function outboxRows(db: Kysely<Database>, eventId: number, kinds?: readonly MailKind[]) {
  let query = db.selectFrom('eventMailOutbox').selectAll().where('eventId', '=', eventId);
  if (kinds) query = query.where('kind', 'in', [...kinds]);
  return query.orderBy('id').execute();
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

/** Pending rows for the event: `count` recipients, written as a change would write them. */
export async function enqueueFor(db: Kysely<Database>, eventId: number, count: number): Promise<void> {
  await sql`
    insert into event_mail_outbox (event_id, email, first_name, last_name, status, change)
    select ${eventId}, 'outbox' || g || '@hub.test', 'Reader', 'No ' || g, 'attending', '{"kind":"cancelled"}'
    from generate_series(1, ${sql.lit(count)}) g`.execute(db);
}
