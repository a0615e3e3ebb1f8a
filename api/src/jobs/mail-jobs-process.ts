/**
 * The mail jobs as a process runs them: the job runner (job-runner.ts) and the reminder sweep
 * (mail/reminders.ts) together, with the weekly digest's and the attendee retention's sweeps
 * (jobs/attendee-retention.ts), in every API process with HUB_OUTBOX=inline and in the worker role
 * (roles/worker.ts), started once the migrations are applied.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { IdentityProvider } from '../auth/verify-id-token.ts';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { startReminderSweep } from '../mail/reminders.ts';
import { createJobRunner } from './job-runner.ts';
import { startDigestSweep } from '../mail/weekly-digest.ts';
import { startRetentionSweep } from './attendee-retention.ts';
import { mailJobMakers } from './mail-job-makers.ts';
import type { MailJobConfig } from './mail-jobs.ts';

export interface MailJobs {
  /** Fetch now: this process just queued jobs. */
  wake(): void;
  stop(): Promise<void>;
}

export async function startMailJobs(deps: {
  pool: pg.Pool;
  db: Kysely<Database>;
  mailer: Mailer;
  config: MailJobConfig &
    Pick<
      ApiConfig,
      'mailOutbox' | 'reminderSweepMs' | 'digestSweepMs' | 'attendeeRetentionMonths' | 'retentionSweepMs'
    >;
  log: FastifyBaseLogger;
  /** Makes the account mails' links (verification, password reset) at send time. */
  identity?: Pick<IdentityProvider, 'auth'>;
}): Promise<MailJobs> {
  const runner = createJobRunner({ ...deps, makers: mailJobMakers });
  await runner.start();
  const sweep = startReminderSweep(
    deps.db,
    deps.config.reminderSweepMs,
    (queued) => {
      deps.log.info({ queued }, 'reminders queued');
      runner.wake();
    },
    (error) => deps.log.error({ err: error }, 'reminders: the sweep failed; the next one tries again'),
  );
  const digests = startDigestSweep(
    deps.db,
    deps.config.digestSweepMs,
    (queued) => {
      deps.log.info({ queued }, 'weekly digests queued');
      runner.wake();
    },
    (error) => deps.log.error({ err: error }, 'weekly digest: the sweep failed; the next one tries again'),
  );
  const retention = startRetentionSweep(
    deps.db,
    { months: deps.config.attendeeRetentionMonths, everyMs: deps.config.retentionSweepMs },
    (run) => deps.log.info(run, 'attendee retention: old attendances minimised'),
    (error) => deps.log.error({ err: error }, 'attendee retention: the sweep failed; the next one tries again'),
  );
  return {
    wake: () => runner.wake(),
    async stop() {
      sweep.stop();
      digests.stop();
      retention.stop();
      await runner.stop();
    },
  };
}
