/**
 * Calendars and change notices, through HTTP on PGlite: every `.ics` the API writes (one event, a
 * cancelled one, a personal feed, a community feed, the part of a change mail) is read back with a
 * real iCalendar parser (ical.js) and must carry the right instants in the event's zone, a stable
 * UID, a growing SEQUENCE and STATUS:CANCELLED; the personal feed's secret can be replaced; the mails
 * reach the run's mail catcher over SMTP with the updated calendar file.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventTimeInItsZone } from '../src/mail/waiting-list-mail.ts';
import { parseCalendar } from './helpers/ical.ts';
import type { CaughtMail } from './helpers/mail-inbox.ts';
import { freePort } from './helpers/ports.ts';
import { call, startTestApi, tokenFor, type TestApi } from './helpers/test-env.ts';

const year = new Date().getUTCFullYear();
/** 19:00 in Amsterdam: CET (+1) in December, CEST (+2) in July. */
const WINTER = { startsAt: `${year + 1}-12-01T18:00:00.000Z`, endsAt: `${year + 1}-12-01T20:00:00.000Z` };
const SUMMER = { startsAt: `${year + 2}-07-01T17:00:00.000Z`, endsAt: `${year + 2}-07-01T19:00:00.000Z` };

function calendarOf(mail: CaughtMail) {
  assert.ok(mail.calendar, `the mail to ${mail.to} carries an .ics file`);
  return mail.calendar;
}

