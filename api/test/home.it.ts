/**
 * Issue 27: the home page's reads. `GET api/home` features the most attended event of the next 14
 * days and the most active communities, for everyone (publicly cacheable); `GET api/user/home` gives
 * the caller the events of their communities they have not signed up for and the communities people
 * of their city or business unit are in. Checked against a plain reading of the rows, on PGlite and
 * on PostgreSQL when it is installed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { MyHome, PublicHome } from '@hub/contract/home';
import type { CommunityList } from '@hub/contract/community';
import { sql } from 'kysely';
import { call, postgresAdminUrl, startTestApi, tokenFor, type TestApi } from './helpers/test-env.ts';

const day = 86_400_000;

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `home reads (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let api: TestApi;
      before(async () => {
        api = await startTestApi({ kind });
      });
      after(async () => api?.close());

      it('features the most attended event of the next 14 days, and lists the most active communities', async () => {
        const answer = await call(api.url, 'GET', '/api/home');
        assert.equal(answer.status, 200);
        assert.match(answer.headers.get('cache-control') ?? '', /public/);
        const home = answer.json as PublicHome;
        const events = await api.database.db
          .selectFrom('event')
          .select(['id', 'startsAt', 'attendeeCount'])
          .where('cancelled', '=', false)
          .where('startsAt', '>=', sql<Date>`now()`)
          .execute();
        const now = Date.now();
        const soon = (e: { startsAt: Date }) => new Date(e.startsAt).getTime() < now + 14 * day;
        const expected = [...events].sort(
          (a, b) =>
            Number(soon(b)) - Number(soon(a)) ||
            b.attendeeCount - a.attendeeCount ||
            new Date(a.startsAt).getTime() - new Date(b.startsAt).getTime() ||
            a.id - b.id,
        )[0];
        assert.ok(expected, 'the demo data has upcoming events');
        assert.equal(home.featuredEvent?.id, expected.id);

        const all = [
          ...((await call(api.url, 'GET', '/api/community/base/1?sort=upcoming')).json as CommunityList),
          ...((await call(api.url, 'GET', '/api/community/base/2?sort=upcoming')).json as CommunityList),
        ];
        assert.equal(home.activeCommunities.length, 4);
        const rank = (c: CommunityList[number]) => [c.upcomingEventCount, c.memberCount];
        const best = [...all].sort(
          (a, b) => b.upcomingEventCount - a.upcomingEventCount || b.memberCount - a.memberCount,
        );
        // The four shown are the four best by (upcoming events, members), in that order.
        assert.deepEqual(home.activeCommunities.map(rank), best.slice(0, 4).map(rank));
      });

      it("gives a signed-in user their communities' events and the communities people like them are in", async () => {
        const token = await tokenFor('staff@hub.test');
        assert.equal((await call(api.url, 'GET', '/api/user/home')).status, 401);
        const db = api.database.db;
        const me = await db
          .selectFrom('appUser')
          .select('id')
          .where('email', '=', 'staff@hub.test')
          .executeTakeFirstOrThrow();
        // A colleague from the same (unusual) city joins a community the user is not in: it is suggested first.
        await db.updateTable('appUser').set({ city: 'Zwolle', businessUnitId: null }).where('id', '=', me.id).execute();
        const colleague = await db
          .selectFrom('appUser')
          .select('id')
          .where('id', '<>', me.id)
          .orderBy('id')
          .executeTakeFirstOrThrow();
        await db.updateTable('appUser').set({ city: 'ZWOLLE' }).where('id', '=', colleague.id).execute();
        const mine = (
          await db.selectFrom('communityMembership').select('communityId').where('userId', '=', me.id).execute()
        ).map((m) => m.communityId);
        const target = await db
          .selectFrom('community')
          .select(['id', 'name'])
          .where('id', 'not in', mine.length > 0 ? mine : [0])
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('communityMembership')
          .values({ communityId: target.id, userId: colleague.id })
          .onConflict((oc) => oc.doNothing())
          .execute();

        const home = (await call(api.url, 'GET', '/api/user/home', { token })).json as MyHome;
        assert.equal(home.suggestedCommunities[0]?.id, target.id, `${target.name} first`);
        assert.equal(home.suggestedCommunities.length, 4, 'filled up with the most active');
        assert.ok(
          home.suggestedCommunities.every((c) => !mine.includes(c.id)),
          'never one of my own',
        );

        assert.ok(mine.length > 0, 'the demo user is in some community');
        const attending = (
          await db.selectFrom('eventAttendee').select('eventId').where('userId', '=', me.id).execute()
        ).map((a) => a.eventId);
        assert.ok(home.communityEvents.length > 0);
        for (const event of home.communityEvents) {
          assert.ok(mine.includes(event.communityId), `${event.title} is of one of my communities`);
          assert.ok(!attending.includes(event.id), `${event.title} is not one I signed up for`);
          assert.ok(new Date(event.endsAt).getTime() >= Date.now() && !event.cancelled);
        }
        const starts = home.communityEvents.map((e) => e.startsAt);
        assert.deepEqual(starts, [...starts].sort());
      });
    },
  );
}
