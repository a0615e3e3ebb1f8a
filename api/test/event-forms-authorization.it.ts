/**
 * What the event forms' guards refuse, the API refuses too (403), tested directly: a core member
 * cannot create an event for another community, move their event into one, or edit another
 * community's event; what the form sends for its own community (a zone, wall times converted
 * across a DST change, per-location seats and a join link) is stored as sent.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApi, tokenFor, type TestApi } from './helpers/test-env.ts';

describe('event forms: the API refuses what the guards refuse (PGlite, emulator ID tokens)', () => {
  let api: TestApi;
  let lead = '';
  let core = '';
  let admin = '';
  let ownCommunity = 0;
  let otherCommunity = 0;
  let otherEvent = 0;

  before(async () => {
    api = await startTestApi({ kind: 'pglite' });
    ownCommunity = api.seed!.communities['Cloud Native Guild']!;
    otherCommunity = api.seed!.communities['Java Community']!;
    otherEvent = api.seed!.events['Java 25 Features Tour']!;
    [lead, core, admin] = await Promise.all([
      tokenFor('lead@hub.test'),
      tokenFor('core@hub.test'),
      tokenFor('admin@hub.test'),
    ]);
  });
  after(async () => {
    await api?.close();
  });

  // 31 Mar 2031 is not a DST day; 30 Mar 2031 is (Europe/Amsterdam goes to summer time at 02:00).
  const body = (communityId: number) => ({
    communityId,
    title: 'Forms event',
    description: '**Markdown** kept as written',
    imageUrl: '',
    // 18:00–21:30 CEST, as the form converts it.
    startsAt: '2031-03-30T16:00:00.000Z',
    endsAt: '2031-03-30T19:30:00.000Z',
    timeZone: 'Europe/Amsterdam',
    capacity: 40,
    locations: [
      { cityName: 'Utrecht', address: 'Papendorpseweg 100', online: 'No', capacity: 25, joinUrl: null },
      { cityName: 'Online', address: null, online: 'Yes', capacity: null, joinUrl: 'https://meet.test/forms' },
    ],
  });
  const eventsOf = async (communityId: number) =>
    (await call(api.url, 'GET', `/api/events?when=all&communityId=${communityId}&pageSize=100`)).json.items.map(
      (e: { id: number }) => e.id,
    ) as number[];

  it('refuses a core member creating an event for another community, and creates nothing', async () => {
    const before = await eventsOf(otherCommunity);
    for (const token of [lead, core]) {
      const answer = await call(api.url, 'POST', '/api/events', { token, body: body(otherCommunity) });
      assert.equal(answer.status, 403, answer.text);
    }
    assert.deepEqual(await eventsOf(otherCommunity), before);
  });

  it("refuses a core member editing another community's event, or moving their own event into it", async () => {
    const edit = await call(api.url, 'PUT', `/api/events/${otherEvent}`, { token: lead, body: body(otherCommunity) });
    assert.equal(edit.status, 403, edit.text);
    const created = await call(api.url, 'POST', '/api/events', { token: lead, body: body(ownCommunity) });
    assert.equal(created.status, 201, created.text);
    const moved = await call(api.url, 'PUT', `/api/events/${created.json.id}`, {
      token: core,
      body: body(otherCommunity),
    });
    assert.equal(moved.status, 403, moved.text);
    const after = await call(api.url, 'GET', `/api/events/${created.json.id}`);
    assert.equal(after.json.communityId, ownCommunity);
  });

  it('stores what the form sends for its own community: zone, instants, seats per location, join link for managers', async () => {
    const created = await call(api.url, 'POST', '/api/events', { token: core, body: body(ownCommunity) });
    assert.equal(created.status, 201, created.text);
    const event = (await call(api.url, 'GET', `/api/events/${created.json.id}`)).json;
    assert.equal(event.timeZone, 'Europe/Amsterdam');
    assert.equal(Date.parse(event.startsAt), Date.parse('2031-03-30T16:00:00.000Z'));
    assert.equal(Date.parse(event.endsAt), Date.parse('2031-03-30T19:30:00.000Z'));
    assert.deepEqual(
      event.locations.map((l: { cityName: string; capacity: number | null }) => [l.cityName, l.capacity]),
      [
        ['Utrecht', 25],
        ['Online', null],
      ],
    );
    const mine = (await call(api.url, 'GET', `/api/events/${created.json.id}/me`, { token: lead })).json;
    assert.deepEqual(
      mine.joinLinks.map((l: { joinUrl: string }) => l.joinUrl),
      ['https://meet.test/forms'],
    );
    // An admin may create for any community.
    const byAdmin = await call(api.url, 'POST', '/api/events', { token: admin, body: body(otherCommunity) });
    assert.equal(byAdmin.status, 201, byAdmin.text);
  });
});
