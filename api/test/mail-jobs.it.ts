/**
 * The mail job queue (jobs/, pg-boss) on PGlite and PostgreSQL: a fan-out queues one job per
 * recipient in one statement and a singleton key keeps a job once-only; the runner sends each job
 * once, retries a failing one with growing waits, and spaces the sends at the global send rate.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { enqueueMail, fanOutMail } from '../src/jobs/enqueue.ts';
import { createJobRunner, type JobRunner } from '../src/jobs/job-runner.ts';
import type { MailJobMakers } from '../src/jobs/mail-jobs.ts';
import { mailJobMakers } from '../src/jobs/mail-job-makers.ts';
import type { Mailer } from '../src/mail/mailer.ts';
import { createMetrics } from '../src/observability/metrics.ts';
import { instrumentMailJobs } from '../src/observability/outbox-metrics.ts';
import { sample } from './helpers/prometheus-text.ts';
import { assertSpacedAtRate, fastOutbox, quietLog, seededDatabase, until } from './helpers/mail-outbox.ts';
import { postgresAdminUrl, testConfig } from './helpers/test-env.ts';

/** A transport that notes each send: to whom and when. */
function recordingMailer() {
  const sends: { to: string; at: number }[] = [];
  const mailer: Mailer = {
    async send(mail) {
      sends.push({ to: mail.to, at: performance.now() });
    },
  };
  return { mailer, sends };
}

/** Test makers: the reminder kind's payload names its recipient by user id. */
const makersThat = (fail: (userId: number) => boolean): MailJobMakers => ({
  // The other kinds as the product makes them (this test queues only reminders).
  ...mailJobMakers,
  reminder: async (payload) => {
    if (fail(payload.userId)) throw new Error(`refused ${payload.userId}`);
    return { mail: { to: `person${payload.userId}@hub.test`, subject: 'Job', text: 'Job\n' } };
  },
});

const jobRows = (count: number, tag: string) =>
  sql`select jsonb_build_object('eventId', 1, 'userId', g, 'kind', 'day', 'startsAt', '2031-01-01T00:00:00.000Z') as payload,
    ${tag} || ':' || g as singleton_key from generate_series(1, ${count}::int) g`;

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `the mail job queue (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let database: Awaited<ReturnType<typeof seededDatabase>>;
      const runners: JobRunner[] = [];
      before(async () => {
        database = await seededDatabase(kind, 'jobs');
      });
      after(async () => {
        for (const r of runners) await r.stop();
        await database.first.close();
        database.dir.remove();
      });
      const db = () => database.first.db;
      const waiting = async (tag: string) =>
        Number(
          (
            await sql<{
              n: string;
            }>`select count(*) as n from pgboss.job where name = 'mail' and singleton_key like ${`${tag}:%`}`.execute(
              db(),
            )
          ).rows[0]!.n,
        );
      const run = async (makers: MailJobMakers, mailer: Mailer, overrides: Partial<typeof fastOutbox> = {}) => {
        const config = testConfig({ mailOutbox: { ...fastOutbox, pollMs: 200, ...overrides } });
        const runner = createJobRunner({ pool: database.first.pool, db: db(), mailer, makers, config, log: quietLog });
        runners.push(runner);
        await runner.start();
        runner.wake();
        return runner;
      };

      it('fans out one job per recipient in one statement, and a singleton key queues a job once', async () => {
        const count = kind === 'postgres' ? 10_000 : 2_000;
        const started = performance.now();
        assert.equal(await fanOutMail(db(), 'reminder', jobRows(count, 'fan')), count);
        const ms = performance.now() - started;
        console.log(`fan-out of ${count} jobs on ${kind}: ${Math.round(ms)} ms`);
        assert.equal(await fanOutMail(db(), 'reminder', jobRows(count, 'fan')), 0, 'the same keys again: none');
        assert.equal(await waiting('fan'), count);
        // What Prometheus sees of them (hub_mail_jobs_*, read from the job table at scrape).
        const metrics = createMetrics('hub-worker');
        instrumentMailJobs(db(), metrics);
        const scraped = await metrics.registry.metrics();
        assert.equal(sample(scraped, 'hub_mail_jobs_backlog', { kind: 'reminder' }), count);
        assert.ok(sample(scraped, 'hub_mail_jobs_oldest_age_seconds', { kind: 'reminder' }) >= 0);
        assert.equal(sample(scraped, 'hub_mail_jobs_given_up', { kind: 'reminder' }), 0);
        const payload = { eventId: 1, userId: 1, kind: 'hour', startsAt: '2031-01-01T00:00:00.000Z' } as const;
        const later = new Date(Date.now() + 3_600_000);
        assert.equal(await enqueueMail(db(), 'reminder', payload, { singletonKey: 'one:1', startAfter: later }), true);
        assert.equal(await enqueueMail(db(), 'reminder', payload, { singletonKey: 'one:1' }), false);
        const [row] = (
          await sql<{
            startAfter: Date;
          }>`select start_after as "startAfter" from pgboss.job where singleton_key = 'one:1'`.execute(db())
        ).rows;
        assert.equal(row!.startAfter.getTime(), later.getTime(), 'not before its startAfter');
        await sql`delete from pgboss.job where singleton_key like 'fan:%' or singleton_key = 'one:1'`.execute(db());
      });

      it('sends each job once, retries a failing one with growing waits, at the send rate', async () => {
        const transport = recordingMailer();
        const tries = new Map<number, number[]>();
        // Person 3 is refused twice, then accepted; the others go through. 600 a minute: 100 ms apart.
        const makers = makersThat((userId) => {
          const at = [...(tries.get(userId) ?? []), performance.now()];
          tries.set(userId, at);
          return userId === 3 && at.length <= 2;
        });
        // The runner first: jobs take the retry settings the queue has when they are queued.
        const runner = await run(makers, transport.mailer, {
          sendRatePerMinute: 600,
          retryBaseMs: 1_000,
          maxAttempts: 4,
        });
        await fanOutMail(db(), 'reminder', jobRows(8, 'run'));
        runner.wake();
        await until('every job sent', () => transport.sends.length >= 8, 30_000).catch((e: Error) => {
          throw new Error(
            `${e.message}: sent ${transport.sends.map((s) => s.to).join(' ')}; tries ${[...tries].map(([k, v]) => `${k}×${v.length}`).join(' ')}`,
          );
        });
        const recipients = transport.sends.map((s) => s.to).sort();
        assert.deepEqual(recipients, [...new Set(recipients)], 'no job sent twice');
        assert.equal(recipients.length, 8);
        const attempts = tries.get(3)!;
        assert.equal(attempts.length, 3);
        const [first, second] = [attempts[1]! - attempts[0]!, attempts[2]! - attempts[1]!];
        assert.ok(
          first >= 900 && second >= 1_800,
          `waits before the retries: ${Math.round(first)}, ${Math.round(second)} ms`,
        );
        assertSpacedAtRate(
          transport.sends.map((s) => s.at),
          100,
        );
      });
    },
  );
}
