/**
 * Runs the mail jobs (pg-boss 10, chosen by trial: docs/decisions.md, "Job queue trial (issue 26)")
 * in the process that sends mail: every API process when HUB_OUTBOX=inline (PGlite, `npm start`), only
 * the worker role otherwise. pg-boss reaches the database through the process's own pg pool (on
 * PGlite, the one-session adapter pool), started with `migrate: false`: the migrate role made its
 * tables (migration 0015).
 *
 * pg-boss fetches with `for update skip locked`, so each job runs in one process at a time; a job
 * that fails is retried with pg-boss's exponential back-off (HUB_MAIL_RETRY_BASE_MS doubled per try,
 * HUB_MAIL_MAX_ATTEMPTS tries in all), and a job whose process died is failed and retried after its
 * expiry (twice HUB_MAIL_SEND_TIMEOUT_MS) by pg-boss's maintenance. Each job's mail is made first
 * (from what is true at send time: a maker may answer "not sent" and the job ends), then it takes a
 * slot of the global send rate (mail/send-rate.ts, shared by every runner) and is sent.
 *
 * A job takes its slot only once one of the mailer's connections is free for it, and keeps that
 * connection until its send ends: at most SMTP_CONNECTIONS slots are held ahead per runner. Slots
 * taken for a whole batch at once would, after any stall (a busy event loop, a slow SMTP answer),
 * all fall due together and go out as a burst faster than the rate (the bench's busiest second
 * held 223 sends where the rate allows 201); a slot woken late is given up (send-rate.ts: waitForSlot).
 */
import { setMaxListeners } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import pLimit from 'p-limit';
import PgBoss from 'pg-boss';
import type { IdentityProvider } from '../auth/verify-id-token.ts';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { SMTP_CONNECTIONS, type Mailer } from '../mail/mailer.ts';
import { maskAddress, maskAddresses } from '../mail/recipient-privacy.ts';
import { createSendRate, waitForSlot } from '../mail/send-rate.ts';
import { withTimeout } from '../mail/with-timeout.ts';
import { JOB_SCHEMA, MAIL_QUEUE } from './job-queue-schema.ts';
import type { MailJobConfig, MailJobData, MailJobKind, MailJobMakers } from './mail-jobs.ts';

/**
 * Jobs one runner fetches at once: about a second of sends at the configured rate, at least 4 and at
 * most 20. Each takes its slot of the send rate and then a connection of the mailer's pool (mailer.ts:
 * SMTP_CONNECTIONS), so a larger batch does not send faster than either allows; it keeps the pool
 * busy between fetches at high rates (the bench's 12,000 a minute), and at production's 30 a minute
 * a batch waits a few seconds for its slots, well within a job's expiry.
 */
export function batchSizeFor(sendRatePerMinute: number): number {
  return Math.min(20, Math.max(4, Math.ceil(sendRatePerMinute / 60)));
}

export interface JobRunner {
  /** Starts fetching (after the migrations: pg-boss checks its schema is there). */
  start(): Promise<void>;
  /** Asks the runner to fetch now (after this process queued jobs). */
  wake(): void;
  /** Stops fetching and waits for the jobs in hand. */
  stop(): Promise<void>;
}

export function createJobRunner(deps: {
  pool: pg.Pool;
  db: Kysely<Database>;
  mailer: Mailer;
  makers: MailJobMakers;
  config: MailJobConfig & Pick<ApiConfig, 'mailOutbox'>;
  log: FastifyBaseLogger;
  /** Makes the account mails' links (mail/account-mail.ts). */
  identity?: Pick<IdentityProvider, 'auth'>;
}): JobRunner {
  const { db, mailer, makers, log } = deps;
  const options = deps.config.mailOutbox;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => deps.pool.query(text, values) },
    schema: JOB_SCHEMA,
    migrate: false,
    // Cron schedules are not used: reminders come from a sweep (mail/reminders.ts).
    schedule: false,
    supervise: true,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue: pg-boss reported an error'));
  const rate = createSendRate(db, options.sendRatePerMinute);
  const batchSize = batchSizeFor(options.sendRatePerMinute);
  const connection = pLimit(SMTP_CONNECTIONS);
  const stopping = new AbortController();
  // Each job of a batch waits for its send slot on this signal: up to a batch's worth of listeners.
  setMaxListeners(batchSize + 1, stopping.signal);
  let workerId: string | undefined;

  async function sendJob(job: PgBoss.JobWithMetadata<MailJobData>): Promise<void> {
    const { kind, payload } = job.data;
    const maker = makers[kind] as (
      p: typeof payload,
      c: Parameters<MailJobMakers[MailJobKind]>[1],
    ) => ReturnType<MailJobMakers[MailJobKind]>;
    if (!maker) throw new Error(`no maker for mail jobs of kind ${String(kind)}`);
    const outcome = await maker(payload, { db, config: deps.config, identity: deps.identity });
    if ('notSent' in outcome) {
      log.info({ jobId: job.id, kind }, `${kind} mail ${outcome.notSent}`);
      return;
    }
    await connection(async () => {
      await waitForSlot(rate, stopping.signal);
      await withTimeout(mailer.send(outcome.mail), options.sendTimeoutMs);
    });
    log.debug({ jobId: job.id, kind, recipient: maskAddress(outcome.mail.to) }, `${kind} mail sent`);
  }

  async function handleBatch(jobs: PgBoss.JobWithMetadata<MailJobData>[]): Promise<void> {
    const outcomes = await Promise.allSettled(jobs.map(sendJob));
    // At info, as the operator's sign of which process sends (the worker role, or every API process).
    log.info({ handled: jobs.length }, 'mails handled');
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.status === 'fulfilled') continue;
      const job = jobs[i]!;
      const message = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      // The error's message only (an SMTP refusal quotes the address: masked), never the address.
      const masked = maskAddresses(message).slice(0, 1000);
      await boss.fail(MAIL_QUEUE, job.id, { message: masked });
      const fields = { jobId: job.id, kind: job.data.kind, attempts: job.retryCount + 1, error: masked };
      // Its last try: pg-boss keeps it as failed (hub_mail_jobs_given_up), and an operator is told.
      if (job.retryCount >= job.retryLimit)
        log.error(fields, `${job.data.kind} mail given up after ${fields.attempts} attempts`);
      else log.warn(fields, `${job.data.kind} mail failed; pg-boss retries it`);
    }
    // The batch was full: more may be waiting, fetch again without waiting for the poll.
    if (jobs.length === batchSize && workerId && !stopping.signal.aborted) boss.notifyWorker(workerId);
  }

  return {
    async start() {
      await boss.start();
      // The queue's retry and expiry follow this process's settings (the jobs take them at insert).
      await boss.updateQueue(MAIL_QUEUE, {
        name: MAIL_QUEUE,
        retryLimit: options.maxAttempts - 1,
        retryDelay: Math.max(1, Math.round(options.retryBaseMs / 1000)),
        retryBackoff: true,
        expireInSeconds: Math.max(1, Math.ceil((options.sendTimeoutMs * 2) / 1000)),
      });
      workerId = await boss.work<MailJobData>(
        MAIL_QUEUE,
        {
          batchSize,
          pollingIntervalSeconds: Math.max(0.5, options.pollMs / 1000),
          includeMetadata: true,
        },
        handleBatch,
      );
    },
    wake() {
      if (workerId) boss.notifyWorker(workerId);
    },
    async stop() {
      stopping.abort();
      await boss.stop({ graceful: true, wait: true, close: false, timeout: options.sendTimeoutMs });
    },
  };
}
