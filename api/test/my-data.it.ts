/**
 * Issue 28, "Download my data", on PGlite and PostgreSQL with real emulator accounts:
 *  - the export is a JSON attachment with the person's profile, membership, attendance (place and
 *    check-in time), feed, preferences and the audit rows about them, and no other person's address;
 *  - it is recorded in the audit log (actor and subject: the person);
 *  - the `.ics` holds their events, past ones too (parsed with ical.js);
 *  - every foreign key to app_user in the migrated database is one the export covers, so a new
 *    table that refers to people fails here until the export (and the deletion) handle it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ICAL from 'ical.js';
import { sql } from 'kysely';
import { EXPORTED_USER_REFERENCES } from '../src/services/my-data-export.ts';
import { eventBody } from './helpers/event-body.ts';
import {
  call,
  postgresAdminUrl,
  signUp,
  startTestApi,
  tokenFor,
  uniqueEmail,
  type TestApi,
} from './helpers/test-env.ts';

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `download my data (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let api: TestApi;
      let admin = '';
      before(async () => {
        api = await startTestApi({ kind });
        admin = await tokenFor('admin@hub.test');
      });
      after(async () => api?.close());

      it('every foreign key to app_user is one the export covers', async () => {
        const { rows } = await sql<{ ref: string }>`
        select kcu.table_name || '.' || kcu.column_name as ref
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu
          on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        join information_schema.constraint_column_usage ccu
          on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
        where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'app_user' and tc.table_schema = current_schema()
        order by 1`.execute(api.database.db);
        assert.deepEqual(
          rows.map((r) => r.ref),
          [...EXPORTED_USER_REFERENCES].sort(),
          'a table refers to app_user that the export (services/my-data-export.ts) does not cover',
        );
      });

      it('exports the caller’s own data as a JSON attachment, audited, and their events as .ics', async () => {
        const email = uniqueEmail('export');
        const account = await signUp(email, { displayName: 'Export, Erika' });
        const synced = await call(api.url, 'POST', '/api/user/sync', {
          token: account.token,
          body: { msfAccessToken: null },
        });
        assert.equal(synced.status, 200, synced.text);
        const me = await call(api.url, 'GET', '/api/user', { token: account.token });
        const created = await call(api.url, 'POST', '/api/events', {
          token: admin,
          body: eventBody('Export check', 10, [{ cityName: 'Bangalore', address: 'Whitefield Road', online: 'No' }]),
        });
        assert.equal(created.status, 201, created.text);
        const eventId = created.json.id as number;
        const placeId = created.json.locations[0].eventLocationId as number;
        const joined = await call(api.url, 'PUT', `/api/communitymembership/${created.json.communityId}`, {
          token: account.token,
        });
        assert.ok(joined.status < 300, joined.text);
        const attended = await call(api.url, 'PUT', `/api/events/${eventId}/attendance`, {
          token: account.token,
          body: { eventLocationId: placeId },
        });
        assert.equal(attended.status, 200, attended.text);
        const userId = (
          await api.database.db
            .selectFrom('appUser')
            .select('id')
            .where('uid', '=', account.uid)
            .executeTakeFirstOrThrow()
        ).id;
        const checkIn = await call(api.url, 'PUT', `/api/events/${eventId}/attendees/${userId}/check-in`, {
          token: admin,
        });
        assert.equal(checkIn.status, 200, checkIn.text);
        assert.equal((await call(api.url, 'POST', '/api/user/calendar-feed', { token: account.token })).status, 200);

        const answer = await call(api.url, 'GET', '/api/user/export', { token: account.token });
        assert.equal(answer.status, 200, answer.text);
        assert.match(
          answer.headers.get('content-disposition') ?? '',
          /^attachment; filename="community-hub-my-data-\d{4}-\d\d-\d\d\.json"$/,
        );
        assert.match(answer.headers.get('cache-control') ?? '', /no-store/);
        const data = answer.json;
        assert.equal(data.profile.email, email);
        assert.equal(data.profile.uid, account.uid);
        assert.equal(data.profile.firstName, me.json.firstName);
        assert.ok(data.memberships.some((m: { communityId: number }) => m.communityId === created.json.communityId));
        const attendance = data.attendances.find((a: { eventId: number }) => a.eventId === eventId);
        assert.equal(attendance.event, 'Export check');
        assert.equal(attendance.status, 'attending');
        assert.deepEqual(attendance.place, { cityName: 'Bangalore', address: 'Whitefield Road', online: false });
        assert.equal(attendance.checkedInAt, checkIn.json.checkedInAt);
        assert.ok(data.calendarFeed?.createdAt, 'the feed is listed (its secret is not kept, so not exported)');
        const aboutMe = data.auditLog.aboutMe.map((r: { action: string }) => r.action);
        assert.ok(aboutMe.includes('attendee.checkIn'), 'the check-in by an admin is a row about the person');
        assert.ok(aboutMe.includes('user.data.export'), 'the export itself is recorded');
        // Nothing about anyone else: the admin who checked them in is not named.
        assert.doesNotMatch(answer.text, /admin@hub\.test/);

        // A second person's export does not hold the first's data.
        const other = await tokenFor('staff@hub.test');
        const theirs = await call(api.url, 'GET', '/api/user/export', { token: other });
        assert.equal(theirs.status, 200);
        assert.doesNotMatch(theirs.text, new RegExp(email.replace(/[.]/g, '\\.')));

        const log = await call(
          api.url,
          'GET',
          `/api/admin/audit-log?action=user.data.export&targetType=user&targetId=${userId}`,
          { token: admin },
        );
        assert.equal(log.json.items.length, 1);
        assert.equal(log.json.items[0].actorId, userId);

        const ics = await call(api.url, 'GET', '/api/user/export/events.ics', { token: account.token });
        assert.equal(ics.status, 200, ics.text);
        assert.match(ics.headers.get('content-type') ?? '', /^text\/calendar/);
        assert.match(ics.headers.get('content-disposition') ?? '', /^attachment;/);
        const vevents = new ICAL.Component(ICAL.parse(ics.text)).getAllSubcomponents('vevent');
        assert.deepEqual(
          vevents.map((v) => v.getFirstPropertyValue('summary')),
          ['Export check'],
        );
      });
    },
  );
}
