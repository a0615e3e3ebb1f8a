/**
 * Issue 27: GET api/community/base/{id} as the communities grid reads it — search in the name and
 * description, a country, the four orders, each card's member count, upcoming event count and next
 * event, all from one statement — checked against a plain reading of the rows. A bad order or an
 * unreadable search is a 400 that says which. On PGlite, and on PostgreSQL when it is installed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CommunityList } from '@hub/contract/community';
import { CommunityBaseId } from '@hub/contract/enums';
import { sql } from 'kysely';
import { call, postgresAdminUrl, startTestApi, tokenFor, type TestApi } from './helpers/test-env.ts';

interface Truth {
  id: number;
  name: string;
  description: string;
  countryId: number;
  createdAt: Date;
  members: number;
  upcoming: { id: number; title: string; startsAt: Date }[];
}

const byName = (a: Truth, b: Truth) => a.name.localeCompare(b.name, 'en') || a.id - b.id;

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `communities grid reads (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let api: TestApi;
      let truth: Truth[] = [];
      const list = async (query = '') =>
        (await call(api.url, 'GET', `/api/community/base/${CommunityBaseId.Community}${query}`)).json as CommunityList;

      before(async () => {
        api = await startTestApi({ kind });
        // A community made now is the newest; its description holds a wildcard a search must not treat as one.
        const admin = await tokenFor('admin@hub.test');
        const made = await call(api.url, 'POST', '/api/community', {
          token: admin,
          body: {
            name: 'Zeta Makers',
            description: 'Half_and 100% hands-on',
            imageUrl: '',
            countryId: 2,
            communityBaseId: 1,
          },
        });
        assert.equal(made.status, 201);
        const db = api.database.db;
        const communities = await db
          .selectFrom('community')
          .select(['id', 'name', 'description', 'countryId', 'createdAt'])
          .where('communityBaseId', '=', CommunityBaseId.Community)
          .execute();
        const memberships = await db.selectFrom('communityMembership').select('communityId').execute();
        const events = await db
          .selectFrom('event')
          .select(['id', 'communityId', 'title', 'startsAt'])
          .where('cancelled', '=', false)
          .where('endsAt', '>=', sql<Date>`now()`)
          .execute();
        truth = communities.map((c) => ({
          ...c,
          createdAt: new Date(c.createdAt),
          members: memberships.filter((m) => m.communityId === c.id).length,
          upcoming: events
            .filter((e) => e.communityId === c.id)
            .map((e) => ({ id: e.id, title: e.title, startsAt: new Date(e.startsAt) }))
            .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id),
        }));
      });
      after(async () => api?.close());

      it('lists every community by name with its member count, upcoming count and next event', async () => {
        const answer = await list();
        assert.deepEqual(
          answer.map((c) => c.id),
          [...truth].sort(byName).map((c) => c.id),
        );
        for (const card of answer) {
          const row = truth.find((t) => t.id === card.id)!;
          assert.equal(card.memberCount, row.members, `${card.name} members`);
          assert.equal(card.upcomingEventCount, row.upcoming.length, `${card.name} upcoming`);
          const next = row.upcoming[0];
          if (!next) assert.equal(card.nextEvent, null);
          else {
            assert.equal(card.nextEvent?.id, next.id);
            assert.equal(card.nextEvent?.title, next.title);
            assert.equal(card.nextEvent?.startsAt, next.startsAt.toISOString(), 'RFC 3339 in UTC');
          }
        }
        assert.ok(answer.some((c) => c.nextEvent) && answer.some((c) => !c.nextEvent), 'the demo data has both kinds');
      });

      it('sorts by most members, newest and most upcoming events, name breaking ties', async () => {
        const ids = (rows: Truth[]) => rows.map((c) => c.id);
        const members = [...truth].sort((a, b) => b.members - a.members || byName(a, b));
        assert.deepEqual(
          (await list('?sort=members')).map((c) => c.id),
          ids(members),
        );
        const upcoming = [...truth].sort((a, b) => b.upcoming.length - a.upcoming.length || byName(a, b));
        assert.deepEqual(
          (await list('?sort=upcoming')).map((c) => c.id),
          ids(upcoming),
        );
        const newest = (await list('?sort=newest')).map((c) => c.id);
        assert.equal(truth.find((t) => t.id === newest[0])?.name, 'Zeta Makers');
        const created = newest.map((id) => truth.find((t) => t.id === id)!.createdAt.getTime());
        assert.deepEqual(
          created,
          [...created].sort((a, b) => b - a),
        );
        assert.notDeepEqual(ids(members), ids(upcoming), 'the two orders differ on the demo data');
      });

      it('searches the name and the description, every word, with no wildcards, within a country', async () => {
        const sample = [...truth].sort(byName)[0]!;
        const word = sample.name.split(' ')[0]!.toUpperCase();
        const found = await list(`?search=${encodeURIComponent(` ${word} `)}`);
        const expected = truth.filter((t) => `${t.name}\n${t.description}`.toLowerCase().includes(word.toLowerCase()));
        assert.deepEqual(found.map((c) => c.id).sort(), expected.map((c) => c.id).sort());
        assert.ok(found.length > 0);
        assert.deepEqual(
          (await list('?search=hands-on%20100%25')).map((c) => c.name),
          ['Zeta Makers'],
        );
        assert.deepEqual(
          (await list('?search=f_and')).map((c) => c.name),
          ['Zeta Makers'],
        );
        assert.deepEqual(await list('?search=%25%25'), [], 'a % is a character, not everything');
        assert.deepEqual(await list('?search=no-such-words-anywhere'), []);
        const country = sample.countryId;
        const inCountry = await list(`?countryId=${country}&sort=members`);
        assert.deepEqual(
          inCountry.map((c) => c.id),
          truth
            .filter((t) => t.countryId === country)
            .sort((a, b) => b.members - a.members || byName(a, b))
            .map((t) => t.id),
        );
      });

      it('refuses an unknown order and an unreadable search with a 400 that names the field', async () => {
        const sort = await call(api.url, 'GET', '/api/community/base/1?sort=popular');
        assert.equal(sort.status, 400);
        assert.match(JSON.stringify(sort.json), /sort/);
        const search = await call(api.url, 'GET', `/api/community/base/1?search=${'x'.repeat(101)}`);
        assert.equal(search.status, 400);
        assert.match(JSON.stringify(search.json), /search/);
        const control = await call(api.url, 'GET', '/api/community/base/1?search=a%00b');
        assert.equal(control.status, 400);
      });
    },
  );
}
