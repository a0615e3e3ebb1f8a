/**
 * The waiting list (HUB_WAITING_LIST on): positions, joining and leaving, and automatic promotion
 * when a seat frees — by a withdrawal, a larger event capacity or a larger location capacity —
 * with the promoted person's mail sent by the job runner over SMTP to the run's mail catcher (the
 * mail itself: promotion-mail.it.ts). Off (the default), a full event or location refuses
 * instead.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventBody } from './helpers/event-body.ts';
import { call, startTestApi, tokenFor, type TestApi } from './helpers/test-env.ts';

describe('waiting list on: positions, leaving, promotion and its mail', () => {
  let api: TestApi;
  let admin: string;
  let staff: string;
  let external: string;
  let newstaff: string;
  before(async () => {
    api = await startTestApi({ kind: 'pglite', config: { waitingList: true, siteUrl: 'https://hub.example.com' } });
    admin = await tokenFor('admin@hub.test');
    staff = await tokenFor('staff@hub.test');
    external = await tokenFor('external@hub.test');
    newstaff = await tokenFor('newstaff@hub.test');
  });
  after(async () => api?.close());

  const attend = (id: number, token: string, eventLocationId?: number) =>
    call(api.url, 'PUT', `/api/events/${id}/attendance`, {
      token,
      body: eventLocationId === undefined ? {} : { eventLocationId },
    });
  const me = async (id: number, token: string) => (await call(api.url, 'GET', `/api/events/${id}/me`, { token })).json;
  /** The transactional mails to a person: not the weekly digest every test API queues at start (issue 26). */
  const transactionalTo = async (to: string) =>
    (await api.inbox.mails({ to })).filter(
      (mail) => !mail.parsed.headerLines.some((h) => h.key === 'list-unsubscribe'),
    );

  it('gives positions, lets people leave, and promotes the first waiting person with a friendly mail', async () => {
    const created = await call(api.url, 'POST', '/api/events', {
      token: admin,
      body: eventBody('Waiting list mail check', 1, [
        { cityName: 'Bangalore', address: 'Whitefield Road', online: 'No' },
      ]),
    });
    assert.equal(created.status, 201, created.text);
    const id = created.json.id;
    const room = created.json.locations[0].eventLocationId;
    assert.equal((await attend(id, staff, room)).json.status, 'attending');
    assert.deepEqual((await attend(id, external, room)).json, {
      eventId: id,
      status: 'waiting',
      eventLocationId: room,
    });
    assert.equal((await attend(id, newstaff, room)).json.status, 'waiting');
    assert.equal((await attend(id, newstaff, room)).json.message, 'You are already on the waiting list of this event');
    assert.deepEqual(
      [(await me(id, external)).waitingListPosition, (await me(id, newstaff)).waitingListPosition],
      [1, 2],
    );
    assert.equal((await me(id, staff)).waitingListPosition, null);

    // Leaving the waiting list moves the people behind up and promotes nobody.
    assert.equal((await call(api.url, 'DELETE', `/api/events/${id}/attendance`, { token: external })).status, 200);
    assert.equal((await me(id, newstaff)).waitingListPosition, 1);
    assert.equal((await me(id, external)).status, 'none');
    assert.equal((await attend(id, external, room)).json.status, 'waiting', 'back at the end of the queue');
    assert.equal((await me(id, external)).waitingListPosition, 2);
    assert.deepEqual(await transactionalTo('newstaff@hub.test'), []);

    // The attendee withdraws: the first in the queue gets the seat and a mail.
    assert.equal((await call(api.url, 'DELETE', `/api/events/${id}/attendance`, { token: staff })).status, 200);
    assert.deepEqual(
      [(await me(id, newstaff)).status, (await me(id, newstaff)).waitingListPosition],
      ['attending', null],
    );
    assert.equal((await me(id, external)).waitingListPosition, 1);
    const detail = (await call(api.url, 'GET', `/api/events/${id}`)).json;
    assert.deepEqual([detail.attendeeCount, detail.waitingListCount, detail.locations[0].attendeeCount], [1, 1, 1]);
    // The job runner sends it right after the answer.
    const mails = await api.inbox.waitFor({ to: 'newstaff@hub.test', subject: /^You have a seat: / });
    assert.equal(mails.length, 1);
    const mail = mails[0]!;
    assert.equal(mail.subject, 'You have a seat: Waiting list mail check');
    assert.match(mail.text, /^Hi Nina,$/m);
    assert.match(mail.text, /a seat came free at "Waiting list mail check" and it is yours/);
    // 15:00Z is 20:30 in Kolkata (UTC+5:30): the time is given in the event's own zone.
    assert.match(mail.text, /When: +Tuesday 4 March 2031, 20:30 – 23:00 \(Asia\/Kolkata\)/);
    assert.match(mail.text, /Where: Bangalore, Whitefield Road/);
    assert.match(mail.text, /Host: +Java Community/);
    assert.ok(mail.text.includes(`https://hub.example.com/events/${id}`), 'links to the event page');
    assert.deepEqual(await transactionalTo('external@hub.test'), [], 'nobody else is mailed');
  });

  it('promotes when the event capacity is raised, and nobody on a cancelled event', async () => {
    const body = eventBody('Raise the capacity', 1, [{ cityName: '', address: null, online: 'Yes' }]);
    const created = await call(api.url, 'POST', '/api/events', { token: admin, body });
    const id = created.json.id;
    await attend(id, staff);
    await attend(id, external);
    await attend(id, newstaff);
    const raised = await call(api.url, 'PUT', `/api/events/${id}`, {
      token: admin,
      body: {
        ...body,
        capacity: 2,
        locations: [{ ...body.locations[0], eventLocationId: created.json.locations[0].eventLocationId }],
      },
    });
    assert.equal(raised.status, 200, raised.text);
    assert.deepEqual([raised.json.attendeeCount, raised.json.waitingListCount, raised.json.seatsLeft], [2, 1, 0]);
    assert.equal((await me(id, external)).status, 'attending');
    const raisedMail = { to: 'external@hub.test', subject: /Raise the capacity/ };
    await api.inbox.waitFor(raisedMail);
    assert.equal((await api.inbox.mails(raisedMail)).length, 1);

    assert.equal((await call(api.url, 'POST', `/api/events/${id}/cancel`, { token: admin })).status, 200);
    assert.equal((await call(api.url, 'DELETE', `/api/events/${id}/attendance`, { token: staff })).status, 200);
    assert.equal((await me(id, newstaff)).status, 'waiting', 'a cancelled event promotes nobody');
  });

  it('promotes per location: a larger room capacity seats its queue, and a full room does not block another', async () => {
    const body = eventBody('Rooms with queues', 10, [
      { cityName: 'Berlin', address: 'Potsdamer Platz 5', online: 'No', capacity: 1 },
      { cityName: 'Munich', address: 'Leopoldstrasse 31', online: 'No', capacity: 1 },
    ]);
    const created = await call(api.url, 'POST', '/api/events', { token: admin, body });
    const id = created.json.id;
    const [berlin, munich] = created.json.locations.map((l: { eventLocationId: number }) => l.eventLocationId);
    assert.equal((await attend(id, staff, berlin)).json.status, 'attending');
    assert.equal((await attend(id, external, berlin)).json.status, 'waiting', 'Berlin is full');
    assert.equal((await attend(id, newstaff, munich)).json.status, 'attending', 'Munich still has its seat');
    const core = await tokenFor('core@hub.test');
    assert.equal((await attend(id, core, munich)).json.status, 'waiting');

    // Munich frees a seat: the Berlin queue (first in line) cannot take it, the Munich one does.
    await call(api.url, 'DELETE', `/api/events/${id}/attendance`, { token: newstaff });
    assert.equal((await me(id, external)).status, 'waiting');
    assert.equal((await me(id, core)).status, 'attending');

    // Berlin grows to two seats: its queue is seated.
    const grown = await call(api.url, 'PUT', `/api/events/${id}`, {
      token: admin,
      body: {
        ...body,
        locations: [
          { ...body.locations[0], eventLocationId: berlin, capacity: 2 },
          { ...body.locations[1], eventLocationId: munich },
        ],
      },
    });
    assert.equal(grown.status, 200, grown.text);
    assert.equal((await me(id, external)).status, 'attending');
    assert.deepEqual(
      grown.json.locations.map((l: { attendeeCount: number; capacity: number }) => [l.attendeeCount, l.capacity]),
      [
        [2, 2],
        [1, 1],
      ],
    );
    assert.equal(grown.json.waitingListCount, 0);
  });
});

