/**
 * The change and cancellation mails on the mail job queue (mail/event-change-mail.ts): a change
 * queues its mails in its own transaction (there when the answer is, none when it rolls back), each
 * is sent once; jobs committed by a process that died before sending them are sent by the next one;
 * and migration 0031 moves the mails an old outbox still held pending into jobs, then drops it. On
 * PGlite, and on PostgreSQL when its binaries are installed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import * as outboxToJobQueue from '../src/db/migrations/0031-outbox-to-job-queue.ts';
import { enqueueEventChangeMails } from '../src/mail/event-change-mail.ts';
import { buildServer } from '../src/server.ts';
import { call, postgresAdminUrl, startTestApi, testConfig, tokenFor, type TestApi } from './helpers/test-env.ts';
import {
  enqueueFor,
  eventWithAttendees,
  fastOutbox as fast,
  mailJobRows,
  recordingMailer,
  transactional,
  seededDatabase,
  until,
} from './helpers/mail-outbox.ts';

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `event change mails on the job queue (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      describe('through the API', () => {
        let api: TestApi;
        const transport = recordingMailer();
        before(async () => {
          api = await startTestApi({ kind, mailer: transport.mailer, config: { mailOutbox: fast } });
        });
        after(async () => api?.close());

        it('queues the mails of a cancellation with it, then sends each once', async () => {
          const db = api.database.db;
          const event = await eventWithAttendees(db, 2);
          const admin = await tokenFor('admin@hub.test');
          const cancelled = await call(api.url, 'POST', `/api/events/${event.id}/cancel`, { token: admin });
          assert.equal(cancelled.status, 200, cancelled.text);
          // Queued by the request's own transaction: there when the answer is.
          const jobs = await mailJobRows(db, 'event-change', event.id);
          assert.equal(jobs.length, event.people);
          assert.ok(jobs.every((j) => (j.payload.change as { kind: string }).kind === 'cancelled'));
          await until('every mail is sent', async () =>
            (await mailJobRows(db, 'event-change', event.id)).every((j) => j.state === 'completed'),
          );
          const to = jobs.map((j) => j.payload.email).sort();
          const sent = transactional(transport.sent).filter((m) => m.subject.startsWith('Cancelled: '));
          assert.deepEqual(sent.map((m) => m.to).sort(), to, 'one mail per person');
          assert.ok(sent.every((m) => m.calendar?.method === 'CANCEL'));
        });

        it('queues nothing when the change rolls back', async () => {
          const db = api.database.db;
          const event = await eventWithAttendees(db, 1);
          const before = (await mailJobRows(db, 'event-change', event.id)).length;
          await assert.rejects(
            db.transaction().execute(async (trx) => {
              assert.equal(await enqueueEventChangeMails(trx, event.id, { kind: 'cancelled' }), event.people);
              throw new Error('the edit failed after queuing its mails');
            }),
            /the edit failed/,
          );
          assert.equal((await mailJobRows(db, 'event-change', event.id)).length, before);
        });
      });

      it('sends what a dead process left queued, and what an old outbox held pending, when the next one starts', async () => {
        const { first, seed, reopen, databaseUrl, dir } = await seededDatabase(kind, 'changemail');
        const { id } = await eventWithAttendees(first.db, 1);
        // Committed with their change by a process that died before its runner sent them.
        await enqueueFor(first.db, id, 2);
        // A database from before 0031: its outbox holds a pending mail of every kind, and settled ones.
        await sql`delete from kysely_migration where name = '0031-outbox-to-job-queue'`.execute(first.db);
        await outboxToJobQueue.down(first.db as Kysely<unknown>);
        const eve = seed.users.external;
        await sql`insert into event_mail_outbox (kind, event_id, user_id, email, first_name, last_name, status, change, sent_at, failed_at)
          values ('change', ${id}, null, 'pending@hub.test', 'Pending', 'One', 'waiting', '{"kind":"cancelled","note":"Rain"}', null, null),
                 ('change', ${id}, null, 'sent@hub.test', 'Sent', 'One', 'attending', '{"kind":"cancelled"}', now(), null),
                 ('change', ${id}, null, 'failed@hub.test', 'Failed', 'One', 'attending', '{"kind":"cancelled"}', null, now()),
                 ('promotion', ${id}, ${eve}, 'external@hub.test', 'Eve', 'E', 'attending', null, null, null),
                 ('confirmation', ${id}, ${eve}, 'external@hub.test', 'Eve', 'E', 'attending', null, null, null),
                 ('password-reset', null, null, 'reset@hub.test', '', '', null, null, null, null)`.execute(first.db);
        await first.close();

        // The next process applies 0031 (its migrations run at start), then sends.
        const database = await reopen();
        const transport = recordingMailer();
        const { app } = await buildServer(testConfig({ dataDir: dir.path, databaseUrl, mailOutbox: fast }), {
          database,
          mailer: transport.mailer,
        });
        try {
          await app.ready();
          const cancellations = () =>
            transactional(transport.sent)
              .filter((m) => m.subject.startsWith('Cancelled: '))
              .map((m) => m.to)
              .sort();
          await until('the three change mails are sent', () => cancellations().length === 3);
          assert.deepEqual(cancellations(), ['outbox1@hub.test', 'outbox2@hub.test', 'pending@hub.test']);
          const table = await sql<{
            name: string | null;
          }>`select to_regclass('event_mail_outbox')::text as name`.execute(database.db);
          assert.equal(table.rows[0]!.name, null, 'the outbox table is gone');
          assert.deepEqual(
            (await mailJobRows(database.db, 'promotion', id)).map((j) => j.payload),
            [{ eventId: id, userId: eve }],
          );
          assert.deepEqual(
            (await mailJobRows(database.db, 'attendance', id)).map((j) => j.payload),
            [{ kind: 'confirmation', eventId: id, userId: eve, status: 'attending' }],
          );
          assert.deepEqual(
            (await mailJobRows(database.db, 'account')).map((j) => j.payload),
            [{ kind: 'password-reset', email: 'reset@hub.test' }],
          );
          const pending = (await mailJobRows(database.db, 'event-change', id)).find(
            (j) => j.payload.email === 'pending@hub.test',
          );
          assert.deepEqual(pending?.payload, {
            eventId: id,
            email: 'pending@hub.test',
            firstName: 'Pending',
            lastName: 'One',
            status: 'waiting',
            change: { kind: 'cancelled', note: 'Rain' },
          });
          await new Promise((r) => setTimeout(r, 600));
          assert.equal(cancellations().length, 3, 'each once');
        } finally {
          await app.close();
          await database.close();
          dir.remove();
        }
      });
    },
  );
}
