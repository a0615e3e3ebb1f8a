import type { EventLocation } from '@hub/shared';
import { attendChoices, locationText } from './attend-choices';

const loc = (id: number, overrides: Partial<EventLocation> = {}): EventLocation => ({
  eventLocationId: id,
  cityName: 'Amsterdam',
  address: `Street ${id}`,
  online: 'No',
  capacity: null,
  attendeeCount: 0,
  ...overrides,
});
const onlineLoc = (id: number) => loc(id, { online: 'Yes', address: null, cityName: '' });

describe('attendChoices', () => {
  it('one in-person location: attend it directly', () => {
    expect(attendChoices({ locations: [loc(1)] })).toEqual([
      { key: 'only', label: 'Attend', kind: 'direct', eventLocationId: 1 },
    ]);
  });

  it('online only: attend directly with the online location', () => {
    expect(attendChoices({ locations: [onlineLoc(2)] })).toEqual([
      { key: 'only', label: 'Attend', kind: 'direct', eventLocationId: 2 },
    ]);
  });

  it('several in-person locations: the picker, offering only those with an address', () => {
    const noAddress = loc(3, { address: null });
    const [choice] = attendChoices({ locations: [loc(1), loc(2), noAddress] });
    expect(choice).toMatchObject({ key: 'inPerson', label: 'Attend', kind: 'pick' });
    expect(choice?.kind === 'pick' && choice.locations.map((l) => l.eventLocationId)).toEqual([1, 2]);
  });

  it('hybrid: in person (picker or direct) and "Attend online"', () => {
    expect(attendChoices({ locations: [loc(1), loc(2), onlineLoc(3)] }).map((c) => [c.label, c.kind])).toEqual([
      ['Attend in person', 'pick'],
      ['Attend online', 'direct'],
    ]);
    expect(attendChoices({ locations: [loc(1), onlineLoc(3)] }).map((c) => [c.label, c.kind])).toEqual([
      ['Attend in person', 'direct'],
      ['Attend online', 'direct'],
    ]);
  });

  it('several online locations: one way, at the first online location with seats left', () => {
    expect(attendChoices({ locations: [onlineLoc(2), onlineLoc(3)] })).toEqual([
      { key: 'only', label: 'Attend', kind: 'direct', eventLocationId: 2 },
    ]);
    const fullOnline = { ...onlineLoc(2), capacity: 1, attendeeCount: 1 };
    expect(attendChoices({ locations: [fullOnline, onlineLoc(3)] })[0]).toMatchObject({ eventLocationId: 3 });
  });

  it('one of several places full: still the picker, with every place (the full one is marked there), never a silent booking', () => {
    const full = loc(2, { capacity: 5, attendeeCount: 5 });
    expect(attendChoices({ locations: [loc(1), full] })).toEqual([
      { key: 'inPerson', label: 'Attend', kind: 'pick', locations: [loc(1), full] },
    ]);
    expect(attendChoices({ locations: [full, loc(1), onlineLoc(3)] })).toEqual([
      { key: 'inPerson', label: 'Attend in person', kind: 'pick', locations: [full, loc(1)] },
      { key: 'online', label: 'Attend online', kind: 'direct', eventLocationId: 3 },
    ]);
  });

  it('every place full: no way to attend in person', () => {
    const full = loc(2, { capacity: 5, attendeeCount: 5 });
    expect(attendChoices({ locations: [full] })).toEqual([]);
    expect(attendChoices({ locations: [full, { ...loc(1), capacity: 1, attendeeCount: 1 }] })).toEqual([]);
  });

  it('no locations, or a place without an address yet: attend directly', () => {
    expect(attendChoices({ locations: [] })).toEqual([
      { key: 'only', label: 'Attend', kind: 'direct', eventLocationId: null },
    ]);
    expect(attendChoices({ locations: [loc(4, { address: null })] })).toEqual([
      { key: 'only', label: 'Attend', kind: 'direct', eventLocationId: 4 },
    ]);
  });

  it('full with the waiting list on: the same choices join the waiting list', () => {
    expect(attendChoices({ locations: [loc(1)] }, true)[0]?.label).toBe('Join the waiting list');
    expect(attendChoices({ locations: [loc(1), onlineLoc(2)] }, true).map((c) => c.label)).toEqual([
      'Wait for a seat in person',
      'Wait for a seat online',
    ]);
  });

  it('names a location', () => {
    expect(locationText(loc(1, { cityName: 'Utrecht', address: 'Domplein 2' }))).toBe('Utrecht, Domplein 2');
    expect(locationText(onlineLoc(2))).toBe('Online');
  });
});
