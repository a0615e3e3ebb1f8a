/**
 * One cancelled state (issue 23): cancelling says when and keeps the organiser's note (the event
 * page shows both, the mail quotes the note), a bad note is a 400 that changes nothing, and every
 * list that splits upcoming from past — the manage area's too — files a cancelled event under past.
 * On PGlite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, postgresAdminUrl, startTestApi, tokenFor, type TestApi } from './helpers/test-env.ts';

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `cancelling an event (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let api: TestApi;
      let lead = '';
      let staff = '';
      let community = 0;

      before(async () => {
        api = await startTestApi({ kind });
        lead = await tokenFor('lead@hub.test');
        staff = await tokenFor('staff@hub.test');
        community = api.seed!.communities['Cloud Native Guild']!;
      });
      after(async () => api?.close());

      const createEvent = async (title: string) => {
        const created = await call(api.url, 'POST', '/api/events', {
          token: lead,
          body: {
            communityId: community,
            title,
            description: '',
            imageUrl: '',
            startsAt: future(20),
            endsAt: future(20.1),
            timeZone: 'Europe/Amsterdam',
            capacity: 10,
            locations: [{ cityName: 'Utrecht', address: 'Street 1', online: 'No' }],
          },
        });
        assert.equal(created.status, 201, created.text);
        return created.json as { id: number; locations: { eventLocationId: number }[] };
      };

      it('keeps when and why: the answer and the event page read say so, the mail quotes the note', async () => {
        const event = await createEvent('Cancelled with a note');
        const live = await call(api.url, 'GET', `/api/events/${event.id}`);
        assert.deepEqual([live.json.cancelledAt, live.json.cancellationNote], [null, null]);
        const attend = await call(api.url, 'PUT', `/api/events/${event.id}/attendance`, {
          token: staff,
          body: { eventLocationId: event.locations[0]!.eventLocationId },
        });
        assert.equal(attend.status, 200, attend.text);

        const before = Date.now();
        const note = '  The speaker is ill.\nWe will plan a new date.  ';
        const cancelled = await call(api.url, 'POST', `/api/events/${event.id}/cancel`, {
          token: lead,
          body: { note },
        });
        assert.equal(cancelled.status, 200, cancelled.text);
        assert.equal(cancelled.json.cancelled, true);
        assert.equal(cancelled.json.cancellationNote, 'The speaker is ill.\nWe will plan a new date.');
        const at = Date.parse(cancelled.json.cancelledAt);
        assert.ok(at >= before - 1000 && at <= Date.now() + 1000, `cancelledAt ${cancelled.json.cancelledAt}`);

        const read = await call(api.url, 'GET', `/api/events/${event.id}`);
        assert.equal(read.json.cancelledAt, cancelled.json.cancelledAt);
        assert.equal(read.json.cancellationNote, cancelled.json.cancellationNote);

        const [mail] = await api.inbox.waitFor({ to: 'staff@hub.test', subject: 'Cancelled: Cancelled with a note' });
        assert.match(mail!.text, /The organisers' note:\s+The speaker is ill\./);
      });

      it('cancels without a body (no note) as before', async () => {
        const event = await createEvent('Cancelled without a note');
        const cancelled = await call(api.url, 'POST', `/api/events/${event.id}/cancel`, { token: lead });
        assert.equal(cancelled.status, 200, cancelled.text);
        assert.equal(cancelled.json.cancellationNote, null);
        assert.ok(Number.isFinite(Date.parse(cancelled.json.cancelledAt)));
        const again = await call(api.url, 'POST', `/api/events/${event.id}/cancel`, {
          token: lead,
          body: { note: 'Twice' },
        });
        assert.equal(again.status, 409);
        const read = await call(api.url, 'GET', `/api/events/${event.id}`);
        assert.equal(read.json.cancellationNote, null, 'a refused second cancel keeps the first one as it was');
      });

      it('refuses a note it cannot keep with a 400 and leaves the event live', async () => {
        const event = await createEvent('Not cancelled by a bad note');
        for (const body of [
          { note: 'x'.repeat(1001) },
          { note: 'bell \u0007' },
          { note: 'nul \u0000' },
          { note: 'lone \ud800' },
          { note: 42 },
          ['note'],
        ]) {
          const refused = await call(api.url, 'POST', `/api/events/${event.id}/cancel`, { token: lead, body });
          assert.equal(refused.status, 400, `${JSON.stringify(body).slice(0, 40)}: ${refused.text}`);
        }
        const read = await call(api.url, 'GET', `/api/events/${event.id}`);
        assert.deepEqual([read.json.cancelled, read.json.cancelledAt], [false, null]);
      });

      it('files a cancelled upcoming event under past in the manage area, as the other lists do', async () => {
        const event = await createEvent('Filed under past when cancelled');
        const overview = async () =>
          (
            await call(api.url, 'GET', `/api/manage/communities?q=${encodeURIComponent('Cloud Native Guild')}`, {
              token: lead,
            })
          ).json.items[0];
        const listed = async (when: 'upcoming' | 'past') =>
          (
            await call(api.url, 'GET', `/api/manage/communities/${community}/events?when=${when}&pageSize=100`, {
              token: lead,
            })
          ).json.items.map((e: { id: number }) => e.id);
        const before = await overview();
        assert.ok((await listed('upcoming')).includes(event.id));

        assert.equal((await call(api.url, 'POST', `/api/events/${event.id}/cancel`, { token: lead })).status, 200);
        assert.ok(!(await listed('upcoming')).includes(event.id), 'not upcoming once cancelled');
        assert.ok((await listed('past')).includes(event.id), 'filed under past');
        const after = await overview();
        assert.equal(after.upcomingEventCount, before.upcomingEventCount - 1);
        assert.equal(after.pastEventCount, before.pastEventCount + 1);
        assert.ok(!after.upcomingEvents.some((e: { id: number }) => e.id === event.id));

        const mine = async (when: 'upcoming' | 'past') =>
          (await call(api.url, 'GET', `/api/events?when=${when}&pageSize=100`)).json.items.map(
            (e: { id: number }) => e.id,
          );
        assert.ok(!(await mine('upcoming')).includes(event.id));
      });
    },
  );
}
