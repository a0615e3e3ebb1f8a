/**
 * Issue 28, retention, on PGlite and PostgreSQL with the clock moved (as the reminders' tests move
 * it): attendances of an event that ended more than HUB_ATTENDEE_RETENTION_MONTHS ago are detached
 * from their people, their counts and check-in times kept; a waiting row goes; a younger event is
 * untouched; two runs at once minimise once (the advisory lock); the sweep is configured by the
 * settings.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { minimiseOldAttendances } from '../src/jobs/attendee-retention.ts';
import { eventBody } from './helpers/event-body.ts';
import { call, postgresAdminUrl, startTestApi, tokenFor, type TestApi } from './helpers/test-env.ts';

/** eventBody's event ends 2031-03-04 17:30 UTC. */
const ENDS = new Date('2031-03-04T17:30:00.000Z');
const monthsAfterEnd = (months: number, extraMs = 0) => {
  const at = new Date(ENDS);
  at.setUTCMonth(at.getUTCMonth() + months);
  return new Date(at.getTime() + extraMs);
};

describe('retention settings', () => {
  it('default to 24 months and an hourly sweep; both can be set', () => {
    const defaults = loadConfig({});
    assert.equal(defaults.attendeeRetentionMonths, 24);
    assert.equal(defaults.retentionSweepMs, 3_600_000);
    const set = loadConfig({ HUB_ATTENDEE_RETENTION_MONTHS: '6', HUB_RETENTION_SWEEP_MS: '60000' });
    assert.equal(set.attendeeRetentionMonths, 6);
    assert.equal(set.retentionSweepMs, 60_000);
    assert.throws(() => loadConfig({ HUB_ATTENDEE_RETENTION_MONTHS: '0' }), /HUB_ATTENDEE_RETENTION_MONTHS/);
  });
});

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `attendee retention (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let api: TestApi;
      let admin = '';
      let staff = '';
      let external = '';
      before(async () => {
        api = await startTestApi({ kind, config: { waitingList: true } });
        [admin, staff, external] = await Promise.all([
          tokenFor('admin@hub.test'),
          tokenFor('staff@hub.test'),
          tokenFor('external@hub.test'),
        ]);
      });
      after(async () => api?.close());

      it('detaches the attendances of events past the period, keeping counts and check-in times', async () => {
        const db = api.database.db;
        const created = await call(api.url, 'POST', '/api/events', {
          token: admin,
          body: eventBody('Retention check', 1, [{ cityName: 'Pune', address: 'Hinjewadi', online: 'No' }]),
        });
        assert.equal(created.status, 201, created.text);
        const eventId = created.json.id as number;
        const placeId = created.json.locations[0].eventLocationId as number;
        assert.equal(
          (
            await call(api.url, 'PUT', `/api/events/${eventId}/attendance`, {
              token: staff,
              body: { eventLocationId: placeId },
            })
          ).json.status,
          'attending',
        );
        assert.equal(
          (
            await call(api.url, 'PUT', `/api/events/${eventId}/attendance`, {
              token: external,
              body: { eventLocationId: placeId },
            })
          ).json.status,
          'waiting',
        );
        const staffId = api.seed!.users.staff;
        const checkedIn = await call(api.url, 'PUT', `/api/events/${eventId}/attendees/${staffId}/check-in`, {
          token: admin,
        });
        assert.equal(checkedIn.status, 200, checkedIn.text);
        const before = (await call(api.url, 'GET', `/api/events/${eventId}`)).json;

        // A day short of the period: nothing of this event changes.
        await minimiseOldAttendances(db, 24, monthsAfterEnd(24, -86_400_000));
        const untouched = await db
          .selectFrom('eventAttendee')
          .select('userId')
          .where('eventId', '=', eventId)
          .execute();
        assert.equal(untouched.filter((r) => r.userId !== null).length, 2);

        // A day past it, two processes at once: the attendance is detached once.
        const at = monthsAfterEnd(24, 86_400_000);
        const runs = await Promise.all([minimiseOldAttendances(db, 24, at), minimiseOldAttendances(db, 24, at)]);
        const rows = await db
          .selectFrom('eventAttendee')
          .select(['userId', 'status', 'eventLocationId', 'checkedInAt'])
          .where('eventId', '=', eventId)
          .execute();
        assert.deepEqual(
          rows.map((r) => ({ ...r, checkedInAt: r.checkedInAt?.toISOString() })),
          [{ userId: null, status: 'attending', eventLocationId: placeId, checkedInAt: checkedIn.json.checkedInAt }],
          'the seat stays counted with its place and check-in; the waiting row is gone',
        );
        const detached = runs.reduce((n, r) => n + (r?.detached ?? 0), 0);
        assert.ok(detached >= 1);
        // Run again: nothing left to do for this event.
        const again = await minimiseOldAttendances(db, 24, at);
        const leftOver = await db
          .selectFrom('eventAttendee')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('eventId', '=', eventId)
          .where('userId', 'is not', null)
          .executeTakeFirstOrThrow();
        assert.equal(leftOver.n, 0);
        assert.ok(again);

        // The counts shown do not move; nobody is named any more.
        const after = (await call(api.url, 'GET', `/api/events/${eventId}`)).json;
        assert.equal(after.attendeeCount, before.attendeeCount);
        assert.deepEqual(
          after.locations.map((l: { attendeeCount: number }) => l.attendeeCount),
          before.locations.map((l: { attendeeCount: number }) => l.attendeeCount),
        );
        const managed = await call(api.url, 'GET', `/api/manage/events/${eventId}/attendees`, { token: admin });
        assert.equal(managed.status, 200, managed.text);
        assert.deepEqual(managed.json.items, []);
        assert.deepEqual(
          [managed.json.event.attending, managed.json.event.waiting, managed.json.event.checkedIn],
          [1, 0, 1],
        );
        const mine = await call(api.url, 'GET', '/api/user', { token: staff });
        assert.ok(!mine.json.attendingEvents.some((a: { eventId: number }) => a.eventId === eventId));
      });
    },
  );
}
