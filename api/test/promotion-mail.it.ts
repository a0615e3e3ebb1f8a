/**
 * The waiting-list promotion mail goes through the mail job queue (mail/promotion-mail.ts): the
 * transaction that seats someone from the waiting list queues their mail, whichever request freed
 * the seat (a withdrawal, a larger capacity in an edit); the runner sends it once; a rolled-back
 * promotion leaves no job; a process started on a database with a pending promotion job (its process
 * died after the commit) sends it; and a mail that is no longer true when its turn comes (the person
 * withdrew, the event was cancelled) is not sent. On PGlite, and on PostgreSQL when its binaries are
 * installed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import type { OutgoingMail } from '../src/mail/mailer.ts';
import { makePromotionMail } from '../src/mail/promotion-mail.ts';
import { buildServer } from '../src/server.ts';
import type { SeedResult } from '../src/seed/index.ts';
import { moveSeat, promoteWaitingList } from '../src/services/attendance.ts';
import { eventBody } from './helpers/event-body.ts';
import { fastOutbox, mailJobRows, recordingMailer, seededDatabase, until } from './helpers/mail-outbox.ts';
import { call, postgresAdminUrl, startTestApi, testConfig, tokenFor, type TestApi } from './helpers/test-env.ts';

const SITE = 'https://hub.example.com';
const promotionsTo = (sent: OutgoingMail[], to: string, title: string) =>
  sent.filter((m) => m.to === to && m.subject === `You have a seat: ${title}`);

/**
 * On the seeded one-seat event (nobody registered): Sam attends, Eve waits, then Sam withdraws in
 * a transaction that promotes the waiting list, as the withdraw route does. `fail` rolls it back
 * after the promotion. Answers the event and Eve's user id.
 */
