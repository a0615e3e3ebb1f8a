/**
 * The whole authorization matrix: every route × {anonymous, External, Capgemini, core member of this
 * community, core member of another community, community lead, Admin} → the expected status, with
 * real Firebase emulator ID tokens, and no data in any refusal.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import {
  anonymousWithEmail,
  call,
  signUp,
  startTestApi,
  tokenFor,
  uniqueEmail,
  updateAccount,
  type TestApi,
} from './helpers/test-env.ts';

const ROLES = ['anonymous', 'external', 'staff', 'coreThis', 'coreOther', 'lead', 'admin'] as const;
type RoleName = (typeof ROLES)[number];
type Expect = Record<RoleName, number>;

const all = (status: number): Expect => Object.fromEntries(ROLES.map((r) => [r, status])) as Expect;
const signedIn = (status: number): Expect => ({ ...all(status), anonymous: 401 });
/** Admin, core members of this community (lead included) allowed; other signed-in users 403. */
const managers = (status: number): Expect => ({
  anonymous: 401,
  external: 403,
  staff: 403,
  coreOther: 403,
  coreThis: status,
  lead: status,
  admin: status,
});
const leadOrAdmin = (status: number): Expect => ({ ...managers(403), lead: status, admin: status });
const adminOnly = (status: number): Expect => ({ ...managers(403), coreThis: 403, lead: 403, admin: status });

interface Case {
  name: string;
  method: string;
  request: (role: RoleName) => Promise<{ path: string; body?: unknown }>;
  expect: Expect;
}