describe('waiting list off (the default)', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ kind: 'pglite' });
  });
  after(async () => api?.close());

  it('refuses a full event and a full location with their messages, and the seeded full event says so', async () => {
    const external = await tokenFor('external@hub.test');
    const gitops = api.seed!.events['GitOps Hands-on Lab']!;
    const detail = (await call(api.url, 'GET', `/api/events/${gitops}`)).json;
    assert.deepEqual([detail.seatsLeft, detail.waitingListEnabled], [0, false]);
    const full = await call(api.url, 'PUT', `/api/events/${gitops}/attendance`, {
      token: external,
      body: { eventLocationId: detail.locations[0].eventLocationId },
    });
    assert.deepEqual([full.status, full.json.message], [409, 'This event is full']);

    const rooms = api.seed!.events['Threat Modelling in Small Rooms']!;
    const roomsDetail = (await call(api.url, 'GET', `/api/events/${rooms}`)).json;
    const [berlin, munich] = roomsDetail.locations.map((l: { eventLocationId: number }) => l.eventLocationId);
    const roomFull = await call(api.url, 'PUT', `/api/events/${rooms}/attendance`, {
      token: external,
      body: { eventLocationId: berlin },
    });
    assert.deepEqual(
      [roomFull.status, roomFull.json.message, roomFull.json.details],
      [409, 'This location is full', ['body/eventLocationId has no seats left: choose another location']],
    );
    assert.equal(
      (
        await call(api.url, 'PUT', `/api/events/${rooms}/attendance`, {
          token: external,
          body: { eventLocationId: munich },
        })
      ).json.status,
      'attending',
    );
    assert.equal(
      (await call(api.url, 'GET', `/api/events/${rooms}/me`, { token: external })).json.waitingListPosition,
      null,
    );
  });
});
