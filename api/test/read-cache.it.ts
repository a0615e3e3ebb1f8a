/**
 * The read cache as a client meets it (src/http/read-cache.ts): on PGlite public catalogue reads come
 * from memory, every answered write is visible to the next read, a refused write keeps the cache, and
 * on PostgreSQL (several processes may share the database) nothing is kept.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { call, postgresAdminUrl, startTestApi, tokenFor, type TestApi } from './helpers/test-env.ts';

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A new member written straight into the database, behind the API's back. */
let outsiders = 0;
async function joinBehindTheApi(api: TestApi, communityId: number): Promise<void> {
  const email = `outsider-${process.pid}-${++outsiders}@test.hub`;
  await sql`with u as (insert into app_user (email) values (${email}) returning id)
    insert into community_membership (community_id, user_id) select ${communityId}, id from u`.execute(api.database.db);
}

const memberCount = async (api: TestApi, id: number): Promise<number> =>
  (await call(api.url, 'GET', `/api/community/${id}`)).json.memberCount;

describe('read cache on PGlite', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ kind: 'pglite' });
  });
  after(async () => api?.close());

  it('answers public reads from memory, and shows an answered write at once', async () => {
    const start = await memberCount(api, 5);
    await joinBehindTheApi(api, 5);
    assert.equal(await memberCount(api, 5), start, 'a change the API did not make is not seen yet: the read is kept');

    const first = await call(api.url, 'GET', '/api/community/5');
    const again = await call(api.url, 'GET', '/api/community/5', {
      headers: { 'if-none-match': first.headers.get('etag')! },
    });
    assert.equal(again.status, 304, 'a kept read keeps its ETag');

    const token = await tokenFor('staff@hub.test');
    assert.equal((await call(api.url, 'PUT', '/api/communitymembership/5', { token })).status, 200);
    assert.equal(await memberCount(api, 5), start + 2, 'the join, and the change behind it, are read afresh');
    const changed = await call(api.url, 'GET', '/api/community/5', {
      headers: { 'if-none-match': first.headers.get('etag')! },
    });
    assert.equal(changed.status, 200, 'the old ETag no longer matches');
  });

  it('keeps the cache on a refused write, so an anonymous client cannot empty it', async () => {
    const start = await memberCount(api, 6);
    await joinBehindTheApi(api, 6);
    assert.equal((await call(api.url, 'PUT', '/api/communitymembership/6')).status, 401);
    assert.equal((await call(api.url, 'POST', '/api/events', { body: { title: 1 } })).status, 400);
    assert.equal(await memberCount(api, 6), start, 'still the kept read');
  });

  it('shows a new event in the events list and its community at once', async () => {
    const lead = await tokenFor('lead@hub.test');
    const before = (await call(api.url, 'GET', '/api/events?communityId=1&pageSize=50')).json;
    const countBefore = (await call(api.url, 'GET', '/api/community/1')).json.upcomingEventCount;
    const created = await call(api.url, 'POST', '/api/events', {
      token: lead,
      body: {
        communityId: 1,
        title: 'Read cache check',
        description: '',
        imageUrl: '',
        startsAt: future(3),
        endsAt: future(4),
        timeZone: 'Europe/Amsterdam',
        capacity: null,
        locations: [{ cityName: '', address: null, online: 'Yes' }],
      },
    });
    assert.equal(created.status, 201, created.text);
    const after = (await call(api.url, 'GET', '/api/events?communityId=1&pageSize=50')).json;
    assert.equal(after.total, before.total + 1);
    assert.ok(after.items.some((e: { id: number }) => e.id === created.json.id));
    assert.equal((await call(api.url, 'GET', '/api/community/1')).json.upcomingEventCount, countBefore + 1);
    assert.equal((await call(api.url, 'GET', `/api/events/${created.json.id}`)).json.title, 'Read cache check');
  });
});

describe('read cache expiry', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ kind: 'pglite', config: { readCacheTtlSeconds: 2 } });
  });
  after(async () => api?.close());

  it('reads again once a kept result is older than the TTL', async () => {
    const start = await memberCount(api, 7);
    await joinBehindTheApi(api, 7);
    assert.equal(await memberCount(api, 7), start);
    // The cache's clock counts whole seconds, so a 2 s TTL keeps an entry between 1 and 2 s.
    await new Promise((r) => setTimeout(r, 3100));
    assert.equal(await memberCount(api, 7), start + 1);
  });
});

describe('read cache on PostgreSQL', { skip: postgresAdminUrl() ? false : 'no PostgreSQL server installed' }, () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ kind: 'postgres' });
  });
  after(async () => api?.close());

  it('is off: another process’s write is seen by the next read', async () => {
    const start = await memberCount(api, 5);
    await joinBehindTheApi(api, 5);
    assert.equal(await memberCount(api, 5), start + 1);
  });
});
