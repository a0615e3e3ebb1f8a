/** Functional behaviour of communities, membership, core members, events, attendance and administration. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CommunityList, CommunityOverview } from '@hub/contract/community';
import { CommunityBaseId } from '@hub/contract/enums';
import { call, signUp, startTestApi, tokenFor, uniqueEmail, type TestApi } from './helpers/test-env.ts';

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('communities and membership', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ kind: 'pglite' });
  });
  after(async () => api?.close());

  it('serves the overview, base lists, detail with lead flag and the demo catalogue sizes', async () => {
    const overview = (await call(api.url, 'GET', '/api/community')).json as CommunityOverview;
    assert.equal(overview.length, 4, 'four countries');
    assert.ok(overview.reduce((n, c) => n + c.communities, 0) >= 12);
    assert.ok(overview.reduce((n, c) => n + c.networks, 0) >= 6);
    const networks = (await call(api.url, 'GET', `/api/community/base/${CommunityBaseId.Network}`))
      .json as CommunityList;
    assert.ok(networks.length >= 6 && networks.every((c) => c.communityBaseId === CommunityBaseId.Network));
    const dutch = (await call(api.url, 'GET', '/api/community/base/1?countryId=1')).json as CommunityList;
    assert.ok(dutch.length > 0 && dutch.every((c) => c.countryId === 1));
    assert.equal((await call(api.url, 'GET', '/api/community/base/3')).status, 404);
    assert.deepEqual((await call(api.url, 'GET', '/api/communitybase/1')).json, { id: 1, name: 'Community' });
    const one = (await call(api.url, 'GET', '/api/community/1')).json;
    assert.equal(one.communityBaseId, 1);
    assert.deepEqual(
      one.coreMembers.map((m: { firstName: string; responsibleForCommunity: boolean }) => [
        m.firstName,
        m.responsibleForCommunity,
      ]),
      [
        ['Lena', true],
        ['Carl', false],
      ],
    );
    assert.equal((await call(api.url, 'GET', '/api/community/99999')).status, 404);
    assert.equal((await call(api.url, 'GET', '/api/community/abc')).status, 400);
    const units = (await call(api.url, 'GET', '/api/bunit')).json;
    assert.ok(units.length >= 3);
  });

  it('joins and leaves with the SPEC.md §8 404 reasons, and leaving as core member gives up the seat', async () => {
    const token = await tokenFor('core@hub.test');
    const before = (await call(api.url, 'GET', '/api/community/3')).json.memberCount;
    assert.deepEqual((await call(api.url, 'PUT', '/api/communitymembership/3', { token })).json, {
      communityId: 3,
      member: true,
    });
    assert.equal((await call(api.url, 'GET', '/api/community/3')).json.memberCount, before + 1);
    const again = await call(api.url, 'PUT', '/api/communitymembership/3', { token });
    assert.equal(again.status, 404);
    assert.equal(
      again.json.message,
      'Could not subscribe to community, the community does not exist or you are already member of the community',
    );
    const missing = await call(api.url, 'PUT', '/api/communitymembership/424242', {
      token,
      rawBody: '',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(missing.status, 404, 'empty JSON body is accepted; the community does not exist');
    assert.equal((await call(api.url, 'DELETE', '/api/communitymembership/3', { token })).status, 200);
    const notMember = await call(api.url, 'DELETE', '/api/communitymembership/3', { token });
    assert.equal(notMember.status, 404);
    assert.equal(
      notMember.json.message,
      'Could not leave community, the community does not exist or you are not member of the community',
    );

    assert.equal((await call(api.url, 'DELETE', '/api/communitymembership/1', { token })).status, 200);
    const info = (await call(api.url, 'GET', '/api/user', { token })).json;
    assert.deepEqual(info.coreMemberOfCommunities, []);
    assert.ok(!info.roles.includes(1), 'no seat left, so no CoreMember role');
  });

  it('lets the lead appoint, promote and remove core members, and an admin create, edit and delete communities', async () => {
    const lead = await tokenFor('lead@hub.test');
    const admin = await tokenFor('admin@hub.test');
    const email = uniqueEmail('appoint');
    const appointed = await call(api.url, 'POST', '/api/community/1/core-members', {
      token: lead,
      body: { email, responsibleForCommunity: false },
    });
    assert.equal(appointed.status, 201);
    assert.equal(
      (
        await call(api.url, 'POST', '/api/community/1/core-members', {
          token: lead,
          body: { email: email.toUpperCase() },
        })
      ).status,
      409,
    );
    const id = appointed.json.id;
    assert.equal(
      (
        await call(api.url, 'PUT', `/api/community/1/core-members/${id}`, {
          token: lead,
          body: { responsibleForCommunity: true },
        })
      ).json.responsibleForCommunity,
      true,
    );
    assert.equal((await call(api.url, 'DELETE', `/api/community/1/core-members/${id}`, { token: lead })).status, 204);
    assert.equal((await call(api.url, 'DELETE', `/api/community/1/core-members/${id}`, { token: lead })).status, 404);

    const created = await call(api.url, 'POST', '/api/community', {
      token: admin,
      body: {
        name: '  Rust Community ',
        description: 'Systems programming',
        imageUrl: '',
        countryId: 2,
        communityBaseId: 1,
      },
    });
    assert.equal(created.status, 201);
    assert.equal(created.json.name, 'Rust Community');
    assert.equal(created.json.countryName, 'Germany');
    const bad = await call(api.url, 'POST', '/api/community', {
      token: admin,
      body: { name: ' ', description: 1, countryId: 999, communityBaseId: 3 },
    });
    assert.equal(bad.status, 400);
    for (const field of ['body/name', 'body/description', 'body/communityBaseId', 'body/imageUrl']) {
      assert.ok(
        bad.json.details.some((d: string) => d.startsWith(field)),
        `details name ${field}: ${bad.json.details}`,
      );
    }
    const noCountry = await call(api.url, 'POST', '/api/community', {
      token: admin,
      body: { name: 'X', description: '', imageUrl: '', countryId: 999, communityBaseId: 1 },
    });
    assert.deepEqual(noCountry.json.details, ['body/countryId does not name an existing country']);
    const edited = await call(api.url, 'PUT', `/api/community/${created.json.id}`, {
      token: admin,
      body: { name: 'Rust Guild', description: '', imageUrl: '', countryId: 2, communityBaseId: 2 },
    });
    assert.equal(edited.json.communityBaseId, 2);
    assert.equal((await call(api.url, 'DELETE', `/api/community/${created.json.id}`, { token: admin })).status, 204);
    assert.equal((await call(api.url, 'GET', `/api/community/${created.json.id}`)).status, 404);
  });
});

describe('events and attendance', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ kind: 'pglite' });
  });
  after(async () => api?.close());

  it('lists upcoming, past and filtered events with paging and literal text search', async () => {
    const upcoming = (await call(api.url, 'GET', '/api/events')).json;
    const past = (await call(api.url, 'GET', '/api/events?when=past&pageSize=100')).json;
    assert.equal(upcoming.total + past.total, 38);
    assert.ok(upcoming.items.every((e: { endsAt: string }) => Date.parse(e.endsAt) >= Date.now()));
    const starts = upcoming.items.map((e: { startsAt: string }) => Date.parse(e.startsAt));
    assert.deepEqual(
      starts,
      [...starts].sort((a, b) => a - b),
      'soonest first',
    );
    const formats = new Set([...upcoming.items, ...past.items].map((e: { format: string }) => e.format));
    assert.deepEqual([...formats].sort(), ['hybrid', 'inPerson', 'online']);
    const page2 = (await call(api.url, 'GET', '/api/events?pageSize=5&page=2')).json;
    assert.equal(page2.items.length, 5);
    assert.equal(page2.total, upcoming.total);
    const beyond = (await call(api.url, 'GET', '/api/events?pageSize=5&page=99')).json;
    assert.deepEqual([beyond.items.length, beyond.total], [0, upcoming.total]);
    const byCommunity = (await call(api.url, 'GET', '/api/events?when=all&communityId=1')).json;
    assert.ok(
      byCommunity.items.length >= 3 && byCommunity.items.every((e: { communityId: number }) => e.communityId === 1),
    );
    const inGermany = (await call(api.url, 'GET', '/api/events?when=all&countryId=2')).json;
    assert.ok(inGermany.items.every((e: { countryName: string }) => e.countryName === 'Germany'));
    const search = (await call(api.url, 'GET', `/api/events?when=all&q=${encodeURIComponent('kubernetes')}`)).json;
    assert.deepEqual(
      search.items.map((e: { title: string }) => e.title),
      ['Kubernetes Operators Deep Dive'],
    );
    assert.equal(
      (await call(api.url, 'GET', `/api/events?when=all&q=${encodeURIComponent('%')}`)).json.total,
      0,
      '% is literal',
    );
  });

  it('creates, edits and cancels an event; validates dates and locations', async () => {
    const core = await tokenFor('core@hub.test');
    const body = {
      communityId: 1,
      title: 'Hybrid test event',
      description: 'desc',
      imageUrl: '',
      startsAt: future(3),
      endsAt: future(3.1),
      timeZone: 'Europe/Amsterdam',
      capacity: 2,
      locations: [
        { cityName: 'Utrecht', address: 'Street 1', online: 'No' },
        { cityName: 'Amsterdam', address: 'Street 2', online: 'No' },
        { cityName: '', address: null, online: 'Yes' },
      ],
    };
    const created = await call(api.url, 'POST', '/api/events', { token: core, body });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.json.format, 'hybrid');
    assert.deepEqual(
      created.json.locations.map((l: { online: string }) => l.online),
      ['No', 'No', 'Yes'],
    );
    const invalid = await call(api.url, 'POST', '/api/events', {
      token: core,
      body: { ...body, endsAt: future(2), locations: [{ cityName: 'X', address: null, online: 'No' }] },
    });
    assert.equal(invalid.status, 400);
    assert.deepEqual(invalid.json.details, [
      'body/endsAt must not be before body/startsAt',
      'body/locations/0/address is required for an in-person location',
    ]);
    const noLocation = await call(api.url, 'POST', '/api/events', { token: core, body: { ...body, locations: [] } });
    assert.equal(noLocation.status, 400);

    const keep = created.json.locations[0].eventLocationId;
    const edited = await call(api.url, 'PUT', `/api/events/${created.json.id}`, {
      token: core,
      body: {
        ...body,
        title: 'Renamed',
        locations: [{ eventLocationId: keep, cityName: 'Utrecht', address: 'Street 1a', online: 'No' }],
      },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.deepEqual(edited.json.locations, [
      {
        eventLocationId: keep,
        cityName: 'Utrecht',
        address: 'Street 1a',
        online: 'No',
        capacity: null,
        attendeeCount: 0,
        arrivalNotes: null,
      },
    ]);
    assert.equal(edited.json.format, 'inPerson');
    const foreign = await call(api.url, 'PUT', `/api/events/${created.json.id}`, {
      token: core,
      body: { ...body, locations: [{ eventLocationId: 1, cityName: 'Utrecht', address: 'x', online: 'No' }] },
    });
    assert.equal(foreign.status, 400);
    const moved = await call(api.url, 'PUT', `/api/events/${created.json.id}`, {
      token: core,
      body: { ...body, communityId: 2 },
    });
    assert.equal(moved.status, 403, 'a core member cannot move an event to a community they do not manage');

    assert.equal(
      (await call(api.url, 'POST', `/api/events/${created.json.id}/cancel`, { token: core })).json.cancelled,
      true,
    );
    assert.equal((await call(api.url, 'POST', `/api/events/${created.json.id}/cancel`, { token: core })).status, 409);
    const staff = await tokenFor('staff@hub.test');
    const attendCancelled = await call(api.url, 'PUT', `/api/events/${created.json.id}/attendance`, {
      token: staff,
      body: { eventLocationId: keep },
    });
    assert.deepEqual([attendCancelled.status, attendCancelled.json.message], [409, 'This event has been cancelled']);
  });

  it('serves time zones, seats left, per-location seats, the format filter, and keeps cancelled events out of upcoming', async () => {
    const all = (await call(api.url, 'GET', '/api/events?when=all&pageSize=100')).json;
    const byTitle = (title: string) => all.items.find((e: { title: string }) => e.title === title);
    const zones = new Set(all.items.map((e: { timeZone: string }) => e.timeZone));
    for (const zone of ['Europe/Amsterdam', 'Europe/London', 'Asia/Kolkata', 'America/New_York'])
      assert.ok(zones.has(zone), zone);
    const gitops = byTitle('GitOps Hands-on Lab');
    assert.deepEqual([gitops.capacity, gitops.attendeeCount, gitops.seatsLeft], [3, 3, 0], 'full');
    assert.equal(byTitle('Data Mesh Round Table').seatsLeft, null, 'no capacity, no seats count');
    const small = byTitle('Threat Modelling in Small Rooms');
    assert.deepEqual(
      small.locations.map((l: { capacity: number | null; attendeeCount: number }) => [l.capacity, l.attendeeCount]),
      [
        [2, 2],
        [3, 1],
        [5, 0],
      ],
    );
    assert.equal(small.seatsLeft, 7);
    const london = byTitle('Frontend Craft London Evening');
    assert.equal(
      new Intl.DateTimeFormat('en-GB', { timeZone: london.timeZone, hour: '2-digit', hourCycle: 'h23' }).format(
        new Date(london.startsAt),
      ),
      '18',
      'seeded at 18:00 local time',
    );
    const summit = byTitle('Cloud Native Summit: Hybrid Edition');
    assert.equal(summit.format, 'hybrid');
    assert.ok(!JSON.stringify(all).includes('meet.hub.test'), 'join links never appear in public reads');

    for (const format of ['online', 'inPerson', 'hybrid'] as const) {
      const page = (await call(api.url, 'GET', `/api/events?when=all&pageSize=100&format=${format}`)).json;
      assert.ok(page.total > 0 && page.items.every((e: { format: string }) => e.format === format), format);
    }
    assert.equal((await call(api.url, 'GET', '/api/events?format=remote')).status, 400);

    const cancelled = byTitle('Angular Signals Workshop');
    assert.ok(cancelled.cancelled && Date.parse(cancelled.endsAt) > Date.now());
    const upcoming = (await call(api.url, 'GET', '/api/events?pageSize=100')).json;
    assert.ok(
      upcoming.items.every((e: { cancelled: boolean }) => !e.cancelled),
      'no cancelled event is upcoming',
    );
    const past = (await call(api.url, 'GET', '/api/events?when=past&pageSize=100')).json;
    assert.ok(
      past.items.some((e: { id: number }) => e.id === cancelled.id),
      'a cancelled event is listed under past',
    );
    assert.equal(upcoming.total + past.total, all.total);
    const ofCommunity = (await call(api.url, 'GET', `/api/events?communityId=${cancelled.communityId}&pageSize=100`))
      .json;
    assert.ok(!ofCommunity.items.some((e: { id: number }) => e.id === cancelled.id));
  });

  it('validates location capacity and join links, and shows join links only to attendees and managers', async () => {
    const core = await tokenFor('core@hub.test');
    const body = {
      communityId: 1,
      title: 'Seats per room',
      description: '**Markdown**',
      imageUrl: '',
      startsAt: future(8),
      endsAt: future(8.1),
      timeZone: 'Asia/Kolkata',
      capacity: 10,
      locations: [
        { cityName: 'Utrecht', address: 'Street 1', online: 'No', capacity: 1 },
        { cityName: '', address: null, online: 'Yes', joinUrl: 'https://meet.example.com/seats', capacity: 5 },
      ],
    };
    const wrong = await call(api.url, 'POST', '/api/events', {
      token: core,
      body: {
        ...body,
        locations: [
          { cityName: 'Utrecht', address: 'Street 1', online: 'No', capacity: 11, joinUrl: 'https://x.example.com' },
        ],
      },
    });
    assert.equal(wrong.status, 400);
    assert.deepEqual(wrong.json.details, [
      "body/locations/0/joinUrl is only allowed on an online location (online: 'Yes')",
      "body/locations/0/capacity must not exceed the event's capacity (body/capacity, 10)",
    ]);
    const badZone = await call(api.url, 'POST', '/api/events', { token: core, body: { ...body, timeZone: 'CET' } });
    assert.equal(badZone.status, 400);
    assert.match(badZone.json.details.join(), /body\/timeZone/);
    const badLink = await call(api.url, 'POST', '/api/events', {
      token: core,
      body: { ...body, locations: [{ ...body.locations[1], joinUrl: 'javascript:alert(1)' }] },
    });
    assert.equal(badLink.status, 400);

    const created = await call(api.url, 'POST', '/api/events', { token: core, body });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.json.timeZone, 'Asia/Kolkata');
    assert.deepEqual(
      created.json.locations.map((l: { capacity: number | null }) => l.capacity),
      [1, 5],
    );
    const id = created.json.id;
    const [room, stream] = created.json.locations.map((l: { eventLocationId: number }) => l.eventLocationId);
    const staff = await tokenFor('staff@hub.test');
    const external = await tokenFor('external@hub.test');
    const me = async (token?: string) => call(api.url, 'GET', `/api/events/${id}/me`, token ? { token } : {});

    assert.equal((await me()).status, 401);
    const before = await me(staff);
    assert.equal(before.headers.get('cache-control'), 'no-store');
    assert.deepEqual(before.json, {
      eventId: id,
      status: 'none',
      eventLocationId: null,
      waitingListPosition: null,
      canManage: false,
      joinLinks: [],
      shownInWhosGoing: false,
    });
    const managers = (await me(core)).json;
    assert.equal(managers.canManage, true);
    assert.deepEqual(managers.joinLinks, [{ eventLocationId: stream, joinUrl: 'https://meet.example.com/seats' }]);
    assert.equal((await me(await tokenFor('admin@hub.test'))).json.canManage, true);

    // Attending online (no location named) counts at the one online location.
    const online = await call(api.url, 'PUT', `/api/events/${id}/attendance`, { token: staff, body: {} });
    assert.deepEqual(online.json, { eventId: id, status: 'attending', eventLocationId: stream });
    const mine = (await me(staff)).json;
    assert.deepEqual([mine.status, mine.eventLocationId, mine.joinLinks.length], ['attending', stream, 1]);

    assert.equal(
      (await call(api.url, 'PUT', `/api/events/${id}/attendance`, { token: external, body: { eventLocationId: room } }))
        .status,
      200,
    );
    const roomFull = await call(api.url, 'PUT', `/api/events/${id}/attendance`, {
      token: core,
      body: { eventLocationId: room },
    });
    assert.deepEqual([roomFull.status, roomFull.json.message], [409, 'This location is full']);
    const detail = (await call(api.url, 'GET', `/api/events/${id}`)).json;
    assert.deepEqual(
      [detail.attendeeCount, detail.seatsLeft, detail.locations.map((l: { attendeeCount: number }) => l.attendeeCount)],
      [2, 8, [1, 1]],
    );

    // An edit that leaves capacity and joinUrl out keeps them; lowering a room below its attendees is refused.
    const kept = await call(api.url, 'PUT', `/api/events/${id}`, {
      token: core,
      body: {
        ...body,
        locations: [
          { eventLocationId: room, cityName: 'Utrecht', address: 'Street 1', online: 'No' },
          { eventLocationId: stream, cityName: '', address: null, online: 'Yes' },
        ],
      },
    });
    assert.equal(kept.status, 200, kept.text);
    assert.deepEqual(
      kept.json.locations.map((l: { capacity: number | null }) => l.capacity),
      [1, 5],
    );
    assert.equal((await me(staff)).json.joinLinks[0].joinUrl, 'https://meet.example.com/seats');
    const tooSmall = await call(api.url, 'PUT', `/api/events/${id}`, {
      token: core,
      body: { ...body, capacity: 1, locations: [{ ...body.locations[0], eventLocationId: room, capacity: 1 }] },
    });
    assert.equal(tooSmall.status, 409, 'the event capacity below its 2 attendees');
    const roomTooSmall = await call(api.url, 'PUT', `/api/events/${id}`, {
      token: core,
      body: {
        ...body,
        locations: [
          { ...body.locations[0], eventLocationId: room, capacity: null },
          { ...body.locations[1], eventLocationId: stream, capacity: 5 },
        ],
      },
    });
    assert.equal(roomTooSmall.status, 200, 'null lifts the room limit');

    // My events: upcoming soonest first, past latest first; a cancelled one moves to past.
    assert.equal((await call(api.url, 'GET', '/api/user/events')).status, 401);
    const upcoming = await call(api.url, 'GET', '/api/user/events?pageSize=100', { token: staff });
    assert.equal(upcoming.headers.get('cache-control'), 'no-store');
    const upcomingIds = upcoming.json.items.map((e: { id: number }) => e.id);
    assert.ok(upcomingIds.includes(id));
    const starts = upcoming.json.items.map((e: { startsAt: string }) => Date.parse(e.startsAt));
    assert.deepEqual(
      starts,
      [...starts].sort((a, b) => a - b),
    );
    const pastMine = (await call(api.url, 'GET', '/api/user/events?when=past', { token: staff })).json;
    assert.ok(pastMine.items.some((e: { title: string }) => e.title === 'MLOps in Production'));
    assert.equal((await call(api.url, 'POST', `/api/events/${id}/cancel`, { token: core })).status, 200);
    const afterCancel = (await call(api.url, 'GET', '/api/user/events?pageSize=100', { token: staff })).json;
    assert.ok(!afterCancel.items.some((e: { id: number }) => e.id === id));
    const pastAfter = (await call(api.url, 'GET', '/api/user/events?when=past&pageSize=100', { token: staff })).json;
    assert.equal(pastAfter.items[0].id, id, 'the cancelled future event leads the past list');
    const pastStarts = pastAfter.items.map((e: { startsAt: string }) => Date.parse(e.startsAt));
    assert.deepEqual(
      pastStarts,
      [...pastStarts].sort((a, b) => b - a),
    );
    assert.equal((await call(api.url, 'GET', '/api/user/events?when=soon', { token: staff })).status, 400);
    assert.equal((await call(api.url, 'GET', '/api/events/999999/me', { token: staff })).status, 404);
  });

  it('enforces capacity with a clear message, location rules, and seat release', async () => {
    const core = await tokenFor('core@hub.test');
    const tinyWorkshop = {
      communityId: 1,
      title: 'Tiny workshop',
      description: '',
      imageUrl: '',
      startsAt: future(4),
      endsAt: future(4.1),
      timeZone: 'Europe/Amsterdam',
      capacity: 1,
      locations: [{ cityName: 'Utrecht', address: 'Street 1', online: 'No' }],
    };
    const created = await call(api.url, 'POST', '/api/events', { token: core, body: tinyWorkshop });
    const id = created.json.id;
    const location = created.json.locations[0].eventLocationId;
    const attend = (token: string, body: { eventLocationId?: number }) =>
      call(api.url, 'PUT', `/api/events/${id}/attendance`, { token, body });
    const staff = await tokenFor('staff@hub.test');
    const external = await tokenFor('external@hub.test');
    assert.deepEqual((await attend(staff, {})).json.details, [
      'body/eventLocationId is required: choose where you will attend',
    ]);
    assert.equal((await attend(staff, { eventLocationId: 1 })).status, 400);
    const ok = await attend(staff, { eventLocationId: location });
    assert.deepEqual(ok.json, { eventId: id, status: 'attending', eventLocationId: location });
    assert.equal((await attend(staff, { eventLocationId: location })).status, 409);
    const full = await attend(external, { eventLocationId: location });
    assert.deepEqual([full.status, full.json.message], [409, 'This event is full']);
    const info = (await call(api.url, 'GET', '/api/user', { token: staff })).json;
    assert.ok(
      info.attendingEvents.some(
        (a: { eventId: number; status: string }) => a.eventId === id && a.status === 'attending',
      ),
    );
    const attendees = (await call(api.url, 'GET', `/api/events/${id}/attendees`, { token: core })).json;
    assert.deepEqual(
      attendees.map((a: { email: string }) => a.email),
      ['staff@hub.test'],
    );
    assert.equal((await call(api.url, 'DELETE', `/api/events/${id}/attendance`, { token: staff })).status, 200);
    assert.equal((await call(api.url, 'DELETE', `/api/events/${id}/attendance`, { token: staff })).status, 404);
    assert.equal((await attend(external, { eventLocationId: location })).status, 200);
    const lowered = await call(api.url, 'PUT', `/api/events/${id}`, {
      token: core,
      body: { ...tinyWorkshop, locations: [{ eventLocationId: location, ...tinyWorkshop.locations[0] }] },
    });
    assert.equal(lowered.status, 200);
    const past = (await call(api.url, 'GET', '/api/events?when=past&pageSize=100')).json.items.find(
      (e: { cancelled: boolean }) => !e.cancelled,
    );
    const tooLate = await call(api.url, 'PUT', `/api/events/${past.id}/attendance`, {
      token: external,
      body: { eventLocationId: past.locations[0].eventLocationId },
    });
    assert.deepEqual([tooLate.status, tooLate.json.message], [409, 'This event has already taken place']);
  });

  it('exports an event as iCalendar', async () => {
    const upcoming = (await call(api.url, 'GET', '/api/events?pageSize=1')).json.items[0];
    const ics = await call(api.url, 'GET', `/api/events/${upcoming.id}/ics`);
    assert.equal(ics.status, 200);
    assert.match(ics.headers.get('content-type') ?? '', /^text\/calendar/);
    assert.match(ics.text, /^BEGIN:VCALENDAR\r\n/);
    assert.match(ics.text, new RegExp(`UID:event-${upcoming.id}@`));
    // The event's own zone (TZID with its VTIMEZONE), not UTC: see test/calendar.it.ts.
    assert.match(ics.text, new RegExp(`DTSTART;TZID=${upcoming.timeZone}:\\d{8}T\\d{6}\r\n`));
    assert.match(ics.text, new RegExp(`BEGIN:VTIMEZONE\r\nTZID:${upcoming.timeZone}\r\n`));
    assert.ok(
      ics.text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75),
      'lines folded at 75 octets',
    );
    assert.equal((await call(api.url, 'GET', '/api/events/999999/ics')).status, 404);
  });
});

describe('waiting list (HUB_WAITING_LIST on)', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ kind: 'pglite', config: { waitingList: true } });
  });
  after(async () => api?.close());

  it('queues when full and promotes in arrival order when a seat frees', async () => {
    const admin = await tokenFor('admin@hub.test');
    const created = await call(api.url, 'POST', '/api/events', {
      token: admin,
      body: {
        communityId: 2,
        title: 'One seat',
        description: '',
        imageUrl: '',
        startsAt: future(6),
        endsAt: future(6.1),
        timeZone: 'Europe/Amsterdam',
        capacity: 1,
        locations: [{ cityName: '', address: null, online: 'Yes' }],
      },
    });
    const id = created.json.id;
    assert.equal(created.json.waitingListEnabled, true);
    const [a, b, c] = [
      await tokenFor('staff@hub.test'),
      await tokenFor('external@hub.test'),
      await tokenFor('newstaff@hub.test'),
    ];
    assert.equal(
      (await call(api.url, 'PUT', `/api/events/${id}/attendance`, { token: a, body: {} })).json.status,
      'attending',
    );
    assert.equal(
      (await call(api.url, 'PUT', `/api/events/${id}/attendance`, { token: b, body: {} })).json.status,
      'waiting',
    );
    assert.equal(
      (await call(api.url, 'PUT', `/api/events/${id}/attendance`, { token: c, body: {} })).json.status,
      'waiting',
    );
    assert.equal((await call(api.url, 'GET', `/api/events/${id}`)).json.waitingListCount, 2);
    await call(api.url, 'DELETE', `/api/events/${id}/attendance`, { token: a });
    const statusOf = async (token: string) =>
      (await call(api.url, 'GET', '/api/user', { token })).json.attendingEvents.find(
        (x: { eventId: number }) => x.eventId === id,
      )?.status;
    assert.equal(await statusOf(b), 'attending', 'first in the queue promoted');
    assert.equal(await statusOf(c), 'waiting');
    const detail = (await call(api.url, 'GET', `/api/events/${id}`)).json;
    assert.deepEqual([detail.attendeeCount, detail.waitingListCount], [1, 1]);
  });
});

describe('administration', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ kind: 'pglite' });
  });
  after(async () => api?.close());

  it('searches users, changes roles with its rules, and counts for the dashboard', async () => {
    const admin = await tokenFor('admin@hub.test');
    const found = (await call(api.url, 'GET', '/api/admin/users?q=staff%40hub', { token: admin })).json;
    assert.deepEqual(found.items.map((u: { email: string }) => u.email).sort(), [
      'newstaff@hub.test',
      'staff@hub.test',
    ]);
    const byName = (await call(api.url, 'GET', '/api/admin/users?q=nina', { token: admin })).json;
    assert.deepEqual(
      byName.items.map((u: { email: string }) => u.email),
      ['newstaff@hub.test'],
    );
    const paged = (await call(api.url, 'GET', '/api/admin/users?pageSize=5&page=2', { token: admin })).json;
    assert.equal(paged.items.length, 5);
    assert.ok(paged.total >= 30);
    const emails = (u: { items: { email: string }[] }) => u.items.map((i) => i.email);
    const byEmailDesc = (
      await call(api.url, 'GET', '/api/admin/users?sort=email&order=desc&pageSize=100', { token: admin })
    ).json;
    const byEmailAsc = (await call(api.url, 'GET', '/api/admin/users?sort=email&pageSize=100', { token: admin })).json;
    assert.ok(byEmailAsc.total <= 100, 'every user on one page');
    assert.deepEqual(emails(byEmailDesc), [...emails(byEmailAsc)].reverse());
    assert.ok(emails(byEmailAsc)[0]! < emails(byEmailAsc).at(-1)!);
    const sortedByName = (await call(api.url, 'GET', '/api/admin/users?sort=name&pageSize=100', { token: admin })).json;
    assert.notDeepEqual(emails(sortedByName), emails(byEmailAsc));
    assert.equal((await call(api.url, 'GET', '/api/admin/users?sort=city', { token: admin })).status, 400);
    const leads = (await call(api.url, 'GET', '/api/admin/users?role=1&pageSize=100', { token: admin })).json;
    assert.ok(leads.items.every((u: { roles: number[] }) => u.roles.includes(1)));

    const external = (await call(api.url, 'GET', '/api/admin/users?q=external%40hub', { token: admin })).json.items[0];
    const promoted = await call(api.url, 'PUT', `/api/admin/users/${external.id}/roles`, {
      token: admin,
      body: { roles: [0, 3] },
    });
    assert.deepEqual(promoted.json.roles, [0, 3]);
    const externalToken = await tokenFor('external@hub.test');
    assert.equal(
      (await call(api.url, 'GET', '/api/admin/stats', { token: externalToken })).status,
      200,
      'now an admin',
    );
    const invalid = await call(api.url, 'PUT', `/api/admin/users/${external.id}/roles`, {
      token: admin,
      body: { roles: [1, 2, 3] },
    });
    assert.equal(invalid.status, 400);
    assert.equal(invalid.json.details.length, 2);
    const me = (await call(api.url, 'GET', '/api/admin/users?q=admin%40hub', { token: admin })).json.items[0];
    const selfDemotion = await call(api.url, 'PUT', `/api/admin/users/${me.id}/roles`, {
      token: admin,
      body: { roles: [2] },
    });
    assert.deepEqual([selfDemotion.status, selfDemotion.json.message], [409, 'You cannot remove your own admin role']);
    assert.equal(
      (await call(api.url, 'PUT', '/api/admin/users/999999/roles', { token: admin, body: { roles: [2] } })).status,
      404,
    );

    const stats = (await call(api.url, 'GET', '/api/admin/stats', { token: admin })).json;
    assert.ok(stats.communities >= 12 && stats.networks >= 6);
    assert.equal(stats.upcomingEvents + stats.pastEvents + stats.cancelledEvents, 38);
    assert.equal(stats.admins, 2);
  });

  it("profile update validates and stores the caller's own fields", async () => {
    const { token } = await signUp(uniqueEmail('profile'), { displayName: 'Profile, Pat' });
    await call(api.url, 'POST', '/api/user/sync', { token, body: { msfAccessToken: null } });
    const units = (await call(api.url, 'GET', '/api/bunit')).json;
    const updated = await call(api.url, 'PUT', '/api/user', {
      token,
      body: {
        firstName: 'Patricia',
        lastName: 'Profile',
        phoneNumber: '+31 (0)6 123',
        city: 'Lyon',
        businessUnitId: units[0].id,
      },
    });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(
      [updated.json.firstName, updated.json.city, updated.json.businessUnitId],
      ['Patricia', 'Lyon', units[0].id],
    );
    const invalid = await call(api.url, 'PUT', '/api/user', {
      token,
      body: { firstName: '', lastName: 5, phoneNumber: 'call me', city: null, businessUnitId: 99999 },
    });
    assert.equal(invalid.status, 400);
    assert.ok(
      ['body/firstName', 'body/lastName', 'body/phoneNumber'].every((f) =>
        invalid.json.details.some((d: string) => d.startsWith(f)),
      ),
      invalid.text,
    );
  });
});
