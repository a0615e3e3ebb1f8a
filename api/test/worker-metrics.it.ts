/**
 * The worker role's own Prometheus listener (HUB_METRICS_PORT, src/roles/worker.ts): the mail
 * queue's backlog and oldest age, and the sends and failures, are the worker's figures; the API
 * replicas (HUB_OUTBOX=worker) leave the queue out of theirs, so scraping every process counts the
 * one shared queue once. PostgreSQL only: the worker role needs it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { fetch } from 'undici';
import { startWorker, type RunningWorker } from '../src/roles/worker.ts';
import { enqueueMail } from '../src/jobs/enqueue.ts';
import { changeMailToReader, fastOutbox, until } from './helpers/mail-outbox.ts';
import { sample } from './helpers/prometheus-text.ts';
import { freePort } from './helpers/ports.ts';
import { postgresAdminUrl, startTestApi, testConfig, tempDir, type TestApi } from './helpers/test-env.ts';

const scrape = async (url: string) => {
  const answer = await fetch(`${url}/metrics`);
  assert.equal(answer.status, 200);
  return answer.text();
};

describe('the worker role’s metrics', { skip: postgresAdminUrl() ? false : 'no PostgreSQL' }, () => {
  let api: TestApi;
  const workerData = tempDir('hub-worker-metrics-');
  const running = new Set<RunningWorker>();
  const worker = async (overrides: Parameters<typeof testConfig>[0]) => {
    const started = await startWorker(
      testConfig({ databaseUrl: api.config.databaseUrl, dataDir: workerData.path, metricsPort: 0, ...overrides }),
    );
    running.add(started);
    await started.started;
    return {
      ...started,
      stop: async () => {
        running.delete(started);
        await started.stop();
      },
    };
  };

  before(async () => {
    // The replica as production runs it beside a worker: it queues the mails, sends nothing.
    api = await startTestApi({ kind: 'postgres', config: { outbox: 'worker', metricsPort: 0 } });
  });
  after(async () => {
    for (const w of running) await w.stop();
    await api?.close();
    workerData.remove();
  });

  it('has no listener without HUB_METRICS_PORT', async () => {
    const quiet = await worker({ metricsPort: undefined, mailOutbox: { ...fastOutbox, pollMs: 60_000 } });
    assert.equal(quiet.metricsServer, null);
    await quiet.stop();
  });

  it('shows the backlog and its age, the failed sends, then the sent mail; the replica shows none of it', async () => {
    const event = await sql<{ id: number }>`select id from event order by id limit 1`.execute(api.database.db);
    // A mail queued an hour ago.
    await enqueueMail(api.database.db, 'event-change', changeMailToReader(event.rows[0]!.id));
    await sql`update pgboss.job set created_on = now() - interval '1 hour', start_after = now() - interval '1 hour'
      where name = 'mail' and data->>'kind' = 'event-change'`.execute(api.database.db);

    // A worker whose mail server refuses every connection: the mail stays in the queue.
    const failing = await worker({
      smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
      mailOutbox: { ...fastOutbox, maxAttempts: 1_000 },
    });
    assert.notEqual(new URL(failing.metricsServer!.url).port, new URL(failing.url).port, 'a port of its own');
    await until(
      'a send failed',
      async () => sample(await scrape(failing.metricsServer!.url), 'hub_mail_sends_total', { result: 'failed' }) >= 1,
    );
    const waiting = await scrape(failing.metricsServer!.url);
    assert.equal(sample(waiting, 'hub_mail_jobs_backlog', { kind: 'event-change', service: 'hub-worker' }), 1);
    assert.ok(sample(waiting, 'hub_mail_jobs_oldest_age_seconds', { kind: 'event-change' }) >= 3600);
    assert.equal(sample(waiting, 'hub_mail_sends_total', { result: 'sent' }), 0);
    assert.ok(sample(waiting, 'hub_db_pool_connections', { state: 'open' }) >= 1, 'its database pool');
    assert.ok(sample(waiting, 'process_resident_memory_bytes') > 0, 'its process');
    await failing.stop();

    // The replica's scrape leaves the queue to the worker.
    const replica = await scrape(api.app.metricsServer!.url);
    assert.doesNotMatch(replica, /^hub_mail_jobs_backlog/m);

    // A worker whose transport works (mail to its folder) sends it.
    const sending = await worker({ mailOutbox: fastOutbox });
    await until(
      'the mail is sent',
      async () => sample(await scrape(sending.metricsServer!.url), 'hub_mail_sends_total', { result: 'sent' }) === 1,
    );
    const done = await scrape(sending.metricsServer!.url);
    assert.equal(sample(done, 'hub_mail_jobs_backlog', { kind: 'event-change' }), 0);
    assert.equal(sample(done, 'hub_mail_jobs_oldest_age_seconds', { kind: 'event-change' }), 0);
    await sending.stop();
    await assert.rejects(fetch(`${sending.metricsServer!.url}/metrics`), 'the listener closes with the worker');
  });
});
