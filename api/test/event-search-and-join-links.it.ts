/**
 * Issue 23: the events search finds what its placeholder promises ("Title, description or city": a
 * city finds every event with a place there), served by trigram indexes (migration 0011); an
 * attendee is given only the join link of the place they chose. On PGlite, and on PostgreSQL when
 * its binaries are installed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { eventBody } from './helpers/event-body.ts';
import { call, postgresAdminUrl, startTestApi, tokenFor, type TestApi } from './helpers/test-env.ts';

interface Listed {
  id: number;
  title: string;
  locations: { cityName: string }[];
}

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `events search by city, and join links per place (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let api: TestApi;
      const list = async (query: string) => {
        const answer = await call(api.url, 'GET', `/api/events?pageSize=100&${query}`);
        assert.equal(answer.status, 200, answer.text);
        return answer.json as { items: Listed[]; total: number };
      };
      /** The events with a place in the city, as the database has them. */
      const withPlaceIn = async (city: string, when: 'upcoming' | 'all') => {
        const rows = await sql<{ id: number }>`
          select distinct e.id from event e join event_location l on l.event_id = e.id
          where l.city_name = ${city} and (${when} = 'all' or (e.ends_at >= now() and not e.cancelled))
          order by e.id`.execute(api.database.db);
        return rows.rows.map((r) => r.id);
      };

      before(async () => {
        api = await startTestApi({ kind });
      });
      after(async () => api?.close());

      it('finds every event with a place in the city typed, whatever its case or part', async () => {
        const expected = await withPlaceIn('Utrecht', 'upcoming');
        assert.ok(expected.length >= 4, `the demo data has several upcoming events in Utrecht (${expected.length})`);
        for (const q of ['Utrecht', 'utrecht', 'UTRECHT', 'trech', '  Utrecht ']) {
          const found = await list(`q=${encodeURIComponent(q)}`);
          assert.deepEqual(
            found.items.map((e) => e.id).sort((a, b) => a - b),
            expected,
            `"${q}" finds every upcoming event with a place in Utrecht`,
          );
          assert.equal(found.total, expected.length);
        }
        const all = await list('when=all&q=Utrecht');
        assert.deepEqual(
          all.items.map((e) => e.id).sort((a, b) => a - b),
          await withPlaceIn('Utrecht', 'all'),
          'past ones too',
        );
        // With another filter: the city search is one more condition, not a replacement.
        const inOneCommunity = await list('q=Utrecht&communityId=1');
        assert.ok(inOneCommunity.total > 0 && inOneCommunity.total < expected.length);
        assert.ok(inOneCommunity.items.every((e) => e.locations.some((l) => l.cityName === 'Utrecht')));
      });

      it('still finds by title, description and community name, with % and _ literal', async () => {
        assert.deepEqual(
          (await list('when=all&q=kubernetes')).items.map((e) => e.title),
          ['Kubernetes Operators Deep Dive'],
        );
        const byCommunity = await list('when=all&q=cloud%20native%20guild');
        assert.ok(byCommunity.total >= 3);
        assert.equal((await list(`when=all&q=${encodeURIComponent('%')}`)).total, 0);
        assert.equal((await list(`when=all&q=${encodeURIComponent('Utr_cht')}`)).total, 0);
        assert.equal((await list('when=all&q=nowhere-at-all')).total, 0);
      });

      it('finds an event by a description word and a new city as soon as it is written', async () => {
        const lead = await tokenFor('lead@hub.test');
        const created = await call(api.url, 'POST', '/api/events', {
          token: lead,
          body: {
            ...eventBody('Search probe', null, [{ cityName: 'Maastricht', address: 'Vrijthof 1', online: 'No' }]),
            communityId: 1,
            description: 'An evening about Zeppelin airships',
          },
        });
        assert.equal(created.status, 201, created.text);
        assert.deepEqual(
          (await list('q=maastricht')).items.map((e) => e.id),
          [created.json.id],
        );
        assert.deepEqual(
          (await list('q=zeppelin%20airship')).items.map((e) => e.id),
          [created.json.id],
        );
      });

      it('plans the text and city search from the trigram indexes', async () => {
        // Planner statistics on tables this small favour a scan; what is proven is that each part of
        // the search can be answered from its index. One connection, so the setting applies.
        await api.database.db.connection().execute(async (conn) => {
          await sql`set enable_seqscan = off`.execute(conn);
          try {
            const plan = await sql<{ queryPlan: string }>`
              explain select e.id from event e where e.id in (
                select s.id from event s where s.search_text like '%utrecht%'
                union all select l.event_id from event_location l where l.search_city like '%utrecht%')`.execute(conn);
            const text = plan.rows.map((r) => Object.values(r).join('')).join('\n');
            assert.match(text, /event_location_search_city_trgm_idx/, text);
            assert.match(text, /event_search_text_trgm_idx/, text);
          } finally {
            await sql`set enable_seqscan = on`.execute(conn);
          }
        });
      });

      it('gives an attendee the join link of the online place they chose, and none for an in-person place', async () => {
        const lead = await tokenFor('lead@hub.test');
        const created = await call(api.url, 'POST', '/api/events', {
          token: lead,
          body: {
            ...eventBody('Two streams and a room', null, [
              { cityName: 'Utrecht', address: 'Papendorpseweg 100', online: 'No' },
              { cityName: '', address: null, online: 'Yes', joinUrl: 'https://meet.example.com/stream-a' },
              { cityName: '', address: null, online: 'Yes', joinUrl: 'https://meet.example.com/stream-b' },
            ]),
            communityId: 1,
          },
        });
        assert.equal(created.status, 201, created.text);
        const id = created.json.id as number;
        const [room, streamA, streamB] = (created.json.locations as { eventLocationId: number }[]).map(
          (l) => l.eventLocationId,
        );
        const me = async (token: string) => (await call(api.url, 'GET', `/api/events/${id}/me`, { token })).json;
        const attend = async (token: string, eventLocationId: number) =>
          assert.equal(
            (await call(api.url, 'PUT', `/api/events/${id}/attendance`, { token, body: { eventLocationId } })).status,
            200,
          );

        const external = await tokenFor('external@hub.test');
        const staff = await tokenFor('staff@hub.test');
        await attend(external, room!);
        assert.deepEqual((await me(external)).joinLinks, [], 'in person: no join link');
        await attend(staff, streamB!);
        assert.deepEqual(
          (await me(staff)).joinLinks,
          [{ eventLocationId: streamB, joinUrl: 'https://meet.example.com/stream-b' }],
          'online: the link of the stream chosen only',
        );
        // Whoever runs the event still sees every link (the edit form shows them).
        assert.deepEqual(
          (await me(lead)).joinLinks.map((l: { eventLocationId: number }) => l.eventLocationId),
          [streamA, streamB],
        );
        assert.deepEqual((await me(await tokenFor('newstaff@hub.test'))).joinLinks, [], 'not attending: none');
        const admin = await tokenFor('admin@hub.test');
        assert.equal((await me(admin)).joinLinks.length, 2, 'admins manage every event');
        const core = await tokenFor('core@hub.test');
        assert.equal((await me(core)).joinLinks.length, 2, 'a core member of the community manages it');
      });
    },
  );
}
