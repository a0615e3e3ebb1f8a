/**
 * The mail outbox as Prometheus sees it, read from the table at scrape (so every process reports the
 * one shared queue): mails waiting to be sent and the age of the oldest, and mails given up. A
 * backlog whose oldest age keeps growing means no worker is sending.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { scrapedGauge, type ApiMetrics } from './metrics.ts';

interface BacklogRow {
  kind: string;
  pending: string | number;
  oldestAgeSeconds: string | number | null;
  givenUp: string | number;
}

export function instrumentMailOutbox(db: Kysely<Database>, metrics: ApiMetrics): void {
  // One query per scrape serves the three gauges: the first gauge collected reads it, the others
  // take the same answer (prom-client collects them one after another).
  let reading: Promise<BacklogRow[]> | undefined;
  const rows = () =>
    (reading ??= sql<BacklogRow>`
      select kind,
        count(*) filter (where sent_at is null and failed_at is null) as pending,
        extract(epoch from now() - min(created_at) filter (where sent_at is null and failed_at is null)) as "oldestAgeSeconds",
        count(*) filter (where failed_at is not null) as "givenUp"
      from event_mail_outbox group by kind`
      .execute(db)
      .then((result) => result.rows)
      .finally(() => setImmediate(() => (reading = undefined))));

  const perKind = (name: string, help: string, value: (row: BacklogRow) => number) =>
    scrapedGauge(metrics, {
      name,
      help,
      labelNames: ['kind'],
      read: async (gauge) => {
        gauge.reset();
        for (const row of await rows()) gauge.set({ kind: row.kind }, value(row));
      },
    });
  perKind('hub_mail_outbox_backlog', 'Mails in the outbox waiting to be sent (due or retrying), by kind.', (row) =>
    Number(row.pending),
  );
  perKind(
    'hub_mail_outbox_oldest_age_seconds',
    'Age of the oldest mail waiting in the outbox, by kind (0 when none waits).',
    (row) => Number(row.oldestAgeSeconds ?? 0),
  );
  perKind(
    'hub_mail_outbox_given_up',
    'Mails the outbox gave up on after its last try (kept a while), by kind.',
    (row) => Number(row.givenUp),
  );
}