async function withdrawAndPromote(
  db: Kysely<Database>,
  seed: SeedResult,
  opts: { fail?: (trx: Kysely<Database>) => Promise<void> } = {},
): Promise<{ eventId: number; eve: number; promoted: number[] }> {
  const eventId = seed.events['Architecture Office Hours']!;
  const { staff: sam, external: eve } = seed.users;
  const room = await db
    .selectFrom('eventLocation')
    .select('id')
    .where('eventId', '=', eventId)
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('eventAttendee')
      .values({ eventId, userId: sam, eventLocationId: room.id, status: 'attending' })
      .execute();
    await moveSeat(trx, eventId, room.id, 1);
    await trx
      .insertInto('eventAttendee')
      .values({ eventId, userId: eve, eventLocationId: room.id, status: 'waiting' })
      .execute();
  });
  const promoted = await db.transaction().execute(async (trx) => {
    await trx.selectFrom('event').select('id').where('id', '=', eventId).forUpdate().execute();
    await trx.deleteFrom('eventAttendee').where('eventId', '=', eventId).where('userId', '=', sam).execute();
    await moveSeat(trx, eventId, room.id, -1);
    const seated = await promoteWaitingList(trx, eventId);
    await opts.fail?.(trx);
    return seated;
  });
  return { eventId, eve, promoted };
}

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `waiting-list promotion mails through the job queue (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      /** A database of its own (seeded, no server, so no job runner), opened again by `reopen`. */
      const freshDatabase = () => seededDatabase(kind, 'promotion');

      describe('through the API', () => {
        let api: TestApi;
        // (Retries are the job runner's, proven once for every kind in mail-jobs.it.ts.)
        const transport = recordingMailer();
        let admin: string;
        before(async () => {
          api = await startTestApi({
            kind,
            mailer: transport.mailer,
            config: { waitingList: true, siteUrl: SITE, mailOutbox: fastOutbox },
          });
          admin = await tokenFor('admin@hub.test');
        });
        after(async () => api?.close());

        /** A one-seat event in Bangalore (Asia/Kolkata), Sam attending and `waiting` on its list. */
        async function fullEvent(title: string, waiting: string) {
          const body = eventBody(title, 1, [{ cityName: 'Bangalore', address: 'Whitefield Road', online: 'No' }]);
          const created = await call(api.url, 'POST', '/api/events', { token: admin, body });
          assert.equal(created.status, 201, created.text);
          const id: number = created.json.id;
          const room: number = created.json.locations[0].eventLocationId;
          for (const [who, status] of [
            ['staff@hub.test', 'attending'],
            [waiting, 'waiting'],
          ] as const) {
            const answer = await call(api.url, 'PUT', `/api/events/${id}/attendance`, {
              token: await tokenFor(who),
              body: { eventLocationId: room },
            });
            assert.equal(answer.json.status, status, answer.text);
          }
          return { id, body, room };
        }

        it('queues the mail with the withdrawal that frees the seat, then sends it once', async () => {
          const db = api.database.db;
          const { id } = await fullEvent('Promotion by withdrawal', 'external@hub.test');
          const left = await call(api.url, 'DELETE', `/api/events/${id}/attendance`, {
            token: await tokenFor('staff@hub.test'),
          });
          assert.equal(left.status, 200, left.text);
          // Queued by the withdrawal's own transaction: there when its answer is.
          const jobs = await mailJobRows(db, 'promotion', id);
          assert.deepEqual(
            jobs.map((j) => j.payload),
            [{ eventId: id, userId: api.seed!.users.external }],
          );
          await until(
            'the promotion mail is sent',
            () => promotionsTo(transport.sent, 'external@hub.test', 'Promotion by withdrawal').length > 0,
          );
          // Several polls later, still one mail.
          await new Promise((r) => setTimeout(r, 600));
          assert.equal((await mailJobRows(db, 'promotion', id))[0]!.state, 'completed');
          const mails = promotionsTo(transport.sent, 'external@hub.test', 'Promotion by withdrawal');
          assert.equal(mails.length, 1, 'sent once');
          // The mail's words (templates/waiting-list-seat.tsx), the text part of the same template as the HTML.
          const text = mails[0]!.text;
          for (const line of [
            'Hi Eve,',
            'Good news: a seat came free at "Promotion by withdrawal" and it is yours. You were first on the waiting list, so you are now attending.',
            // 15:00Z is 20:30 in Kolkata (UTC+5:30): the time is given in the event's own zone.
            'When: Tuesday 4 March 2031, 20:30 – 23:00 (Asia/Kolkata)',
            'Where: Bangalore, Whitefield Road',
            'Host: Java Community',
            'See the event, add it to your calendar or withdraw if you can no longer come:',
            `${SITE}/events/${id}`,
            'If you cannot make it, please withdraw on the event page so the next person waiting gets your seat.',
            'Community Hub',
          ])
            assert.ok(text.split('\n').includes(line), `the line "${line}" in:\n${text}`);
          assert.ok(mails[0]!.html?.includes('Good news: a seat came free'), 'and the HTML part');
          // The seat goes into the calendar, as a confirmation's would: REQUEST, LOCATION the person's place.
          assert.equal(mails[0]!.calendar?.method, 'REQUEST');
          assert.match(mails[0]!.calendar!.content, /^LOCATION:Whitefield Road\\, Bangalore\r?$/m);
          assert.match(mails[0]!.calendar!.content, new RegExp(`^UID:event-${id}@`, 'm'));
        });

        it('queues the mail with the edit that raises the capacity, and sends it once', async () => {
          const db = api.database.db;
          const { id, body, room } = await fullEvent('Promotion by a larger capacity', 'newstaff@hub.test');
          const raised = await call(api.url, 'PUT', `/api/events/${id}`, {
            token: admin,
            body: { ...body, capacity: 2, locations: [{ ...body.locations[0], eventLocationId: room }] },
          });
          assert.equal(raised.status, 200, raised.text);
          // Only the promotion: a larger capacity alone sends no change mail.
          assert.deepEqual(
            (await mailJobRows(db, 'promotion', id)).map((j) => j.payload),
            [{ eventId: id, userId: api.seed!.users.newstaff }],
          );
          assert.deepEqual(await mailJobRows(db, 'event-change', id), []);
          await until(
            'the promotion mail is sent',
            () => promotionsTo(transport.sent, 'newstaff@hub.test', 'Promotion by a larger capacity').length > 0,
          );
          const mails = promotionsTo(transport.sent, 'newstaff@hub.test', 'Promotion by a larger capacity');
          assert.equal(mails.length, 1);
          assert.match(mails[0]!.text, /^Hi Nina,$/m);
        });
      });

      it('queues nothing when the promotion rolls back', async () => {
        const { first, seed, dir } = await freshDatabase();
        try {
          let written = -1;
          await assert.rejects(
            withdrawAndPromote(first.db, seed, {
              fail: async (trx) => {
                written = (await mailJobRows(trx, 'promotion', seed.events['Architecture Office Hours']!)).length;
                throw new Error('the withdrawal failed after the promotion');
              },
            }),
            /the withdrawal failed/,
          );
          assert.equal(written, 1, 'the promotion queued its mail inside the transaction');
          const eventId = seed.events['Architecture Office Hours']!;
          assert.deepEqual(await mailJobRows(first.db, 'promotion', eventId), []);
          const eve = await first.db
            .selectFrom('eventAttendee')
            .select('status')
            .where('eventId', '=', eventId)
            .where('userId', '=', seed.users.external)
            .executeTakeFirstOrThrow();
          assert.equal(eve.status, 'waiting', 'the seat rolled back with the mail');
        } finally {
          await first.close();
          dir.remove();
        }
      });

      it('sends a pending promotion mail when the next process starts (its process died after the commit)', async () => {
        const { first, seed, reopen, databaseUrl, dir } = await freshDatabase();
        // Committed by a process that stopped before its worker sent the mail.
        const { eventId, eve, promoted } = await withdrawAndPromote(first.db, seed);
        assert.deepEqual(promoted, [eve]);
        await first.close();

        const database = await reopen();
        const transport = recordingMailer();
        const { app } = await buildServer(
          testConfig({ dataDir: dir.path, databaseUrl, siteUrl: SITE, mailOutbox: fastOutbox }),
          { database, mailer: transport.mailer },
        );
        try {
          await app.ready();
          // Only the seat mails: the same worker also sends this week's digests (issue 26).
          const seatMails = () => transport.sent.filter((m) => m.subject.startsWith('You have a seat'));
          await until('the promotion mail is sent', () => seatMails().length === 1);
          const [mail] = seatMails();
          assert.deepEqual(
            [mail!.to, mail!.subject],
            ['external@hub.test', 'You have a seat: Architecture Office Hours'],
          );
          assert.match(mail!.text, /^Hi Eve,$/m);
          assert.match(mail!.text, /^Where: Bangalore, /m);
          assert.match(mail!.text, /^Host: Architecture Circle$/m);
          assert.ok(mail!.text.includes(`${SITE}/events/${eventId}\n`));
          await until('the job is done', async () =>
            (await mailJobRows(database.db, 'promotion', eventId)).every((j) => j.state === 'completed'),
          );
        } finally {
          await app.close();
          await database.close();
          dir.remove();
        }
      });

      it('sends no promotion mail no longer true: the person withdrew, or the event was cancelled', async () => {
        const { first, seed, dir } = await freshDatabase();
        try {
          const context = { db: first.db, config: testConfig({ siteUrl: SITE }) };
          const { eventId, eve } = await withdrawAndPromote(first.db, seed);
          assert.ok('mail' in (await makePromotionMail({ eventId, userId: eve }, context)), 'true when queued');
          // Eve withdraws before the runner's turn (a mail server down for a while, say).
          await first.db.deleteFrom('eventAttendee').where('eventId', '=', eventId).where('userId', '=', eve).execute();
          assert.deepEqual(await makePromotionMail({ eventId, userId: eve }, context), {
            notSent: 'not sent: the person no longer holds the seat',
          });
          // And on another event, a promotion whose event is cancelled before its turn.
          const other = seed.events['Platform Engineering Day']!;
          await first.db.updateTable('event').set({ cancelled: true }).where('id', '=', other).execute();
          assert.deepEqual(await makePromotionMail({ eventId: other, userId: seed.users.newstaff }, context), {
            notSent: 'not sent: the event was cancelled after the promotion',
          });
        } finally {
          await first.close();
          dir.remove();
        }
      });
    },
  );
}
