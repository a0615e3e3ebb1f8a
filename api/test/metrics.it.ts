/**
 * Prometheus metrics as an operator scrapes them (src/observability/): on their own port, never on
 * the API's; after traffic, each family moves: request durations by route pattern and status,
 * database pool use and waits, the mail queue's backlog and oldest age, sends and failures, rate-limit
 * refusals, read-cache hits, browser error reports. On PGlite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { fetch } from 'undici';
import type { Mailer } from '../src/mail/mailer.ts';
import { enqueueMail } from '../src/jobs/enqueue.ts';
import { changeMailToReader, fastOutbox, mailJobRows, until } from './helpers/mail-outbox.ts';
import { sample } from './helpers/prometheus-text.ts';
import { call, postgresAdminUrl, startTestApi, type TestApi } from './helpers/test-env.ts';

/** A transport whose first send waits for `release()` and then fails; every later send succeeds. */
function gatedMailer() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  const mailer: Mailer = {
    async send() {
      calls += 1;
      if (calls > 1) return;
      await gate;
      throw new Error('the mail server is down');
    },
  };
  return { mailer, release, calls: () => calls };
}

const report = {
  reports: [{ kind: 'error', message: 'boom', app: 'events', build: 'b1', page: '/events/event-list' }],
};

for (const kind of ['pglite', 'postgres'] as const) {
  describe(`metrics (${kind})`, { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false }, () => {
    let api: TestApi;
    const transport = gatedMailer();
    const scrape = async () => {
      const answer = await fetch(`${api.app.metricsServer!.url}/metrics`);
      assert.equal(answer.status, 200);
      assert.match(answer.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      return answer.text();
    };
    before(async () => {
      api = await startTestApi({
        kind,
        mailer: transport.mailer,
        config: {
          metricsPort: 0,
          mailOutbox: fastOutbox,
          // Four reports per minute: the read-cache test posts two, the refusal test the rest.
          clientErrorRateLimit: { max: 4, windowMs: 60_000 },
        },
      });
    });
    after(async () => {
      transport.release();
      await api?.close();
    });

    it('serves /metrics on its own port only', async () => {
      assert.notEqual(new URL(api.app.metricsServer!.url).port, new URL(api.url).port);
      assert.equal((await call(api.url, 'GET', '/metrics')).status, 404, 'not on the public port');
      assert.equal((await fetch(`${api.app.metricsServer!.url}/`)).status, 404);
      const text = await scrape();
      assert.ok(sample(text, 'process_resident_memory_bytes') > 0, 'the process metrics are there');
    });

    it('times requests by route pattern and status, with bounded labels', async () => {
      const before = await scrape();
      const route = { route: '/api/community/:id', method: 'GET' };
      for (const id of [1, 2, 1]) assert.equal((await call(api.url, 'GET', `/api/community/${id}`)).status, 200);
      assert.equal((await call(api.url, 'GET', '/api/community/2000000')).status, 404);
      assert.equal((await call(api.url, 'GET', '/api/nothing-here-4711')).status, 404);
      const text = await scrape();
      const count = (t: string, status: string) =>
        sample(t, 'hub_http_request_duration_seconds_count', { ...route, status_code: status });
      assert.equal(count(text, '200') - count(before, '200'), 3);
      assert.equal(count(text, '404') - count(before, '404'), 1);
      assert.ok(sample(text, 'hub_http_request_duration_seconds_sum', { ...route, status_code: '200' }) > 0);
      const unmatched = (t: string) =>
        sample(t, 'hub_http_request_duration_seconds_count', { route: '(unmatched)', status_code: '404' });
      assert.equal(unmatched(text) - unmatched(before), 1);
      assert.ok(!text.includes('nothing-here-4711') && !text.includes('/api/community/2"'), 'never a raw address');
    });

    it('shows the database pool: connections and the waits for one', async () => {
      const before = await scrape();
      // The health read queries through pool.query (the pool's callback checkout); never cached.
      await Promise.all(Array.from({ length: 5 }, () => call(api.url, 'GET', '/api/health')));
      const text = await scrape();
      const acquired =
        sample(text, 'hub_db_pool_acquire_seconds_count') - sample(before, 'hub_db_pool_acquire_seconds_count');
      assert.ok(acquired >= 5, `5 checkouts at least, counted ${acquired}`);
      assert.ok(sample(text, 'hub_db_pool_connections', { state: 'open' }) >= 1);
      assert.equal(
        sample(text, 'hub_db_pool_connections', { state: 'open' }),
        sample(text, 'hub_db_pool_connections', { state: 'idle' }) +
          sample(text, 'hub_db_pool_connections', { state: 'in_use' }),
      );
      assert.match(text, /^hub_db_pool_waiting\{[^}]*\} 0$/m);
    });

    it('shows the mail queue backlog and its oldest age, then the failed and the sent try', async () => {
      const before = await scrape();
      const event = await sql<{ id: number }>`select id from event order by id limit 1`.execute(api.database.db);
      // A change mail queued an hour ago: the transport holds its first send, so it waits in the queue.
      await enqueueMail(api.database.db, 'event-change', changeMailToReader(event.rows[0]!.id), {
        startAfter: new Date(Date.now() - 3_600_000),
      });
      await until('the worker tries it', () => transport.calls() === 1);
      const waiting = await scrape();
      assert.equal(
        sample(waiting, 'hub_mail_jobs_backlog', { kind: 'event-change' }) -
          sample(before, 'hub_mail_jobs_backlog', { kind: 'event-change' }),
        1,
      );
      assert.ok(sample(waiting, 'hub_mail_jobs_oldest_age_seconds', { kind: 'event-change' }) >= 3600);

      transport.release();
      await until('it is sent on the second try', async () => {
        const jobs = await mailJobRows(api.database.db, 'event-change');
        return jobs.some((job) => job.state === 'completed');
      });
      const done = await scrape();
      assert.equal(
        sample(done, 'hub_mail_sends_total', { result: 'failed' }) -
          sample(before, 'hub_mail_sends_total', { result: 'failed' }),
        1,
      );
      assert.equal(
        sample(done, 'hub_mail_sends_total', { result: 'sent' }) -
          sample(before, 'hub_mail_sends_total', { result: 'sent' }),
        1,
      );
      assert.equal(sample(done, 'hub_mail_jobs_backlog', { kind: 'event-change' }), 0);
      assert.equal(sample(done, 'hub_mail_jobs_oldest_age_seconds', { kind: 'event-change' }), 0);
    });

    it(kind === 'pglite' ? 'counts read-cache hits and misses' : 'keeps no read cache on PostgreSQL', async () => {
      const before = await scrape();
      for (let i = 0; i < 3; i++) {
        await call(api.url, 'GET', '/api/country');
        if (i === 2) break;
        // A browser error report writes nothing a read shows: it must not empty the cache.
        const posted = await call(api.url, 'POST', '/api/client-errors/csp', {
          body: [],
          headers: { 'content-type': 'application/reports+json' },
        });
        assert.equal(posted.status, 204);
      }
      const text = await scrape();
      const series = (outcome: string) => ({ read: 'countries', outcome });
      const moved = (outcome: string) =>
        sample(text, 'hub_read_cache_requests_total', series(outcome)) -
        sample(before, 'hub_read_cache_requests_total', series(outcome));
      if (kind === 'pglite') {
        assert.ok(moved('hit') >= 2, `hits moved by ${moved('hit')}`);
      } else {
        assert.equal(moved('hit') + moved('miss'), 0);
      }
    });

    it('counts browser error reports and rate-limit refusals', async () => {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await call(api.url, 'POST', '/api/client-errors', { body: report })).status);
      assert.deepEqual(statuses, [204, 204, 429]);
      const text = await scrape();
      assert.equal(sample(text, 'hub_client_errors_total', { kind: 'error', app: 'events' }), 2);
      assert.equal(sample(text, 'hub_rate_limit_refusals_total', { route: '/api/client-errors' }), 1);
    });
  });
}
