/**
 * Issue 28, "Delete my account" and an admin's deletion, on PGlite and PostgreSQL with the real Auth
 * emulator:
 *  - the Firebase account is gone (the password sign-in fails, the old token is refused);
 *  - an upcoming attendance is withdrawn (the seat goes to the one waiting), an ended event's stays
 *    as an anonymous row with its check-in time, so its counts do not move;
 *  - memberships, seats, roles, the feed and queued mails go; the row stays anonymised; the audit
 *    log's lines name the pseudonym, never the address;
 *  - a new sign-up with the same address is a new, empty account;
 *  - an admin deletes someone's account (audited); a second deletion is 404.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { signInWithPassword } from '../../devstack/auth-emulator/index.ts';
import { enqueueMail } from '../src/jobs/enqueue.ts';
import { eventBody } from './helpers/event-body.ts';
import {
  call,
  emulatorHost,
  postgresAdminUrl,
  signUp,
  startTestApi,
  tokenFor,
  uniqueEmail,
  type TestApi,
} from './helpers/test-env.ts';

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `delete an account (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let api: TestApi;
      let admin = '';
      before(async () => {
        api = await startTestApi({ kind, config: { waitingList: true } });
        admin = await tokenFor('admin@hub.test');
      });
      after(async () => api?.close());

      /** A new synced account: its address, token, uid and row id. */
      async function newPerson(tag: string) {
        const email = uniqueEmail(tag);
        const account = await signUp(email, { displayName: `${tag}, Tess` });
        const synced = await call(api.url, 'POST', '/api/user/sync', {
          token: account.token,
          body: { msfAccessToken: null },
        });
        assert.equal(synced.status, 200, synced.text);
        const row = await api.database.db
          .selectFrom('appUser')
          .select('id')
          .where('uid', '=', account.uid)
          .executeTakeFirstOrThrow();
        return { email, ...account, id: row.id };
      }

      const db = () => api.database.db;

      it('deletes the Firebase account, withdraws, keeps past counts anonymous, and anonymises the row', async () => {
        const person = await newPerson('leaver');
        const waiter = await newPerson('waiter');
        // An upcoming event with one seat: the person holds it, another waits.
        const created = await call(api.url, 'POST', '/api/events', {
          token: admin,
          body: eventBody('Deletion seat', 1, [{ cityName: '', address: null, online: 'Yes' }]),
        });
        assert.equal(created.status, 201, created.text);
        const upcoming = created.json.id as number;
        const communityId = created.json.communityId as number;
        assert.equal(
          (await call(api.url, 'PUT', `/api/events/${upcoming}/attendance`, { token: person.token, body: {} })).json
            .status,
          'attending',
        );
        assert.equal(
          (await call(api.url, 'PUT', `/api/events/${upcoming}/attendance`, { token: waiter.token, body: {} })).json
            .status,
          'waiting',
        );
        // An ended event they attended and were checked in at (written as the past would have left it).
        const past = await db()
          .selectFrom('event')
          .select(['id', 'attendeeCount'])
          .where('endsAt', '<', new Date())
          .where('cancelled', '=', false)
          .orderBy('id')
          .executeTakeFirstOrThrow();
        const checkedInAt = new Date('2025-01-02T10:00:00.000Z');
        await db()
          .insertInto('eventAttendee')
          .values({ eventId: past.id, userId: person.id, status: 'attending', checkedInAt })
          .execute();
        await db()
          .updateTable('event')
          .set({ attendeeCount: past.attendeeCount + 1 })
          .where('id', '=', past.id)
          .execute();
        const pastBefore = (await call(api.url, 'GET', `/api/events/${past.id}`)).json.attendeeCount as number;
        // A core-member seat (an audit line names them), a feed, a preference and a queued mail.
        const appointed = await call(api.url, 'POST', `/api/community/${communityId}/core-members`, {
          token: admin,
          body: { email: person.email },
        });
        assert.equal(appointed.status, 201, appointed.text);
        assert.equal((await call(api.url, 'POST', '/api/user/calendar-feed', { token: person.token })).status, 200);
        await enqueueMail(
          db(),
          'community-news',
          { eventId: upcoming, userId: person.id },
          { startAfter: new Date(Date.now() + 3_600_000) },
        );

        assert.equal((await call(api.url, 'DELETE', '/api/user')).status, 401, 'signed in only');
        const deleted = await call(api.url, 'DELETE', '/api/user', { token: person.token });
        assert.equal(deleted.status, 204, deleted.text);

        // Signed out for good: the password no longer signs in, the old token is refused.
        await assert.rejects(signInWithPassword(emulatorHost(), person.email), /EMAIL_NOT_FOUND|USER_NOT_FOUND/);
        assert.equal((await call(api.url, 'GET', '/api/user', { token: person.token })).status, 401);

        // The seat went to the one waiting; the count of the upcoming event is right.
        const after = await call(api.url, 'GET', `/api/events/${upcoming}`);
        assert.equal(after.json.attendeeCount, 1);
        const waiterNow = await db()
          .selectFrom('eventAttendee')
          .select('status')
          .where('eventId', '=', upcoming)
          .where('userId', '=', waiter.id)
          .executeTakeFirstOrThrow();
        assert.equal(waiterNow.status, 'attending');
        // The ended event counts them still, as nobody: the row stays without a person, checked in.
        assert.equal((await call(api.url, 'GET', `/api/events/${past.id}`)).json.attendeeCount, pastBefore);
        const anonymous = await db()
          .selectFrom('eventAttendee')
          .select(['checkedInAt', 'status'])
          .where('eventId', '=', past.id)
          .where('userId', 'is', null)
          .execute();
        assert.deepEqual(
          anonymous.map((a) => a.checkedInAt?.toISOString()),
          [checkedInAt.toISOString()],
        );

        // Nothing refers to the person any more but the anonymised row and the audit log.
        for (const table of [
          'eventAttendee',
          'communityMembership',
          'communityCoreMember',
          'userRole',
          'calendarFeed',
          'mailPreference',
          'eventReminder',
        ] as const) {
          const rows = await db()
            .selectFrom(table)
            .select(sql<number>`count(*)::int`.as('n'))
            .where('userId', '=', person.id)
            .executeTakeFirstOrThrow();
          assert.equal(rows.n, 0, `${table} still refers to the deleted account`);
        }
        const jobs = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
        where data->'payload'->>'userId' = ${String(person.id)} and state in ('created', 'retry')`.execute(db());
        assert.equal(jobs.rows[0]!.n, 0, 'a mail queued to the deleted account is dropped');
        const row = await db().selectFrom('appUser').selectAll().where('id', '=', person.id).executeTakeFirstOrThrow();
        assert.equal(row.uid, null);
        assert.equal(row.firstName, 'Deleted account');
        assert.match(row.email, /^deleted-[0-9a-f]{8}@deleted\.invalid$/);
        assert.ok(row.deletedAt);
        const pseudonym = row.lastName;

        const log = await db()
          .selectFrom('auditLog')
          .select(['action', 'summary', 'actorUserId', 'targetId'])
          .execute();
        assert.ok(!log.some((r) => r.summary.includes(person.email)), 'no audit line names the address');
        assert.ok(
          log.some((r) => r.action === 'coreMember.appoint' && r.summary.includes(`Deleted account ${pseudonym}`)),
          'the appointment names the pseudonym',
        );
        const deletion = log.find((r) => r.action === 'user.account.delete' && r.targetId === person.id);
        assert.equal(deletion?.actorUserId, person.id);

        // Not listed to admins; a new sign-up with the same address is a new, empty account.
        const listed = await call(api.url, 'GET', `/api/admin/users?q=${encodeURIComponent(pseudonym)}`, {
          token: admin,
        });
        assert.equal(listed.json.total, 0);
        const again = await signUp(person.email);
        const resynced = await call(api.url, 'POST', '/api/user/sync', {
          token: again.token,
          body: { msfAccessToken: null },
        });
        assert.equal(resynced.status, 200, resynced.text);
        const fresh = await call(api.url, 'GET', '/api/user', { token: again.token });
        assert.equal(fresh.status, 200);
        assert.deepEqual(
          [fresh.json.memberOfCommunities, fresh.json.attendingEvents, fresh.json.coreMemberOfCommunities],
          [[], [], []],
        );
        const newRow = await db()
          .selectFrom('appUser')
          .select('id')
          .where('uid', '=', again.uid)
          .executeTakeFirstOrThrow();
        assert.notEqual(newRow.id, person.id);
      });

      it('an admin deletes someone’s account (audited); others may not; twice is 404', async () => {
        const person = await newPerson('removed');
        const staff = await tokenFor('staff@hub.test');
        assert.equal((await call(api.url, 'DELETE', `/api/admin/users/${person.id}`, { token: staff })).status, 403);
        const deleted = await call(api.url, 'DELETE', `/api/admin/users/${person.id}`, { token: admin });
        assert.equal(deleted.status, 204, deleted.text);
        await assert.rejects(signInWithPassword(emulatorHost(), person.email));
        const log = await call(
          api.url,
          'GET',
          `/api/admin/audit-log?action=user.account.delete&targetType=user&targetId=${person.id}`,
          {
            token: admin,
          },
        );
        assert.equal(log.json.items.length, 1);
        assert.equal(log.json.items[0].actorId, api.seed!.users.admin);
        assert.doesNotMatch(JSON.stringify(log.json), new RegExp(person.email.replace(/[.]/g, '\\.')));
        assert.equal((await call(api.url, 'DELETE', `/api/admin/users/${person.id}`, { token: admin })).status, 404);
      });
    },
  );
}
