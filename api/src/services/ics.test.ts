import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCalendar } from '../../test/helpers/ical.ts';
import { eventCalendarText, feedCalendarText, invitationCalendarText, type CalendarEvent } from './ics.ts';

const site = { siteUrl: 'https://hub.example.org' };
const event = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: 42,
  title: 'Kubernetes, the hard way; again',
  description: 'Line one\nLine two',
  startsAt: new Date('2026-12-01T18:00:00Z'),
  endsAt: new Date('2026-12-01T20:30:00Z'),
  timeZone: 'Europe/Amsterdam',
  sequence: 0,
  cancelled: false,
  createdAt: new Date('2026-10-01T08:00:00Z'),
  updatedAt: new Date('2026-10-02T09:30:00Z'),
  communityName: 'Cloud Native Guild',
  locations: [
    { cityName: 'Utrecht', address: 'Papendorpseweg 100', online: 'No' },
    { cityName: '', address: null, online: 'Yes' },
  ],
  ...over,
});

describe('iCalendar text of events (parsed back with ical.js)', () => {
  it('writes an Amsterdam 19:00 event as 19:00 local with its VTIMEZONE: 18:00Z in winter', () => {
    const parsed = parseCalendar(eventCalendarText(event(), site));
    assert.equal(parsed.method, 'PUBLISH');
    assert.deepEqual(parsed.timezones, ['Europe/Amsterdam']);
    const [e] = parsed.events;
    assert.equal(e!.startZone, 'Europe/Amsterdam');
    assert.equal(e!.start, '2026-12-01T18:00:00.000Z');
    assert.equal(e!.end, '2026-12-01T20:30:00.000Z');
    assert.equal(e!.uid, 'event-42@hub.example.org');
    assert.equal(e!.sequence, 0);
    assert.equal(e!.status, 'CONFIRMED');
    assert.equal(e!.summary, 'Kubernetes, the hard way; again');
    assert.equal(e!.location, 'Papendorpseweg 100, Utrecht / Online');
    assert.equal(e!.url, 'https://hub.example.org/events/42');
    assert.match(e!.description, /^Line one\nLine two\n\nCloud Native Guild\n\nhttps:\/\/hub.example.org\/events\/42$/);
    assert.equal(e!.dtstamp, '2026-10-02T09:30:00.000Z');
    assert.equal(e!.lastModified, '2026-10-02T09:30:00.000Z');
  });

  it('gives the same local 19:00 in summer as 17:00Z (the zone rules, not a fixed offset)', () => {
    const summer = event({ startsAt: new Date('2026-07-01T17:00:00Z'), endsAt: new Date('2026-07-01T19:00:00Z') });
    const text = eventCalendarText(summer, site);
    assert.match(text, /DTSTART;TZID=Europe\/Amsterdam:20260701T190000/);
    assert.equal(parseCalendar(text).events[0]!.start, '2026-07-01T17:00:00.000Z');
    const winter = eventCalendarText(event(), site);
    assert.match(winter, /DTSTART;TZID=Europe\/Amsterdam:20261201T190000/);
  });

  it('does not depend on the server process time zone', () => {
    // ical-generator reads a plain Date in the process zone; the zoned dates make that irrelevant.
    const before = process.env['TZ'];
    try {
      process.env['TZ'] = 'Pacific/Auckland';
      assert.match(eventCalendarText(event(), site), /DTSTART;TZID=Europe\/Amsterdam:20261201T190000/);
    } finally {
      if (before === undefined) delete process.env['TZ'];
      else process.env['TZ'] = before;
    }
  });

  it('writes UTC times for UTC events and for a zone the VTIMEZONE data does not know', () => {
    for (const timeZone of ['UTC', 'Mars/Olympus_Mons']) {
      const parsed = parseCalendar(eventCalendarText(event({ timeZone }), site));
      assert.deepEqual(parsed.timezones, []);
      assert.equal(parsed.events[0]!.startZone, 'UTC');
      assert.equal(parsed.events[0]!.start, '2026-12-01T18:00:00.000Z');
    }
  });

  it('marks a cancelled event STATUS:CANCELLED with its sequence', () => {
    const e = parseCalendar(eventCalendarText(event({ cancelled: true, sequence: 3 }), site)).events[0]!;
    assert.equal(e.status, 'CANCELLED');
    assert.equal(e.sequence, 3);
  });

  it('lists a feed with one VTIMEZONE per zone used, its name and refresh interval', () => {
    const text = feedCalendarText([event(), event({ id: 43, timeZone: 'America/New_York' }), event({ id: 44 })], site, {
      name: 'My events',
      description: 'Mine',
      refreshMinutes: 60,
    });
    const parsed = parseCalendar(text);
    assert.equal(parsed.method, 'PUBLISH');
    assert.equal(parsed.name, 'My events');
    assert.deepEqual(parsed.timezones.sort(), ['America/New_York', 'Europe/Amsterdam']);
    assert.deepEqual(
      parsed.events.map((e) => e.uid),
      ['event-42@hub.example.org', 'event-43@hub.example.org', 'event-44@hub.example.org'],
    );
    assert.equal(parsed.events[1]!.startZone, 'America/New_York');
    assert.equal(parsed.events[1]!.start, '2026-12-01T18:00:00.000Z');
    assert.match(text, /REFRESH-INTERVAL;VALUE=DURATION:PT1H/);
    assert.match(text, /X-PUBLISHED-TTL:PT1H/);
  });

  it('writes a mail part as METHOD:REQUEST (or CANCEL) with organizer and the recipient as attendee', () => {
    const opts = {
      organizer: { name: 'Community Hub', email: 'no-reply@hub.test' },
      attendee: { name: 'Eve External', email: 'external@hub.test', waiting: false },
      stamp: new Date('2026-11-22T10:00:00Z'),
    };
    const request = invitationCalendarText(event({ sequence: 2 }), site, opts);
    assert.equal(request.method, 'REQUEST');
    const parsed = parseCalendar(request.text);
    assert.equal(parsed.method, 'REQUEST');
    assert.equal(parsed.events[0]!.sequence, 2);
    assert.equal(parsed.events[0]!.dtstamp, '2026-11-22T10:00:00.000Z');
    assert.equal(parsed.events[0]!.organizer, 'mailto:no-reply@hub.test');
    assert.deepEqual(parsed.events[0]!.attendees, ['mailto:external@hub.test']);
    assert.match(request.text, /PARTSTAT=ACCEPTED/);
    const cancel = invitationCalendarText(event({ sequence: 3, cancelled: true }), site, opts);
    assert.equal(cancel.method, 'CANCEL');
    assert.equal(parseCalendar(cancel.text).events[0]!.status, 'CANCELLED');
  });

  it('folds long lines and escapes text as RFC 5545 says', () => {
    const long = event({ title: 'É'.repeat(120) });
    const text = eventCalendarText(long, site);
    for (const line of text.split('\r\n')) assert.ok(Buffer.byteLength(line) <= 75, `line too long: ${line}`);
    assert.equal(parseCalendar(text).events[0]!.summary, 'É'.repeat(120));
  });
});
