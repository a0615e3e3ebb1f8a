/**
 * The global mail send rate (mail/send-rate.ts, HUB_MAIL_SEND_RATE_PER_MINUTE): the slots are spaced
 * by one interval whoever takes them, and two job runners on one PostgreSQL (two connection pools,
 * as two API or worker processes have) send no faster together than the rate, each mail once. (One
 * runner's rate, on PGlite too, is proven in mail-jobs.it.ts.)
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { createJobRunner } from '../src/jobs/job-runner.ts';
import { mailJobMakers } from '../src/jobs/mail-job-makers.ts';
import type { Mailer } from '../src/mail/mailer.ts';
import { createSendRate } from '../src/mail/send-rate.ts';
import {
  assertSpacedAtRate,
  enqueueFor,
  eventWithAttendees,
  fastOutbox,
  quietLog,
  seededDatabase,
  until,
} from './helpers/mail-outbox.ts';
import { postgresAdminUrl, testConfig } from './helpers/test-env.ts';

/** Transports that note when each send started, to whom, and through which of them. */
function timedMailers(count: number) {
  const sends: { to: string; at: number; by: number }[] = [];
  const mailers = Array.from({ length: count }, (_, by): Mailer => ({
    async send(mail) {
      if (mail.headers?.['List-Unsubscribe']) return; // the seeded members' weekly digests
      sends.push({ to: mail.to, at: performance.now(), by });
    },
  }));
  return { mailers, sends };
}

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `the global mail send rate (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      // One seeded database for both tests. PostgreSQL: a second pool, as a second process has;
      // PGlite belongs to one process: its one handle serves as both.
      let database: Awaited<ReturnType<typeof seededDatabase>>;
      let handles: DatabaseHandle[];
      before(async () => {
        database = await seededDatabase(kind, 'rate');
        handles = kind === 'postgres' ? [database.first, await database.reopen()] : [database.first];
      });
      after(async () => {
        for (const handle of handles.reverse()) await handle.close();
        database.dir.remove();
      });

      it('spaces the slots by one interval, whichever pool takes them', async () => {
        const rates = handles.map((h) => createSendRate(h.db, 1200));
        assert.equal(rates[0]!.intervalMs, 50);
        // Where each slot lies on the database's clock, one for both pools.
        const slots = (
          await Promise.all(Array.from({ length: 10 }, async (_, i) => (await rates[i % rates.length]!.reserve()).at))
        ).sort((a, b) => a - b);
        const shown = slots.map((t) => Math.round(t - slots[0]!)).join(', ');
        for (let i = 1; i < slots.length; i++)
          assert.ok(slots[i]! - slots[i - 1]! >= 50 - 0.01, `slots at ${shown} ms`);
        // Taken together, they follow each other at the rate: the tenth slot 9 intervals after the first.
        assert.ok(slots.at(-1)! - slots[0]! < 9 * 50 + 100, shown);
      });

      it(
        'two runners together send no faster than the rate, each mail once',
        { skip: kind === 'pglite' && 'one process on PGlite' },
        async () => {
          const { id } = await eventWithAttendees(database.first.db, 1);
          const count = 12;
          const transport = timedMailers(handles.length);
          // One every 100 ms.
          const config = { ...testConfig(), mailOutbox: { ...fastOutbox, sendRatePerMinute: 600 } };
          const runners = handles.map((h, i) =>
            createJobRunner({
              pool: h.pool,
              db: h.db,
              mailer: transport.mailers[i]!,
              makers: mailJobMakers,
              config,
              log: quietLog,
            }),
          );
          try {
            for (const runner of runners) await runner.start();
            const started = performance.now();
            await enqueueFor(database.first.db, id, count);
            for (const runner of runners) runner.wake();
            await until('every mail is sent', () => transport.sends.length >= count);
            const by = runners.map((_, i) => transport.sends.filter((s) => s.by === i).length);
            assert.ok(
              by.every((n) => n > 0),
              `both runners sent some (${by.join(' and ')})`,
            );
            assert.equal(new Set(transport.sends.map((s) => s.to)).size, count, 'no address mailed twice');
            const times = transport.sends.map((s) => s.at - started).sort((a, b) => a - b);
            const shown = times.map(Math.round).join(', ');
            assertSpacedAtRate(times, 100);
            // And the rate is used, not undercut by much: all twelve within a few intervals of 1.1 s.
            assert.ok(times.at(-1)! - times[0]! < (count - 1) * 100 + 1500, `sends at ${shown} ms`);
          } finally {
            for (const runner of runners) await runner.stop();
          }
          assert.equal(transport.sends.length, count, 'and none more after');
        },
      );
    },
  );
}
