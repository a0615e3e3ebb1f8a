/**
 * The mail backlog as Prometheus sees it, read from the database at scrape (so every process
 * reports the one shared queue, pg-boss's job table: jobs/): mails waiting to be sent and the age of
 * the oldest, and mails given up, by kind (hub_mail_jobs_*). A backlog whose oldest age keeps growing
 * means no worker is sending.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { JOB_SCHEMA, MAIL_QUEUE } from '../jobs/job-queue-schema.ts';
import { scrapedGauge, type ApiMetrics } from './metrics.ts';

interface BacklogRow {
  kind: string;
  pending: string | number;
  oldestAgeSeconds: string | number | null;
  givenUp: string | number;
}

/** The three gauges `<prefix>_backlog`, `<prefix>_oldest_age_seconds`, `<prefix>_given_up`, by kind, from one query per scrape. */
function backlogGauges(metrics: ApiMetrics, prefix: string, where: string, read: () => Promise<BacklogRow[]>): void {
  // The first gauge collected reads, the others take the same answer (prom-client collects them one after another).
  let reading: Promise<BacklogRow[]> | undefined;
  const rows = () => (reading ??= read().finally(() => setImmediate(() => (reading = undefined))));
  const perKind = (name: string, help: string, value: (row: BacklogRow) => number) =>
    scrapedGauge(metrics, {
      name: `${prefix}_${name}`,
      help,
      labelNames: ['kind'],
      read: async (gauge) => {
        gauge.reset();
        for (const row of await rows()) gauge.set({ kind: row.kind }, value(row));
      },
    });
  perKind('backlog', `Mails in ${where} waiting to be sent (due or retrying), by kind.`, (row) => Number(row.pending));
  perKind('oldest_age_seconds', `Age of the oldest mail waiting in ${where}, by kind (0 when none waits).`, (row) =>
    Number(row.oldestAgeSeconds ?? 0),
  );
  perKind('given_up', `Mails ${where} gave up on after its last try (kept a while), by kind.`, (row) =>
    Number(row.givenUp),
  );
}

/**
 * The mail job queue (jobs/): jobs due and not yet sent (being sent, or failed and waiting for their
 * retry, included: a send that hangs or keeps failing keeps its age growing), not those waiting for
 * their startAfter; their age from when they were queued or due, whichever came first; and failed
 * ones still kept.
 */
export function instrumentMailJobs(db: Kysely<Database>, metrics: ApiMetrics): void {
  const waiting = sql`state = 'retry' or (state in ('created', 'active') and start_after <= now())`;
  backlogGauges(
    metrics,
    'hub_mail_jobs',
    'the job queue',
    async () =>
      (
        await sql<BacklogRow>`
      select data->>'kind' as kind,
        count(*) filter (where ${waiting}) as pending,
        extract(epoch from now() - min(least(created_on, start_after)) filter (where ${waiting})) as "oldestAgeSeconds",
        count(*) filter (where state = 'failed') as "givenUp"
      from ${sql.raw(`${JOB_SCHEMA}.job`)} where name = ${MAIL_QUEUE} group by 1`.execute(db)
      ).rows,
  );
}
