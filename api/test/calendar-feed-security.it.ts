/**
 * Issue 23, the private calendar feed: only the secret's hash is stored (the address is shown once,
 * when made); a feed whose owner's Firebase account is disabled or deleted answers 404 with no data;
 * an admin can revoke a user's feed, which the audit log records. On PGlite, and on PostgreSQL when
 * its binaries are installed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { AuditLogPage } from '@hub/contract/audit';
import {
  call,
  deleteAccount,
  postgresAdminUrl,
  signUp,
  startTestApi,
  tokenFor,
  uniqueEmail,
  updateAccount,
  type TestApi,
} from './helpers/test-env.ts';

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `private calendar feed: hash only, disabled and deleted accounts, admin revoke (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let api: TestApi;
      let admin = '';
      let attended = 0;

      /** A fresh synced account attending an event, with a feed: its uid, token, row id and feed path. */
      async function userWithFeed(tag: string) {
        const account = await signUp(uniqueEmail(tag), { displayName: 'Feed, Fiona' });
        const synced = await call(api.url, 'POST', '/api/user/sync', {
          token: account.token,
          body: { msfAccessToken: null },
        });
        assert.equal(synced.json, 1, synced.text);
        const me = (await call(api.url, 'GET', '/api/user', { token: account.token })).json;
        const attend = await call(api.url, 'PUT', `/api/events/${attended}/attendance`, {
          token: account.token,
          body: {},
        });
        assert.equal(attend.status, 200, attend.text);
        const made = await call(api.url, 'POST', '/api/user/calendar-feed', { token: account.token });
        assert.equal(made.status, 200, made.text);
        const path = new URL(made.json.url).pathname;
        assert.equal((await call(api.url, 'GET', path)).status, 200, 'the feed answers while the account is fine');
        const id = (
          await api.database.db
            .selectFrom('appUser')
            .select('id')
            .where('email', '=', me.email)
            .executeTakeFirstOrThrow()
        ).id;
        return { ...account, id, path, secret: path.slice('/api/calendar/'.length, -'.ics'.length) };
      }

      const refusedWithoutData = async (path: string, why: string) => {
        const answer = await call(api.url, 'GET', path);
        assert.equal(answer.status, 404, `${why}: ${answer.text.slice(0, 200)}`);
        assert.deepEqual(answer.json, { message: 'Calendar feed not found', details: [] }, why);
        assert.doesNotMatch(answer.text, /BEGIN:VCALENDAR|SUMMARY/, `${why}: no calendar data`);
      };

      before(async () => {
        api = await startTestApi({ kind });
        admin = await tokenFor('admin@hub.test');
        // An online event anyone may attend (null = its one online location).
        attended = api.seed!.events['Young Professionals Kick-off']!;
      });
      after(async () => api?.close());

      it('stores only the hash of the secret: no column and no value holds the address', async () => {
        const user = await userWithFeed('feed-hash');
        const columns = await sql<{ columnName: string }>`
          select column_name from information_schema.columns where table_name = 'calendar_feed' order by column_name
        `.execute(api.database.db);
        assert.deepEqual(
          columns.rows.map((r) => r.columnName),
          ['created_at', 'token_hash', 'user_id'],
        );
        const row = await sql<Record<string, unknown>>`select * from calendar_feed where user_id = ${user.id}`.execute(
          api.database.db,
        );
        assert.equal(row.rows.length, 1);
        assert.ok(!JSON.stringify(row.rows[0]).includes(user.secret), 'the secret is in no column');
        const status = await call(api.url, 'GET', '/api/user/calendar-feed', { token: user.token });
        assert.equal(status.status, 200);
        assert.equal(status.json.active, true);
        assert.ok(!status.text.includes(user.secret), 'the address is never read back');
      });

      it("refuses a disabled account's feed with no data, and serves it again once re-enabled", async () => {
        const user = await userWithFeed('feed-disabled');
        await updateAccount(user.uid, { disableUser: true });
        await refusedWithoutData(user.path, 'disabled');
        await updateAccount(user.uid, { disableUser: false });
        assert.equal((await call(api.url, 'GET', user.path)).status, 200, 're-enabled: the feed answers again');
      });

      it("refuses a deleted account's feed with no data, and forgets it", async () => {
        const user = await userWithFeed('feed-deleted');
        await deleteAccount(user.uid);
        await refusedWithoutData(user.path, 'deleted');
        const left = await api.database.db
          .selectFrom('calendarFeed')
          .select('userId')
          .where('userId', '=', user.id)
          .execute();
        assert.deepEqual(left, [], 'the feed of a deleted account is removed');
      });

      it("lets an admin revoke a user's feed, recorded in the audit log; revoking nothing records nothing", async () => {
        const user = await userWithFeed('feed-revoke');
        const revoked = await call(api.url, 'DELETE', `/api/admin/users/${user.id}/calendar-feed`, { token: admin });
        assert.equal(revoked.status, 200, revoked.text);
        assert.deepEqual(revoked.json, { userId: user.id, revoked: true });
        await refusedWithoutData(user.path, 'revoked');
        assert.deepEqual((await call(api.url, 'GET', '/api/user/calendar-feed', { token: user.token })).json, {
          active: false,
          createdAt: null,
        });

        const log = async () =>
          (
            await call(
              api.url,
              'GET',
              `/api/admin/audit-log?action=user.calendarFeed.revoke&targetType=user&targetId=${user.id}`,
              { token: admin },
            )
          ).json as AuditLogPage;
        const rows = (await log()).items;
        assert.equal(rows.length, 1);
        assert.equal(rows[0]!.actor?.email, 'admin@hub.test');
        assert.match(rows[0]!.summary, /^Revoked the calendar feed of Fiona Feed <feed-revoke-/);

        const again = await call(api.url, 'DELETE', `/api/admin/users/${user.id}/calendar-feed`, { token: admin });
        assert.deepEqual([again.status, again.json], [200, { userId: user.id, revoked: false }]);
        assert.equal((await log()).items.length, 1, 'nothing revoked, nothing recorded');

        // The user makes a new address, which works.
        const fresh = await call(api.url, 'POST', '/api/user/calendar-feed', { token: user.token });
        assert.equal((await call(api.url, 'GET', new URL(fresh.json.url).pathname)).status, 200);

        const missing = await call(api.url, 'DELETE', '/api/admin/users/2147483647/calendar-feed', { token: admin });
        assert.deepEqual([missing.status, missing.json.message], [404, 'User not found']);
        const own = await call(api.url, 'DELETE', `/api/admin/users/${user.id}/calendar-feed`, { token: user.token });
        assert.equal(own.status, 403, 'only admins revoke');
      });
    },
  );
}
