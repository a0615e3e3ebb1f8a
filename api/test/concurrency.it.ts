/**
 * Races on PGlite and on PostgreSQL: 200 concurrent identical joins make exactly one membership (the
 * rest 404); 500 concurrent attends by 500 different users on an event with capacity 50 seat exactly 50;
 * 500 concurrent attends spread over two locations of capacity 20 and 30 seat exactly 20 and 30.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { signUpAccounts, type EmulatorAccount } from './helpers/emulator-accounts.ts';
import { call, emulatorHost, postgresAdminUrl, startTestApi, tokenFor } from './helpers/test-env.ts';

const ATTENDEES = 500;
const CAPACITY = 50;
const JOINS = 200;
const ROOM_A = 20;
const ROOM_B = 30;

function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

async function race(kind: 'pglite' | 'postgres', accounts: EmulatorAccount[]): Promise<void> {
  const api = await startTestApi({ kind });
  try {
    const db = api.database.db;
    // The accounts exist in the database as synced External users.
    const ids = await db
      .insertInto('appUser')
      .values(accounts.map((a) => ({ uid: a.uid, email: a.email, city: null, businessUnitId: null })))
      .returning('id')
      .execute();
    await db
      .insertInto('userRole')
      .values(ids.map((r) => ({ userId: r.id, role: 3 })))
      .execute();

    // 200 identical joins by one user.
    const staff = await tokenFor('staff@hub.test');
    const community = api.seed!.communities['Security Champions']!;
    const joins = await Promise.all(
      Array.from({ length: JOINS }, () =>
        call(api.url, 'PUT', `/api/communitymembership/${community}`, { token: staff }),
      ),
    );
    assert.deepEqual(tally(joins.map((j) => j.status)), { 200: 1, 404: JOINS - 1 }, `${kind}: joins`);
    const memberships = await sql<{
      n: number;
    }>`select count(*)::int as n from community_membership where community_id = ${community} and user_id = ${api.seed!.users.staff}`.execute(
      db,
    );
    assert.equal(memberships.rows[0]!.n, 1);

    // 500 attends on 50 seats.
    const admin = await tokenFor('admin@hub.test');
    const created = await call(api.url, 'POST', '/api/events', {
      token: admin,
      body: {
        communityId: community,
        title: 'Race for seats',
        description: '',
        imageUrl: '',
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        endsAt: new Date(Date.now() + 90_000_000).toISOString(),
        timeZone: 'Europe/Amsterdam',
        capacity: CAPACITY,
        locations: [{ cityName: 'Berlin', address: 'Potsdamer Platz 5', online: 'No' }],
      },
    });
    assert.equal(created.status, 201, created.text);
    const eventId = created.json.id;
    const locationId = created.json.locations[0].eventLocationId;
    const started = Date.now();
    const attends = await Promise.all(
      accounts.map((a) =>
        call(api.url, 'PUT', `/api/events/${eventId}/attendance`, {
          token: a.token,
          body: { eventLocationId: locationId },
        }),
      ),
    );
    const counts = tally(attends.map((a) => a.status));
    console.log(`${kind}: ${ATTENDEES} concurrent attends in ${Date.now() - started} ms → ${JSON.stringify(counts)}`);
    assert.deepEqual(counts, { 200: CAPACITY, 409: ATTENDEES - CAPACITY }, `${kind}: attends`);
    assert.ok(attends.filter((a) => a.status === 409).every((a) => a.json.message === 'This event is full'));
    const seats = await sql<{ rows: number; counter: number }>`
      select (select count(*)::int from event_attendee where event_id = ${eventId} and status = 'attending') as rows,
             (select attendee_count from event where id = ${eventId}) as counter`.execute(db);
    assert.deepEqual(seats.rows[0], { rows: CAPACITY, counter: CAPACITY });
    assert.equal((await call(api.url, 'GET', `/api/events/${eventId}`)).json.attendeeCount, CAPACITY);

    // 500 attends spread over two rooms of 20 and 30 seats (no overall capacity): each room's own limit holds.
    const rooms = await call(api.url, 'POST', '/api/events', {
      token: admin,
      body: {
        communityId: community,
        title: 'Race for rooms',
        description: '',
        imageUrl: '',
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        endsAt: new Date(Date.now() + 90_000_000).toISOString(),
        timeZone: 'Europe/Berlin',
        capacity: null,
        locations: [
          { cityName: 'Berlin', address: 'Potsdamer Platz 5', online: 'No', capacity: ROOM_A },
          { cityName: 'Munich', address: 'Leopoldstrasse 31', online: 'No', capacity: ROOM_B },
        ],
      },
    });
    assert.equal(rooms.status, 201, rooms.text);
    const roomIds: number[] = rooms.json.locations.map((l: { eventLocationId: number }) => l.eventLocationId);
    const startedRooms = Date.now();
    const roomAttends = await Promise.all(
      accounts.map((a, i) =>
        call(api.url, 'PUT', `/api/events/${rooms.json.id}/attendance`, {
          token: a.token,
          body: { eventLocationId: roomIds[i % 2] },
        }),
      ),
    );
    const roomCounts = tally(roomAttends.map((a) => a.status));
    console.log(
      `${kind}: ${ATTENDEES} concurrent attends over rooms of ${ROOM_A} and ${ROOM_B} in ${Date.now() - startedRooms} ms → ${JSON.stringify(roomCounts)}`,
    );
    assert.deepEqual(roomCounts, { 200: ROOM_A + ROOM_B, 409: ATTENDEES - ROOM_A - ROOM_B }, `${kind}: room attends`);
    assert.ok(roomAttends.filter((a) => a.status === 409).every((a) => a.json.message === 'This location is full'));
    const perRoom = await sql<{ id: number; rows: number; counter: number }>`
      select l.id, (select count(*)::int from event_attendee a where a.event_location_id = l.id and a.status = 'attending') as rows,
             l.attendee_count as counter
      from event_location l where l.event_id = ${rooms.json.id} order by l.position`.execute(db);
    assert.deepEqual(
      perRoom.rows.map((r) => [r.rows, r.counter]),
      [
        [ROOM_A, ROOM_A],
        [ROOM_B, ROOM_B],
      ],
    );
    const roomDetail = (await call(api.url, 'GET', `/api/events/${rooms.json.id}`)).json;
    assert.equal(roomDetail.attendeeCount, ROOM_A + ROOM_B);
    assert.deepEqual(
      roomDetail.locations.map((l: { attendeeCount: number }) => l.attendeeCount),
      [ROOM_A, ROOM_B],
    );
  } finally {
    await api.close();
  }
}

describe('concurrency', () => {
  let accounts: EmulatorAccount[] = [];
  before(async () => {
    accounts = await signUpAccounts(emulatorHost(), ATTENDEES, `race${process.pid}${Date.now().toString(36)}`);
  });

  it('PGlite: exactly one membership from 200 joins, exactly 50 seats from 500 attends', async () => {
    await race('pglite', accounts);
  });

  it(
    'PostgreSQL: exactly one membership from 200 joins, exactly 50 seats from 500 attends',
    { skip: postgresAdminUrl() ? false : 'no PostgreSQL server installed' },
    async () => {
      await race('postgres', accounts);
    },
  );
});
