/**
 * The global mail send rate (mail/send-rate.ts, HUB_MAIL_SEND_RATE_PER_MINUTE): the slots are spaced
 * by one interval whoever takes them, and two outbox workers on one PostgreSQL (two connection
 * pools, as two API or worker processes have) send no faster together than the rate. On PGlite the
 * one process's worker keeps it too.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { createMailOutbox } from '../src/mail/event-mail-outbox.ts';
import type { Mailer } from '../src/mail/mailer.ts';
import { createSendRate } from '../src/mail/send-rate.ts';
import { enqueueFor, eventWithAttendees, fastOutbox, quietLog, seededDatabase } from './helpers/mail-outbox.ts';
import { postgresAdminUrl, testConfig } from './helpers/test-env.ts';

/** A transport that notes when each send started, and to whom. */
function timedMailer() {
  const sends: { to: string; at: number }[] = [];
  const mailer: Mailer = {
    async send(mail) {
      sends.push({ to: mail.to, at: performance.now() });
    },
  };
  return { mailer, sends };
}

/** Timers fire late, never early; the database's and this process's clocks read a few ms apart. */
const CLOCK_SLACK_MS = 30;

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
        // Where each slot lies on this process's clock: when the answer came, plus the wait it says.
        const started = performance.now();
        const slots = (
          await Promise.all(
            Array.from({ length: 10 }, async (_, i) => {
              const wait = await rates[i % rates.length]!.reserve();
              return performance.now() + wait - started;
            }),
          )
        ).sort((a, b) => a - b);
        const shown = slots.map(Math.round).join(', ');
        for (let i = 1; i < slots.length; i++)
          assert.ok(slots[i]! - slots[i - 1]! >= 50 - CLOCK_SLACK_MS, `slots at ${shown} ms`);
        assert.ok(slots.at(-1)! >= 9 * 50 - CLOCK_SLACK_MS && slots.at(-1)! < 9 * 50 + 500, shown);
      });

      it(`${kind === 'postgres' ? 'two workers together send' : 'the worker sends'} no faster than the rate`, async () => {
        const { id } = await eventWithAttendees(database.first.db, 1);
        const count = 12;
        await enqueueFor(database.first.db, id, count);
        const transport = timedMailer();
        // One every 100 ms.
        const config = { ...testConfig(), mailOutbox: { ...fastOutbox, sendRatePerMinute: 600 } };
        const workers = handles.map((h) =>
          createMailOutbox({ db: h.db, mailer: transport.mailer, config, log: quietLog }),
        );
        const started = performance.now();
        const handled = await Promise.all(workers.map((w) => w.drain()));
        assert.equal(
          handled.reduce((a, b) => a + b, 0),
          count,
        );
        if (workers.length > 1)
          assert.ok(
            handled.every((n) => n > 0),
            `both workers sent some (${handled.join(' and ')})`,
          );
        assert.equal(new Set(transport.sends.map((s) => s.to)).size, count, 'no address mailed twice');
        const times = transport.sends.map((s) => s.at - started).sort((a, b) => a - b);
        const shown = times.map(Math.round).join(', ');
        // Slot k lies k intervals or more after the start, and no send comes before its slot: the
        // k-th send (in time, whoever sent it) starts no earlier than k intervals after the start.
        for (let k = 0; k < times.length; k++) assert.ok(times[k]! >= k * 100 - CLOCK_SLACK_MS, `sends at ${shown} ms`);
        // And the rate is used, not undercut by much: all twelve within a few intervals of 1.1 s.
        assert.ok(times.at(-1)! < (count - 1) * 100 + 1500, `sends at ${shown} ms`);
      });
    },
  );
}
