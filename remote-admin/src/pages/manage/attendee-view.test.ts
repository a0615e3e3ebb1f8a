import { anAttendee, attendees } from '../../testing/manage-data';
import {
  filtersFrom,
  isFiltered,
  locationOf,
  locationOptions,
  matches,
  nameOf,
  sortFrom,
  sortParam,
  sorted,
} from './attendee-view';

const names = (list: readonly { firstName: string }[]) => list.map((a) => a.firstName);

describe('attendee view', () => {
  it('reads the filters from the address, ignoring an unknown status', () => {
    expect(filtersFrom(new URLSearchParams('q=ada&location=Utrecht&status=waiting'))).toEqual({
      q: 'ada',
      location: 'Utrecht',
      status: 'waiting',
    });
    expect(filtersFrom(new URLSearchParams('status=bogus'))).toEqual({ q: '', location: '', status: 'all' });
  });

  it('searches first and last name together, ignoring case and accents', () => {
    const f = (q: string) => names(attendees.filter((a) => matches(a, { q, location: '', status: 'all' })));
    expect(f('ada')).toEqual(['Ada']);
    expect(f('zoe angst')).toEqual(['Zoë']);
    expect(f('LOVELACE')).toEqual(['Ada']);
    expect(f('  ')).toEqual(['Ada', 'Zoë', 'Bob', 'Wendy']);
    expect(f('nobody')).toEqual([]);
  });

  it.each([
    ['attending', ['Ada', 'Zoë', 'Bob']],
    ['waiting', ['Wendy']],
    ['checked-in', ['Zoë']],
    ['not-checked-in', ['Ada', 'Bob', 'Wendy']],
  ] as const)('filters by the status %s', (status, expected) => {
    expect(names(attendees.filter((a) => matches(a, { q: '', location: '', status })))).toEqual(expected);
  });

  it('filters by location, online being its own location, and offers the locations present, Online last', () => {
    expect(names(attendees.filter((a) => matches(a, { q: '', location: 'Online', status: 'all' })))).toEqual(['Bob']);
    expect(names(attendees.filter((a) => matches(a, { q: '', location: 'Utrecht', status: 'all' })))).toEqual([
      'Ada',
      'Wendy',
    ]);
    expect(locationOptions(attendees)).toEqual(['Amsterdam', 'Utrecht', 'Online']);
    expect(locationOf(anAttendee({ online: false, cityName: null }))).toBe('Online');
  });

  it('knows when a filter is on', () => {
    expect(isFiltered({ q: '', location: '', status: 'all' })).toBe(false);
    expect(isFiltered({ q: 'a', location: '', status: 'all' })).toBe(true);
    expect(isFiltered({ q: '', location: 'Online', status: 'all' })).toBe(true);
    expect(isFiltered({ q: '', location: '', status: 'waiting' })).toBe(true);
  });

  it('names an attendee without a name by the e-mail, or as unnamed when no e-mail is given', () => {
    expect(nameOf(anAttendee({ firstName: '', lastName: '' }))).toBe('ada@hub.test');
    expect(nameOf(anAttendee({ firstName: '', lastName: '', email: '' }))).toBe('Unnamed attendee');
  });

  it('sorts by a column in either direction, not-checked-in last, and round-trips the sort through the address', () => {
    expect(names(sorted(attendees, { column: 'name', direction: 'ascending' }))).toEqual([
      'Ada',
      'Bob',
      'Wendy',
      'Zoë',
    ]);
    expect(names(sorted(attendees, { column: 'registeredAt', direction: 'descending' }))).toEqual([
      'Wendy',
      'Bob',
      'Zoë',
      'Ada',
    ]);
    expect(names(sorted(attendees, { column: 'checkedInAt', direction: 'ascending' }))[0]).toBe('Zoë');
    expect(names(sorted(attendees, null))).toEqual(['Ada', 'Zoë', 'Bob', 'Wendy']);
    const sort = sortFrom(new URLSearchParams('sort=-location'));
    expect(sort).toEqual({ column: 'location', direction: 'descending' });
    expect(sortParam(sort!)).toBe('-location');
    expect(sortFrom(new URLSearchParams('sort=bogus'))).toBeNull();
  });
});