describe('calendar: .ics, feeds and change mails (PGlite)', () => {
  let api: TestApi;
  let lead: string;
  let external: string;
  let staff: string;
  let core: string;
  let eventId = 0;
  let utrecht = 0;
  let community = 0;
  let host = '';

  const body = (over: Record<string, unknown> = {}) => ({
    communityId: community,
    title: 'Calendar test evening',
    description: 'Talks and pizza',
    imageUrl: '',
    ...WINTER,
    timeZone: 'Europe/Amsterdam',
    capacity: 2,
    locations: [
      { eventLocationId: utrecht || undefined, cityName: 'Utrecht', address: 'Papendorpseweg 100', online: 'No' },
    ],
    ...over,
  });
  const ics = async () => {
    const answer = await call(api.url, 'GET', `/api/events/${eventId}/ics`);
    assert.equal(answer.status, 200, answer.text);
    return { answer, calendar: parseCalendar(answer.text) };
  };
  const edit = async (over: Record<string, unknown>) => {
    const answer = await call(api.url, 'PUT', `/api/events/${eventId}`, { token: lead, body: body(over) });
    assert.equal(answer.status, 200, answer.text);
  };

  before(async () => {
    api = await startTestApi({ kind: 'pglite', config: { waitingList: true, siteUrl: 'https://hub.example.org' } });
    host = 'hub.example.org';
    community = api.seed!.communities['Cloud Native Guild']!;
    lead = await tokenFor('lead@hub.test');
    external = await tokenFor('external@hub.test');
    staff = await tokenFor('staff@hub.test');
    core = await tokenFor('core@hub.test');
    const created = await call(api.url, 'POST', '/api/events', { token: lead, body: body() });
    assert.equal(created.status, 201, created.text);
    eventId = created.json.id;
    utrecht = created.json.locations[0].eventLocationId;
    // Two attend (the capacity), the third waits: all three are told of changes.
    for (const token of [external, staff, core]) {
      const attended = await call(api.url, 'PUT', `/api/events/${eventId}/attendance`, {
        token,
        body: { eventLocationId: utrecht },
      });
      assert.equal(attended.status, 200, attended.text);
    }
  });
  after(async () => api?.close());

  it("serves one event's .ics with a stable UID, SEQUENCE 0, the zone's VTIMEZONE and the right instants", async () => {
    const { answer, calendar } = await ics();
    assert.match(answer.headers.get('content-type') ?? '', /^text\/calendar; charset=utf-8/);
    assert.match(answer.headers.get('content-disposition') ?? '', new RegExp(`filename="event-${eventId}.ics"`));
    assert.ok(answer.headers.get('etag'));
    assert.equal(calendar.method, 'PUBLISH');
    assert.deepEqual(calendar.timezones, ['Europe/Amsterdam']);
    const [event] = calendar.events;
    assert.equal(event!.uid, `event-${eventId}@${host}`);
    assert.equal(event!.sequence, 0);
    assert.equal(event!.status, 'CONFIRMED');
    assert.equal(event!.startZone, 'Europe/Amsterdam');
    assert.match(answer.text, new RegExp(`DTSTART;TZID=Europe/Amsterdam:${year + 1}1201T190000`));
    assert.equal(event!.start, WINTER.startsAt, 'Amsterdam 19:00 in winter is 18:00Z');
    assert.equal(event!.end, WINTER.endsAt);
    assert.equal(event!.location, 'Papendorpseweg 100, Utrecht');
    assert.equal(event!.url, `https://hub.example.org/events/${eventId}`);
    assert.equal((await call(api.url, 'GET', '/api/events/2147483647/ics')).status, 404);
    assert.equal((await call(api.url, 'GET', '/api/events/abc/ics')).status, 400);
  });

  it('grows SEQUENCE with a new title but mails nobody; an edit that changes nothing keeps it', async () => {
    await edit({ title: 'Calendar test evening (renamed)' });
    let event = (await ics()).calendar.events[0]!;
    assert.equal(event.sequence, 1);
    assert.equal(event.summary, 'Calendar test evening (renamed)');
    assert.equal(event.uid, `event-${eventId}@${host}`, 'the UID stays');
    await edit({ title: 'Calendar test evening (renamed)' });
    event = (await ics()).calendar.events[0]!;
    assert.equal(event.sequence, 1, 'nothing changed: same SEQUENCE');
    // Any mail of these edits would be in the folder before the next test's; that test counts all.
  });

  it('on a change of time mails every attendee and waiting person the updated .ics (METHOD:REQUEST)', async () => {
    await edit({ title: 'Calendar test evening (renamed)', ...SUMMER });
    const { calendar } = await ics();
    assert.equal(calendar.events[0]!.sequence, 2);
    assert.equal(calendar.events[0]!.start, SUMMER.startsAt, 'Amsterdam 19:00 in summer is 17:00Z');
    const mails = await api.inbox.waitFor({ subject: /^Changed time:/, count: 3 });
    // Give a stray mail (of the title edits) time to show: besides the two attendees' confirmations
    // (You are attending: …), there must be exactly these three.
    await new Promise((r) => setTimeout(r, 300));
    const notConfirmations = (await api.inbox.mails()).filter((m) => !m.subject.startsWith('You are attending:'));
    assert.equal(notConfirmations.length, 3, 'one mail per person, none for the title-only edits');
    assert.deepEqual(mails.map((m) => m.to).sort(), ['core@hub.test', 'external@hub.test', 'staff@hub.test']);
    for (const mail of mails) {
      assert.equal(mail.subject, 'Changed time: Calendar test evening (renamed)');
      // Worded like every event mail (eventTimeInItsZone): 19:00 local, in July and before in December.
      const text = mail.text;
      const summer = eventTimeInItsZone(new Date(SUMMER.startsAt), new Date(SUMMER.endsAt), 'Europe/Amsterdam');
      const winter = eventTimeInItsZone(new Date(WINTER.startsAt), new Date(WINTER.endsAt), 'Europe/Amsterdam');
      assert.match(summer, /1 July \d{4}, 19:00 – 21:00 \(Europe\/Amsterdam\)$/);
      assert.match(winter, /1 December \d{4}, 19:00 – 21:00 \(Europe\/Amsterdam\)$/);
      assert.ok(text.includes(`When: ${summer}\n`), text);
      assert.ok(text.includes(`Was: ${winter}\n`), text);
      assert.match(mail.text, new RegExp(`https://hub.example.org/events/${eventId}`));
      const attached = calendarOf(mail);
      assert.equal(attached.filename, `event-${eventId}.ics`);
      const parsed = parseCalendar(attached.text);
      assert.equal(parsed.method, 'REQUEST');
      const event = parsed.events[0]!;
      assert.equal(event.uid, `event-${eventId}@${host}`);
      assert.equal(event.sequence, 2);
      assert.equal(event.start, SUMMER.startsAt);
      assert.deepEqual(event.attendees, [`mailto:${mail.to}`]);
      assert.equal(event.organizer, `mailto:${mail.from}`, 'the organiser is the mails’ sender');
    }
    const waiting = mails.find((m) => m.to === 'core@hub.test')!;
    assert.match(waiting.text, /on the waiting list/);
    assert.match(calendarOf(waiting).text, /PARTSTAT=TENTATIVE/);
  });

  it('serves a personal feed whose secret can be replaced, revoking the old address at once', async () => {
    const none = await call(api.url, 'GET', '/api/user/calendar-feed', { token: external });
    assert.equal(none.status, 200, none.text);
    assert.deepEqual(none.json, { active: false, createdAt: null }, 'no feed until one is made');
    const first = await call(api.url, 'POST', '/api/user/calendar-feed', { token: external });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.headers.get('cache-control'), 'no-store');
    const url = new URL(first.json.url);
    assert.match(url.pathname, /^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/, '256 random bits, base64url');
    assert.equal(first.json.webcalUrl, first.json.url.replace(/^http:/, 'webcal:'));
    // The address is shown once: afterwards only that a feed exists, and since when.
    const status = await call(api.url, 'GET', '/api/user/calendar-feed', { token: external });
    assert.deepEqual(status.json, { active: true, createdAt: first.json.createdAt });
    assert.ok(!status.text.includes(url.pathname.slice(14, 57)), 'the secret is not read back');
    const other = (await call(api.url, 'POST', '/api/user/calendar-feed', { token: staff })).json;
    assert.notEqual(other.url, first.json.url);

    const feed = await call(api.url, 'GET', url.pathname);
    assert.equal(feed.status, 200, feed.text);
    assert.match(feed.headers.get('content-type') ?? '', /^text\/calendar/);
    assert.equal(feed.headers.get('cache-control'), 'no-store');
    assert.equal(feed.headers.get('etag'), null);
    const calendar = parseCalendar(feed.text);
    assert.equal(calendar.method, 'PUBLISH');
    assert.equal(calendar.name, 'Community Hub: my events');
    const mine = calendar.events.find((e) => e.uid === `event-${eventId}@${host}`);
    assert.ok(mine, 'the feed lists the event the user attends');
    assert.equal(mine.sequence, 2);
    assert.equal(mine.start, SUMMER.startsAt);
    assert.equal(mine.startZone, 'Europe/Amsterdam');
    // The waiting person does not attend: the event is not in their feed.
    const waitingFeed = (await call(api.url, 'POST', '/api/user/calendar-feed', { token: core })).json;
    const waitingCalendar = parseCalendar((await call(api.url, 'GET', new URL(waitingFeed.url).pathname)).text);
    assert.equal(waitingCalendar.events.filter((e) => e.uid === `event-${eventId}@${host}`).length, 0);

    const renewed = await call(api.url, 'POST', '/api/user/calendar-feed', { token: external });
    assert.equal(renewed.status, 200, renewed.text);
    assert.notEqual(renewed.json.url, first.json.url);
    assert.equal((await call(api.url, 'GET', url.pathname)).status, 404, 'the old address stops working');
    assert.equal((await call(api.url, 'GET', new URL(renewed.json.url).pathname)).status, 200);
    assert.deepEqual((await call(api.url, 'GET', '/api/user/calendar-feed', { token: external })).json, {
      active: true,
      createdAt: renewed.json.createdAt,
    });

    for (const path of ['/api/calendar/unknown.ics', `/api/calendar/${'A'.repeat(43)}.ics`, '/api/calendar/x.ics']) {
      const missing = await call(api.url, 'GET', path);
      assert.equal(missing.status, 404, path);
      assert.deepEqual(missing.json, { message: 'Calendar feed not found', details: [] });
    }
    assert.equal((await call(api.url, 'GET', '/api/user/calendar-feed')).status, 401);
    assert.equal((await call(api.url, 'POST', '/api/user/calendar-feed')).status, 401);
  });

  it("serves a community's upcoming events as a public, cacheable feed", async () => {
    const answer = await call(api.url, 'GET', `/api/community/${community}/events.ics`);
    assert.equal(answer.status, 200, answer.text);
    assert.match(answer.headers.get('cache-control') ?? '', /^public/);
    const etag = answer.headers.get('etag')!;
    assert.ok(etag);
    assert.equal(
      (await call(api.url, 'GET', `/api/community/${community}/events.ics`, { headers: { 'if-none-match': etag } }))
        .status,
      304,
    );
    const calendar = parseCalendar(answer.text);
    assert.equal(calendar.name, 'Cloud Native Guild: events');
    const ours = calendar.events.find((e) => e.uid === `event-${eventId}@${host}`);
    assert.ok(ours);
    assert.equal(ours.start, SUMMER.startsAt);
    const now = Date.now();
    assert.ok(calendar.events.length > 1, 'the seeded upcoming events too');
    assert.ok(
      calendar.events.every((e) => Date.parse(e.end) >= now),
      'only upcoming events',
    );
    assert.equal((await call(api.url, 'GET', '/api/community/2147483647/events.ics')).status, 404);
    assert.equal((await call(api.url, 'GET', '/api/community/abc/events.ics')).status, 400);
  });

  it('on a change of place mails the place, and on cancel mails METHOD:CANCEL and marks every copy CANCELLED', async () => {
    await edit({
      title: 'Calendar test evening (renamed)',
      ...SUMMER,
      locations: [{ cityName: 'Amsterdam', address: 'Dam 1', online: 'No' }],
    });
    const placeMails = await api.inbox.waitFor({ subject: /^Changed place:/, count: 3 });
    assert.equal(placeMails.length, 3);
    assert.match(placeMails[0]!.text, /Where: Dam 1, Amsterdam\nWas at: Papendorpseweg 100, Utrecht/);
    assert.equal(parseCalendar(calendarOf(placeMails[0]!).text).events[0]!.sequence, 3);

    const cancelled = await call(api.url, 'POST', `/api/events/${eventId}/cancel`, { token: lead });
    assert.equal(cancelled.status, 200, cancelled.text);
    const { calendar } = await ics();
    assert.equal(calendar.events[0]!.status, 'CANCELLED');
    assert.equal(calendar.events[0]!.sequence, 4);
    assert.equal(calendar.events[0]!.uid, `event-${eventId}@${host}`);
    const cancelMails = await api.inbox.waitFor({ subject: 'Cancelled: Calendar test evening (renamed)', count: 3 });
    assert.deepEqual(cancelMails.map((m) => m.to).sort(), ['core@hub.test', 'external@hub.test', 'staff@hub.test']);
    for (const mail of cancelMails) {
      const parsed = parseCalendar(calendarOf(mail).text);
      assert.equal(parsed.method, 'CANCEL');
      assert.equal(parsed.events[0]!.status, 'CANCELLED');
      assert.equal(parsed.events[0]!.sequence, 4);
    }
    // The personal feed keeps the cancelled event, so the subscribed calendar shows the cancellation.
    const feed = (await call(api.url, 'POST', '/api/user/calendar-feed', { token: staff })).json;
    const entry = parseCalendar((await call(api.url, 'GET', new URL(feed.url).pathname)).text).events.find(
      (e) => e.uid === `event-${eventId}@${host}`,
    );
    assert.equal(entry?.status, 'CANCELLED');
    assert.equal(entry?.sequence, 4);
  });

  it('never lets a failing mail transport hold up or fail the edit', async () => {
    // An SMTP server that is not there (a port nobody listens on): every send fails (and is logged).
    const broken = await startTestApi({
      kind: 'pglite',
      config: {
        waitingList: true,
        siteUrl: 'https://hub.example.org',
        smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
      },
    });
    try {
      const created = await call(broken.url, 'POST', '/api/events', {
        token: lead,
        body: { ...body(), capacity: null },
      });
      assert.equal(created.status, 201, created.text);
      const id = created.json.id;
      const location = created.json.locations[0].eventLocationId;
      const attended = await call(broken.url, 'PUT', `/api/events/${id}/attendance`, {
        token: external,
        body: { eventLocationId: location },
      });
      assert.equal(attended.status, 200, attended.text);
      const moved = await call(broken.url, 'PUT', `/api/events/${id}`, {
        token: lead,
        body: {
          ...body(),
          ...SUMMER,
          capacity: null,
          locations: [{ eventLocationId: location, cityName: 'Utrecht', address: 'Papendorpseweg 100', online: 'No' }],
        },
      });
      assert.equal(moved.status, 200, moved.text);
      assert.equal((await call(broken.url, 'POST', `/api/events/${id}/cancel`, { token: lead })).status, 200);
      const event = parseCalendar((await call(broken.url, 'GET', `/api/events/${id}/ics`)).text).events[0]!;
      assert.deepEqual([event.sequence, event.status], [2, 'CANCELLED']);
    } finally {
      await broken.close();
    }
  });

  it('limits feed reads per client address', async () => {
    const limited = await startTestApi({
      kind: 'pglite',
      seed: false,
      config: { calendarFeedRateLimit: { max: 2, windowMs: 60_000 } },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await call(limited.url, 'GET', '/api/calendar/nothing.ics')).status);
      assert.deepEqual(statuses, [404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
