/**
 * The event change mails' outbox (mail/event-mail-outbox.ts): a change writes its mails in its own
 * transaction, a failing transport is tried again and succeeds later, two workers never send one
 * mail twice, and a process started on a database with pending mails sends them. On PGlite, and on
 * PostgreSQL (where the two workers use two connection pools, as two API processes would) when its
 * binaries are installed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createMailOutbox, enqueueEventChangeMails } from '../src/mail/event-mail-outbox.ts';
import { buildServer } from '../src/server.ts';
import { call, postgresAdminUrl, startTestApi, testConfig, tokenFor, type TestApi } from './helpers/test-env.ts';
import {
  enqueueFor,
  eventWithAttendees,
  fastOutbox as fast,
  outboxRows as outbox,
  quietLog as quiet,
  recordingMailer,
  transactional,
  seededDatabase,
  until,
} from './helpers/mail-outbox.ts';

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `event change mails outbox (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      /** A database of its own (seeded), opened again by `reopen` as a restarted process would. */
      /** A database of its own (seeded), opened again by `reopen` as a restarted process would. */
      const freshDatabase = () => seededDatabase(kind, 'outbox');

      describe('through the API', () => {
        let api: TestApi;
        const transport = recordingMailer({ failures: () => 1 });
        before(async () => {
          api = await startTestApi({ kind, mailer: transport.mailer, config: { mailOutbox: fast } });
        });
        after(async () => api?.close());

        it('writes the mails of a cancellation with it, then sends each (a failure is tried again)', async () => {
          const db = api.database.db;
          const event = await eventWithAttendees(db, 2);
          const admin = await tokenFor('admin@hub.test');
          const cancelled = await call(api.url, 'POST', `/api/events/${event.id}/cancel`, { token: admin });
          assert.equal(cancelled.status, 200, cancelled.text);
          // Written by the request's own transaction: there when the answer is.
          const rows = await outbox(db, event.id);
          assert.equal(rows.length, event.people);
          assert.ok(rows.every((r) => r.kind === 'change' && (r.change as { kind: string }).kind === 'cancelled'));
          await until('every mail is sent', async () => (await outbox(db, event.id)).every((r) => r.sentAt));
          const done = await outbox(db, event.id);
          assert.ok(done.every((r) => r.attempts === 2 && r.failedAt === null && r.claim === null));
          const to = rows.map((r) => r.email).sort();
          const sent = transactional(transport.sent);
          assert.deepEqual(sent.map((m) => m.to).sort(), to, 'one mail per person');
          assert.ok(sent.every((m) => m.subject.startsWith('Cancelled: ') && m.calendar?.method === 'CANCEL'));
        });

        it('writes nothing when the change rolls back', async () => {
          const db = api.database.db;
          const event = await eventWithAttendees(db, 1);
          const before = (await outbox(db, event.id)).length;
          await assert.rejects(
            db.transaction().execute(async (trx) => {
              assert.equal(await enqueueEventChangeMails(trx, event.id, { kind: 'cancelled' }), event.people);
              throw new Error('the edit failed after writing its mails');
            }),
            /the edit failed/,
          );
          assert.equal((await outbox(db, event.id)).length, before);
        });
      });

      it('tries a failing transport again with a growing wait, then gives up and says so', async () => {
        const { first, dir } = await freshDatabase();
        try {
          const { id } = await eventWithAttendees(first.db, 1);
          await enqueueFor(first.db, id, 2);
          // outbox1 succeeds on its third try; outbox2 never does.
          const transport = recordingMailer({ failures: (to) => (to.startsWith('outbox1@') ? 2 : 99) });
          const worker = createMailOutbox({
            db: first.db,
            mailer: transport.mailer,
            config: { ...testConfig(), mailOutbox: { ...fast, maxAttempts: 3 } },
            log: quiet,
          });
          worker.start();
          await until('both mails are settled', async () =>
            (await outbox(first.db, id)).every((r) => r.sentAt || r.failedAt),
          );
          await worker.stop();
          const [ok, bad] = await outbox(first.db, id);
          assert.deepEqual([ok!.attempts, !!ok!.sentAt, ok!.lastError], [3, true, null]);
          assert.deepEqual([bad!.attempts, bad!.sentAt, !!bad!.failedAt], [3, null, true]);
          assert.match(bad!.lastError ?? '', /the mail server is down \(try 3\)/);
          assert.deepEqual(
            transport.sent.map((m) => m.to),
            ['outbox1@hub.test'],
          );
          // The waits double: the third try came at least base + 2 × base after the first.
          assert.ok(ok!.sentAt!.getTime() - ok!.createdAt.getTime() >= fast.retryBaseMs * 3);
        } finally {
          await first.close();
          dir.remove();
        }
      });

      it('never sends one mail twice with two workers at it', async () => {
        const { first, reopen, dir } = await freshDatabase();
        // PostgreSQL: a second pool, as a second API process has. PGlite allows one process per
        // folder, so both workers share its session, interleaving at every await.
        const second = kind === 'postgres' ? await reopen() : first;
        try {
          const { id } = await eventWithAttendees(first.db, 1);
          await enqueueFor(first.db, id, 60);
          const transport = recordingMailer({ delayMs: 15 });
          const workers = [first, second].map((database) =>
            createMailOutbox({
              db: database.db,
              mailer: transport.mailer,
              config: { ...testConfig(), mailOutbox: fast },
              log: quiet,
            }),
          );
          const handled = await Promise.all(workers.map((w) => w.drain()));
          assert.equal(handled[0]! + handled[1]!, 60);
          assert.ok(handled[0]! > 0 && handled[1]! > 0, `both workers sent some (${handled.join(' and ')})`);
          const addresses = transport.sent.map((m) => m.to);
          assert.equal(addresses.length, 60);
          assert.equal(new Set(addresses).size, 60, 'no address mailed twice');
          assert.ok((await outbox(first.db, id)).every((r) => r.sentAt && r.attempts === 1));
        } finally {
          if (second !== first) await second.close();
          await first.close();
          dir.remove();
        }
      });

      it('sends what a stopped process left pending when the next one starts', async () => {
        const { first, reopen, databaseUrl, dir } = await freshDatabase();
        const { id } = await eventWithAttendees(first.db, 1);
        await enqueueFor(first.db, id, 3);
        // One of them was being sent when the process died: held under its lease for a moment more.
        await sql`update event_mail_outbox set claim = 'the-dead-process', attempts = 1,
          next_attempt_at = now() + interval '300 milliseconds'
          where event_id = ${id} and email = 'outbox1@hub.test'`.execute(first.db);
        await first.close();

        const database = await reopen();
        const transport = recordingMailer();
        const { app } = await buildServer(testConfig({ dataDir: dir.path, databaseUrl, mailOutbox: fast }), {
          database,
          mailer: transport.mailer,
        });
        try {
          await app.ready();
          await until('the three mails are sent', () => transactional(transport.sent).length === 3);
          assert.deepEqual(
            transactional(transport.sent)
              .map((m) => m.to)
              .sort(),
            ['outbox1@hub.test', 'outbox2@hub.test', 'outbox3@hub.test'],
          );
          // A mail is marked sent just after the transport took it.
          await until('the three rows are marked sent', async () =>
            (await outbox(database.db, id)).every((r) => r.sentAt && r.claim === null),
          );
          const rows = await outbox(database.db, id);
          assert.equal(rows.find((r) => r.email === 'outbox1@hub.test')!.attempts, 2);
        } finally {
          await app.close();
          await database.close();
          dir.remove();
        }
      });
    },
  );
}