describe('authorization matrix (PGlite, emulator ID tokens)', () => {
  let api: TestApi;
  const tokens = {} as Record<RoleName, string | undefined>;
  let c1 = 0;
  let c2 = 0;
  let eventOfC1 = 0;
  let openEvent = 0;
  let openEventLocation = 0;
  let pastEventOfC1 = 0;
  let attendeeOfPastEvent = 0;

  before(async () => {
    api = await startTestApi({ kind: 'pglite' });
    const seed = api.seed!;
    c1 = seed.communities['Cloud Native Guild']!;
    c2 = seed.communities['Java Community']!;
    assert.equal(c1, 1, 'the lead community is community 1');
    eventOfC1 = seed.events['Platform Engineering Day']!;
    openEvent = seed.events['Java 25 Features Tour']!;
    const detail = await call(api.url, 'GET', `/api/events/${openEvent}`);
    openEventLocation = detail.json.locations[0].eventLocationId;
    pastEventOfC1 = seed.events['Kubernetes Operators Deep Dive']!;
    attendeeOfPastEvent = (
      await api.database.db
        .selectFrom('eventAttendee')
        .select('userId')
        .where('eventId', '=', pastEventOfC1)
        .where('userId', 'is not', null)
        .executeTakeFirstOrThrow()
    ).userId!;

    tokens.anonymous = undefined;
    tokens.external = await tokenFor('external@hub.test');
    tokens.staff = await tokenFor('staff@hub.test');
    tokens.coreThis = await tokenFor('core@hub.test');
    tokens.lead = await tokenFor('lead@hub.test');
    tokens.admin = await tokenFor('admin@hub.test');
    // A core member of another community: a fresh account, synced, appointed by the admin.
    const other = await signUp(uniqueEmail('core-other'), { displayName: 'Other, Olga' });
    assert.equal(
      (await call(api.url, 'POST', '/api/user/sync', { token: other.token, body: { msfAccessToken: null } })).json,
      1,
    );
    const email = (await call(api.url, 'GET', '/api/user', { token: other.token })).json.email;
    assert.equal(
      (await call(api.url, 'POST', `/api/community/${c2}/core-members`, { token: tokens.admin, body: { email } }))
        .status,
      201,
    );
    tokens.coreOther = other.token;
  });

  after(async () => {
    await api?.close();
  });

  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const eventBody = () => ({
    communityId: c1,
    title: 'Matrix event',
    description: 'Created by the authorization matrix',
    imageUrl: '',
    startsAt: future(20),
    endsAt: future(20.1),
    timeZone: 'Europe/Amsterdam',
    capacity: 10,
    locations: [{ cityName: 'Utrecht', address: 'Papendorpseweg 100', online: 'No' }],
  });
  /** A fresh address of the lead's private feed (only the hash is kept, so it is made anew). */
  async function leadFeedPath(): Promise<string> {
    const feed = await call(api.url, 'POST', '/api/user/calendar-feed', { token: tokens.lead });
    return new URL(feed.json.url).pathname;
  }
  async function freshCommunity(): Promise<number> {
    const row = await api.database.db
      .insertInto('community')
      .values({ name: 'Throwaway', countryId: 1, communityBaseId: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function freshEventOfC1(): Promise<number> {
    const row = await api.database.db
      .insertInto('event')
      .values({
        communityId: c1,
        title: 'Throwaway event',
        startsAt: future(5),
        endsAt: future(5.1),
        timeZone: 'Europe/Amsterdam',
        capacity: null,
        createdBy: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function freshCoreMemberOfC1(): Promise<number> {
    const user = await api.database.db
      .insertInto('appUser')
      .values({ email: uniqueEmail('seat'), uid: null, city: null, businessUnitId: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await api.database.db.insertInto('communityCoreMember').values({ communityId: c1, userId: user.id }).execute();
    return user.id;
  }
  async function communityBody(id: number) {
    const c = (await call(api.url, 'GET', `/api/community/${id}`)).json;
    return {
      name: c.name,
      description: c.description,
      imageUrl: c.imageUrl,
      countryId: c.countryId,
      communityBaseId: c.communityBaseId,
    };
  }

  const cases: Case[] = [
    { name: 'GET overview', method: 'GET', request: async () => ({ path: '/api/community' }), expect: all(200) },
    { name: 'GET community', method: 'GET', request: async () => ({ path: `/api/community/${c1}` }), expect: all(200) },
    {
      name: 'GET communities of base',
      method: 'GET',
      request: async () => ({ path: '/api/community/base/1' }),
      expect: all(200),
    },
    {
      name: 'GET community base',
      method: 'GET',
      request: async () => ({ path: '/api/communitybase/2' }),
      expect: all(200),
    },
    { name: 'GET business units', method: 'GET', request: async () => ({ path: '/api/bunit' }), expect: all(200) },
    { name: 'GET countries', method: 'GET', request: async () => ({ path: '/api/country' }), expect: all(200) },
    {
      name: 'GET events',
      method: 'GET',
      request: async () => ({ path: '/api/events?when=all&page=1' }),
      expect: all(200),
    },
    { name: 'GET event', method: 'GET', request: async () => ({ path: `/api/events/${eventOfC1}` }), expect: all(200) },
    {
      name: 'GET event ics',
      method: 'GET',
      request: async () => ({ path: `/api/events/${eventOfC1}/ics` }),
      expect: all(200),
    },
    {
      name: 'GET community events feed',
      method: 'GET',
      request: async () => ({ path: `/api/community/${c1}/events.ics` }),
      expect: all(200),
    },
    // The secret address is the only credential: a bearer token neither opens nor is needed.
    {
      name: 'GET private calendar feed',
      method: 'GET',
      request: async () => ({ path: await leadFeedPath() }),
      expect: all(200),
    },
    {
      name: 'GET private calendar feed, unknown secret',
      method: 'GET',
      request: async () => ({ path: `/api/calendar/${'x'.repeat(43)}.ics` }),
      expect: all(404),
    },
    { name: 'GET user', method: 'GET', request: async () => ({ path: '/api/user' }), expect: signedIn(200) },
    {
      name: 'GET my data export (issue 28)',
      method: 'GET',
      request: async () => ({ path: '/api/user/export' }),
      expect: signedIn(200),
    },
    {
      name: 'GET my events as .ics (issue 28)',
      method: 'GET',
      request: async () => ({ path: '/api/user/export/events.ics' }),
      expect: signedIn(200),
    },
    {
      name: 'GET calendar-feed address',
      method: 'GET',
      request: async () => ({ path: '/api/user/calendar-feed' }),
      expect: signedIn(200),
    },
    {
      name: 'POST calendar-feed (new secret)',
      method: 'POST',
      request: async () => ({ path: '/api/user/calendar-feed' }),
      expect: signedIn(200),
    },
    {
      name: 'PUT user (own profile)',
      method: 'PUT',
      request: async () => ({
        path: '/api/user',
        body: {
          firstName: 'Matrix',
          lastName: 'Tester',
          phoneNumber: '+31 6 1234',
          city: 'Utrecht',
          businessUnitId: null,
        },
      }),
      expect: signedIn(200),
    },
    {
      name: 'POST sync',
      method: 'POST',
      request: async () => ({ path: '/api/user/sync', body: { msfAccessToken: null } }),
      expect: signedIn(200),
    },
    // Work tokens from a password sign-in: still 200 (code 5) for every signed-in role, 401 without a token.
    {
      name: 'POST sync with work tokens',
      method: 'POST',
      request: async () => ({
        path: '/api/user/sync',
        body: { msfAccessToken: 'not-a-graph-token', msfIdToken: 'not-an-id-token' },
      }),
      expect: signedIn(200),
    },
    // Every signed-in demo account is verified already: 409, but only after authentication.
    {
      name: 'POST activate-account',
      method: 'POST',
      request: async () => ({ path: '/api/user/activate-account' }),
      expect: signedIn(409),
    },
    {
      name: 'POST reset-password',
      method: 'POST',
      request: async () => ({ path: '/api/user/reset-password', body: { email: 'nobody@hub.test' } }),
      expect: all(200),
    },
    {
      name: 'PUT membership (join)',
      method: 'PUT',
      request: async () => ({ path: '/api/communitymembership/5' }),
      expect: signedIn(200),
    },
    {
      name: 'PUT membership again',
      method: 'PUT',
      request: async () => ({ path: '/api/communitymembership/5' }),
      expect: signedIn(404),
    },
    {
      name: 'DELETE membership (leave)',
      method: 'DELETE',
      request: async () => ({ path: '/api/communitymembership/5' }),
      expect: signedIn(200),
    },
    {
      name: 'DELETE membership again',
      method: 'DELETE',
      request: async () => ({ path: '/api/communitymembership/5' }),
      expect: signedIn(404),
    },
    {
      name: 'POST community',
      method: 'POST',
      request: async () => ({
        path: '/api/community',
        body: { name: 'New one', description: '', imageUrl: '', countryId: 1, communityBaseId: 2 },
      }),
      expect: adminOnly(201),
    },
    {
      name: 'PUT community',
      method: 'PUT',
      request: async () => ({ path: `/api/community/${c1}`, body: await communityBody(c1) }),
      expect: managers(200),
    },
    {
      name: 'DELETE community',
      method: 'DELETE',
      request: async () => ({ path: `/api/community/${await freshCommunity()}` }),
      expect: adminOnly(204),
    },
    {
      name: 'POST community archive',
      method: 'POST',
      request: async () => ({ path: `/api/community/${await freshCommunity()}/archive` }),
      expect: adminOnly(200),
    },
    {
      // Not archived: the admin is told so (409); everyone else is refused before that.
      name: 'POST community restore',
      method: 'POST',
      request: async () => ({ path: `/api/community/${await freshCommunity()}/restore` }),
      expect: adminOnly(409),
    },
    {
      name: 'GET core members',
      method: 'GET',
      request: async () => ({ path: `/api/community/${c1}/core-members` }),
      expect: managers(200),
    },
    {
      name: 'POST core member',
      method: 'POST',
      request: async () => ({ path: `/api/community/${c1}/core-members`, body: { email: uniqueEmail('appointed') } }),
      expect: leadOrAdmin(201),
    },
    {
      name: 'PUT core member lead flag',
      method: 'PUT',
      request: async () => ({
        path: `/api/community/${c1}/core-members/${api.seed!.users.core}`,
        body: { responsibleForCommunity: false },
      }),
      expect: leadOrAdmin(200),
    },
    {
      name: 'DELETE core member',
      method: 'DELETE',
      request: async () => ({ path: `/api/community/${c1}/core-members/${await freshCoreMemberOfC1()}` }),
      expect: leadOrAdmin(204),
    },
    {
      name: 'POST event',
      method: 'POST',
      request: async () => ({ path: '/api/events', body: eventBody() }),
      expect: managers(201),
    },
    {
      name: 'PUT event',
      method: 'PUT',
      request: async () => ({ path: `/api/events/${await freshEventOfC1()}`, body: eventBody() }),
      expect: managers(200),
    },
    {
      name: 'POST event cancel',
      method: 'POST',
      request: async () => ({ path: `/api/events/${await freshEventOfC1()}/cancel` }),
      expect: managers(200),
    },
    {
      name: 'GET event attendees',
      method: 'GET',
      request: async () => ({ path: `/api/events/${eventOfC1}/attendees` }),
      expect: managers(200),
    },
    {
      name: 'PUT attendance',
      method: 'PUT',
      request: async () => ({
        path: `/api/events/${openEvent}/attendance`,
        body: { eventLocationId: openEventLocation },
      }),
      expect: signedIn(200),
    },
    {
      name: 'DELETE attendance',
      method: 'DELETE',
      request: async () => ({ path: `/api/events/${openEvent}/attendance` }),
      expect: signedIn(200),
    },
    {
      name: 'GET event viewer info',
      method: 'GET',
      request: async () => ({ path: `/api/events/${eventOfC1}/me` }),
      expect: signedIn(200),
    },
    { name: 'GET public home', method: 'GET', request: async () => ({ path: '/api/home' }), expect: all(200) },
    { name: 'GET my home', method: 'GET', request: async () => ({ path: '/api/user/home' }), expect: signedIn(200) },
    {
      name: 'GET my events',
      method: 'GET',
      request: async () => ({ path: '/api/user/events?when=upcoming' }),
      expect: signedIn(200),
    },
    {
      name: 'GET my past events',
      method: 'GET',
      request: async () => ({ path: '/api/user/events?when=past&page=2&pageSize=5' }),
      expect: signedIn(200),
    },
    {
      name: 'GET admin users',
      method: 'GET',
      request: async () => ({ path: '/api/admin/users?q=hub' }),
      expect: adminOnly(200),
    },
    {
      name: 'PUT admin user roles',
      method: 'PUT',
      request: async () => ({ path: `/api/admin/users/${api.seed!.users.staff}/roles`, body: { roles: [2] } }),
      expect: adminOnly(200),
    },
    {
      name: "DELETE a user's calendar feed (admin revoke)",
      method: 'DELETE',
      request: async () => ({ path: `/api/admin/users/${api.seed!.users.staff}/calendar-feed` }),
      expect: adminOnly(200),
    },
    {
      // Issue 28: an account nobody has, so no caller's own account is deleted by the walk (the
      // deletion itself: account-deletion.it.ts; DELETE api/user is the caller's own, tested there).
      name: 'POST attendee export record (issue 28)',
      method: 'POST',
      request: async () => ({ path: `/api/manage/events/${eventOfC1}/attendees/exports` }),
      expect: managers(204),
    },
    {
      name: "DELETE a user's account (admin)",
      method: 'DELETE',
      request: async () => ({ path: '/api/admin/users/2000000000' }),
      expect: adminOnly(404),
    },
    {
      name: 'GET admin stats',
      method: 'GET',
      request: async () => ({ path: '/api/admin/stats' }),
      expect: adminOnly(200),
    },
    {
      name: 'GET admin stats trends',
      method: 'GET',
      request: async () => ({ path: '/api/admin/stats/trends?weeks=8' }),
      expect: adminOnly(200),
    },
    {
      name: 'GET admin audit log',
      method: 'GET',
      request: async () => ({ path: '/api/admin/audit-log?pageSize=5' }),
      expect: adminOnly(200),
    },
    // Any core member reaches their own overview; nobody else.
    {
      name: 'GET manage communities',
      method: 'GET',
      request: async () => ({ path: '/api/manage/communities' }),
      expect: { ...managers(200), coreOther: 200 },
    },
    {
      name: 'GET manage community events',
      method: 'GET',
      request: async () => ({ path: `/api/manage/communities/${c1}/events?when=past` }),
      expect: managers(200),
    },
    {
      name: 'GET manage event attendees',
      method: 'GET',
      request: async () => ({ path: `/api/manage/events/${pastEventOfC1}/attendees` }),
      expect: managers(200),
    },
    {
      name: 'PUT attendee check-in',
      method: 'PUT',
      request: async () => ({ path: `/api/events/${pastEventOfC1}/attendees/${attendeeOfPastEvent}/check-in` }),
      expect: managers(200),
    },
    {
      name: 'DELETE attendee check-in',
      method: 'DELETE',
      request: async () => ({ path: `/api/events/${pastEventOfC1}/attendees/${attendeeOfPastEvent}/check-in` }),
      expect: managers(200),
    },
  ];

  it(`walks ${cases.length} routes × ${ROLES.length} callers`, async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const c of cases) {
      for (const role of ROLES) {
        const { path, body } = await c.request(role);
        const answer = await call(api.url, c.method, path, { token: tokens[role], body });
        checked++;
        if (answer.status !== c.expect[role]) {
          failures.push(
            `${c.name} as ${role}: expected ${c.expect[role]}, got ${answer.status} ${answer.text.slice(0, 200)}`,
          );
          continue;
        }
        if (answer.status >= 400) {
          // A refusal carries its reason and nothing else.
          assert.deepEqual(
            Object.keys(answer.json ?? {}).sort(),
            ['details', 'message'],
            `${c.name} as ${role}: error body shape`,
          );
          assert.doesNotMatch(
            answer.text,
            /@|demo-|seed-member|"id"|"email"/,
            `${c.name} as ${role}: refusal leaks data: ${answer.text}`,
          );
        }
      }
    }
    assert.deepEqual(failures, [], `${failures.length} of ${checked} matrix cells wrong`);
  });

  // Issue 9: two more callers walk every route. A disabled administrator counts as anonymous (401 where
  // a token is needed, public answers otherwise; sync answers code 4). An anonymous-provider account
  // that set a pending core member's address without verifying it has no account (403 where a user
  // is needed; sync answers code 5), and the seat stays pending.
  it('walks every route as a disabled administrator and as an unverified account on a pending seat', async () => {
    const adminEmail = uniqueEmail('disabled-admin');
    const disabled = await signUp(adminEmail, { displayName: 'Admin, Former' });
    assert.equal((await call(api.url, 'POST', '/api/user/sync', { token: disabled.token })).json, 1);
    const found = await call(api.url, 'GET', `/api/admin/users?q=${encodeURIComponent(adminEmail)}`, {
      token: tokens.admin,
    });
    const granted = await call(api.url, 'PUT', `/api/admin/users/${found.json.items[0].id}/roles`, {
      token: tokens.admin,
      body: { roles: [0, 3] },
    });
    assert.equal(granted.status, 200, granted.text);
    assert.equal((await call(api.url, 'GET', '/api/admin/stats', { token: disabled.token })).status, 200);
    await updateAccount(disabled.uid, { disableUser: true });

    const seatEmail = uniqueEmail('pending-seat');
    const appointed = await call(api.url, 'POST', `/api/community/${c1}/core-members`, {
      token: tokens.lead,
      body: { email: seatEmail },
    });
    assert.equal(appointed.status, 201);
    const intruder = await anonymousWithEmail(seatEmail);

    const callers: [string, string, (c: Case) => number][] = [
      ['disabled admin', disabled.token, (c) => (c.name.startsWith('POST sync') ? 200 : c.expect.anonymous)],
      [
        'unverified intruder',
        intruder.token,
        // Token-only routes (sync, activate-account) accept the token; every user route wants an account.
        (c) =>
          c.name.startsWith('POST sync') || c.name === 'POST activate-account'
            ? 200
            : c.expect.anonymous === 401
              ? 403
              : c.expect.anonymous,
      ],
    ];
    const failures: string[] = [];
    for (const [label, token, expected] of callers) {
      for (const c of cases) {
        const { path, body } = await c.request('anonymous');
        const answer = await call(api.url, c.method, path, { token, body });
        if (answer.status !== expected(c))
          failures.push(
            `${c.name} as ${label}: expected ${expected(c)}, got ${answer.status} ${answer.text.slice(0, 160)}`,
          );
        else if (answer.status >= 400)
          assert.doesNotMatch(answer.text, /@|demo-|seed-member|"id"|"email"/, `${c.name} as ${label} leaks data`);
        if (c.name.startsWith('POST sync'))
          assert.equal(answer.json, label === 'disabled admin' ? 4 : 5, `${label} ${c.name} code`);
      }
    }
    assert.deepEqual(failures, [], `${failures.length} cells wrong`);
    const seats = await call(api.url, 'GET', `/api/community/${c1}/core-members`, { token: tokens.lead });
    assert.equal(seats.json.find((m: { email: string }) => m.email === seatEmail)?.pending, true);
    // The other tests count one administrator.
    const revoked = await call(api.url, 'PUT', `/api/admin/users/${found.json.items[0].id}/roles`, {
      token: tokens.admin,
      body: { roles: [3] },
    });
    assert.equal(revoked.status, 200, revoked.text);
  });

  it('shows join links to attendees, core members of the community and admins only', async () => {
    const summit = api.seed!.events['Cloud Native Summit: Hybrid Edition']!;
    const links = async (role: RoleName) => {
      const answer = await call(api.url, 'GET', `/api/events/${summit}/me`, { token: tokens[role] });
      return answer.status === 200 ? answer.json.joinLinks.length : answer.status;
    };
    const seen: Record<string, number> = {};
    for (const role of ROLES) seen[role] = await links(role);
    assert.deepEqual(seen, {
      anonymous: 401,
      external: 0,
      staff: 0,
      coreThis: 1,
      coreOther: 0,
      lead: 1,
      admin: 1,
    });
    assert.equal(
      (await call(api.url, 'PUT', `/api/events/${summit}/attendance`, { token: tokens.external, body: {} })).status,
      200,
    );
    assert.equal(await links('external'), 1, 'attending online: the link is theirs');
    assert.equal(
      (await call(api.url, 'DELETE', `/api/events/${summit}/attendance`, { token: tokens.external })).status,
      200,
    );
    assert.equal(await links('external'), 0, 'withdrawn: the link is gone');
    // In person: the online place's link is not theirs (issue 23).
    const inPerson = (await call(api.url, 'GET', `/api/events/${summit}`)).json.locations.find(
      (l: { online: string }) => l.online === 'No',
    ).eventLocationId;
    assert.equal(
      (
        await call(api.url, 'PUT', `/api/events/${summit}/attendance`, {
          token: tokens.external,
          body: { eventLocationId: inPerson },
        })
      ).status,
      200,
    );
    assert.equal(await links('external'), 0, 'attending in person: no join link');
    assert.equal(
      (await call(api.url, 'DELETE', `/api/events/${summit}/attendance`, { token: tokens.external })).status,
      200,
    );
    const publicReads = [
      await call(api.url, 'GET', `/api/events/${summit}`),
      await call(api.url, 'GET', '/api/events?when=all&pageSize=100'),
      await call(api.url, 'GET', `/api/events/${summit}/ics`),
      await call(api.url, 'GET', '/api/user/events', { token: tokens.admin }),
    ];
    for (const read of publicReads) assert.ok(!read.text.includes('meet.hub.test'), 'no join link in a shared read');
  });

  it('refuses a core member creating or editing an event of another community with 403, changing nothing', async () => {
    const count = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from event`.execute(api.database.db)).rows[0]!.n;
    const before = await count();
    // core@hub.test holds a seat in community 1 only.
    const create = await call(api.url, 'POST', '/api/events', {
      token: tokens.coreThis,
      body: { ...eventBody(), communityId: c2 },
    });
    assert.deepEqual([create.status, create.json.message], [403, 'Core member access to this community required']);
    const ofC2 = api.seed!.events['Java 25 Features Tour']!;
    const original = (await call(api.url, 'GET', `/api/events/${ofC2}`)).json;
    const edit = await call(api.url, 'PUT', `/api/events/${ofC2}`, {
      token: tokens.coreThis,
      body: { ...eventBody(), communityId: c2, title: 'Taken over' },
    });
    assert.deepEqual([edit.status, edit.json.message], [403, 'Core member access to this community required']);
    const cancel = await call(api.url, 'POST', `/api/events/${ofC2}/cancel`, { token: tokens.coreThis });
    assert.equal(cancel.status, 403);
    // The other way round: a core member of community 2 cannot create for community 1.
    const other = await call(api.url, 'POST', '/api/events', { token: tokens.coreOther, body: eventBody() });
    assert.equal(other.status, 403);
    assert.equal(await count(), before, 'nothing created');
    const after = (await call(api.url, 'GET', `/api/events/${ofC2}`)).json;
    assert.deepEqual([after.title, after.cancelled], [original.title, false], 'nothing changed');
  });

  it('refuses an invalid or forged token with 401 on protected routes and ignores it on public ones', async () => {
    const forged = `${tokens.admin!.split('.').slice(0, 1).join('.')}.${Buffer.from(JSON.stringify({ sub: 'demo-admin', user_id: 'demo-admin' })).toString('base64url')}.`;
    for (const token of ['not-a-token', forged, 'x'.repeat(9000)]) {
      const refused = await call(api.url, 'GET', '/api/user', { token });
      assert.equal(refused.status, 401);
      assert.deepEqual(refused.json.details, []);
      assert.equal((await call(api.url, 'GET', '/api/admin/stats', { token })).status, 401);
      assert.equal((await call(api.url, 'GET', `/api/community/${c1}`, { token })).status, 200);
    }
    const malformedHeader = await call(api.url, 'GET', '/api/user', { headers: { authorization: 'Basic abc' } });
    assert.equal(malformedHeader.status, 401);
  });

  it('keeps roles in the database: a token cannot claim admin', async () => {
    // The staff member's token is real; their role comes from user_role only.
    const info = (await call(api.url, 'GET', '/api/user', { token: tokens.staff })).json;
    assert.deepEqual(info.roles, [2]);
    assert.equal((await call(api.url, 'GET', '/api/admin/users', { token: tokens.staff })).status, 403);
    const rows = await sql<{ n: number }>`select count(*)::int as n from user_role where role = 0`.execute(
      api.database.db,
    );
    assert.equal(rows.rows[0]!.n, 1);
  });
});
