import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareCalendarState, type CalendarState } from './event-changes.ts';

const state = (over: Partial<CalendarState> = {}): CalendarState => ({
  title: 'Evening',
  description: 'Talks',
  startsAt: new Date('2026-12-01T18:00:00Z'),
  endsAt: new Date('2026-12-01T20:00:00Z'),
  timeZone: 'Europe/Amsterdam',
  cancelled: false,
  locations: [
    { cityName: 'Utrecht', address: 'Papendorpseweg 100', online: 'No' },
    { cityName: '', address: null, online: 'Yes' },
  ],
  ...over,
});

describe('what an edit changed for calendars and attendees', () => {
  it('sees nothing when nothing a calendar shows changed', () => {
    assert.deepEqual(compareCalendarState(state(), state()), { shown: false, time: false, place: false });
  });

  it('counts a new title or description for calendars only', () => {
    assert.deepEqual(compareCalendarState(state(), state({ title: 'Night' })), {
      shown: true,
      time: false,
      place: false,
    });
    assert.equal(compareCalendarState(state(), state({ description: 'More talks' })).shown, true);
  });

  it('counts a new start, end or zone as a change of time', () => {
    for (const over of [
      { startsAt: new Date('2026-12-01T17:00:00Z') },
      { endsAt: new Date('2026-12-01T21:00:00Z') },
      { timeZone: 'Europe/London' },
    ])
      assert.deepEqual(compareCalendarState(state(), state(over)), { shown: true, time: true, place: false });
  });

  it('counts an added, removed or moved location as a change of place, but not a new order', () => {
    const [inPerson, online] = state().locations;
    assert.equal(compareCalendarState(state(), state({ locations: [inPerson!] })).place, true);
    assert.equal(
      compareCalendarState(state(), state({ locations: [{ ...inPerson!, address: 'Dam 1' }, online!] })).place,
      true,
    );
    const reordered = compareCalendarState(state(), state({ locations: [online!, inPerson!] }));
    assert.equal(reordered.place, false, 'nobody has to go elsewhere');
    assert.equal(reordered.shown, true, 'the LOCATION text a calendar shows did change');
  });
});
