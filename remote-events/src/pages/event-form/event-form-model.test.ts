import {
  checkEvent,
  copyValuesOf,
  draftValuesOf,
  emptyEventForm,
  emptyLocation,
  formValuesOf,
  toEventInput,
  type EventFormValues,
} from './event-form-model';
import { sampleEvent } from './event-form-fixtures';

const now = () => new Date('2030-03-01T12:00:00Z');
const valid: EventFormValues = {
  communityId: '1',
  title: 'Platform Engineering Day',
  description: 'Talks',
  imageUrl: '',
  startDate: '2030-03-31',
  startTime: '18:00',
  endDate: '2030-03-31',
  endTime: '21:00',
  timeZone: 'Europe/Amsterdam',
  capacity: '50',
  locations: [{ ...emptyLocation(), cityName: 'Utrecht', address: 'Papendorpseweg 100' }],
  remindDayBefore: true,
  remindHourBefore: true,
  visibility: 'public',
};
const create = (values: Partial<EventFormValues>) => checkEvent({ ...valid, ...values }, { mode: 'create', now });

describe('checkEvent', () => {
  it('finds nothing wrong with a valid event', () => {
    expect(Object.values(create({})).filter(Boolean)).toEqual([]);
  });

  it('wants the end after the start, on the field that is wrong', () => {
    expect(create({ endTime: '17:00' })).toMatchObject({ endTime: 'The end must be after the start.' });
    expect(create({ endTime: '18:00' })).toMatchObject({ endTime: 'The end must be after the start.' });
    expect(create({ endDate: '2030-03-30', endTime: '23:00' })).toMatchObject({
      endDate: 'The end must be after the start.',
    });
  });

  it('refuses a new event in the past, and lets an edit keep a past time', () => {
    expect(create({ startDate: '2030-02-01', endDate: '2030-02-01' })).toMatchObject({
      startDate: 'A new event cannot start in the past (it is now Fri, 1 Mar 2030, 13:00 CET).',
    });
    // Today at 12:30 in Amsterdam is 11:30 UTC, before "now" (12:00 UTC).
    expect(create({ startDate: '2030-03-01', startTime: '12:30', endDate: '2030-03-01' })).toHaveProperty('startTime');
    expect(
      checkEvent({ ...valid, startDate: '2030-02-01', endDate: '2030-02-01' }, { mode: 'edit', now }),
    ).not.toHaveProperty('startDate');
  });

  it('refuses a time the clocks skip (DST) with the first time that exists', () => {
    expect(create({ startTime: '02:30', endTime: '05:00' })).toMatchObject({
      startTime:
        'There is no 02:30 on that day in Europe/Amsterdam: the clocks go forward. Choose 03:30 or later for the start.',
    });
  });

  it('checks seats: the event’s, each location’s within it, never below those attending', () => {
    expect(create({ capacity: '0' }).capacity).toMatch(/^Enter a number of seats from 1 to 100,000/);
    expect(create({ capacity: '100001' }).capacity).toMatch(/^Enter a number of seats/);
    const tooMany = create({ locations: [{ ...valid.locations[0]!, capacity: '60' }] });
    expect(tooMany['locations.0.capacity']).toBe('A location cannot have more seats than the event (50).');
    const edit = checkEvent(
      { ...valid, capacity: '5', locations: [{ ...valid.locations[0]!, eventLocationId: '7', capacity: '2' }] },
      { mode: 'edit', now, attendees: { total: 6, byLocation: new Map([[7, 3]]) } },
    );
    expect(edit['capacity']).toBe('6 people already attend: the capacity cannot be lower than that.');
    expect(edit['locations.0.capacity']).toBe('3 people already attend here: the seats cannot be fewer.');
  });

  it('wants a city and an address for a place people go to, not for an online one', () => {
    const problems = create({ locations: [emptyLocation('No'), emptyLocation('Yes')] });
    expect(problems['locations.0.cityName']).toBe('Enter the city of this place.');
    expect(problems['locations.0.address']).toBe('Enter the address where people meet.');
    expect(problems['locations.1.cityName']).toBeUndefined();
    expect(problems['locations.1.address']).toBeUndefined();
  });
});

describe('toEventInput and formValuesOf', () => {
  it('sends the wall times as instants of the chosen zone (DST included) and the texts as the API wants them', () => {
    const input = toEventInput({
      ...valid,
      capacity: '',
      locations: [
        {
          ...valid.locations[0]!,
          eventLocationId: '7',
          capacity: '20',
          joinUrl: 'https://stale.test',
          arrivalNotes: ' Gate B, then reception ',
        },
        {
          ...emptyLocation('Yes'),
          cityName: 'Online',
          address: 'ignored',
          joinUrl: ' https://meet.test/x ',
          arrivalNotes: 'ignored',
        },
      ],
    });
    // 31 Mar 2030 is the day Amsterdam moves to summer time: 18:00 CEST is 16:00 UTC.
    expect(input).toMatchObject({
      startsAt: '2030-03-31T16:00:00.000Z',
      endsAt: '2030-03-31T19:00:00.000Z',
      timeZone: 'Europe/Amsterdam',
      capacity: null,
    });
    expect(input.locations).toEqual([
      {
        eventLocationId: 7,
        cityName: 'Utrecht',
        address: 'Papendorpseweg 100',
        online: 'No',
        capacity: 20,
        joinUrl: null,
        arrivalNotes: 'Gate B, then reception',
      },
      {
        cityName: 'Online',
        address: null,
        online: 'Yes',
        capacity: null,
        joinUrl: 'https://meet.test/x',
        arrivalNotes: null,
      },
    ]);
  });

  it('sends the reminder switches and starts the edit form from the event’s', () => {
    expect(toEventInput({ ...valid, remindHourBefore: false }).reminders).toEqual({
      dayBefore: true,
      hourBefore: false,
    });
    const values = formValuesOf({ ...sampleEvent, reminders: { dayBefore: false, hourBefore: true } });
    expect([values.remindDayBefore, values.remindHourBefore]).toEqual([false, true]);
  });

  it('shows an event’s times on the clocks of its own zone, with the join links managers see', () => {
    const values = formValuesOf(sampleEvent, new Map([[12, 'https://meet.test/abc']]));
    expect(values).toMatchObject({
      communityId: '1',
      startDate: '2030-06-12',
      startTime: '18:00',
      endDate: '2030-06-12',
      endTime: '21:30',
      timeZone: 'Europe/Amsterdam',
      capacity: '40',
    });
    expect(values.locations.map((l) => [l.eventLocationId, l.online, l.joinUrl, l.capacity, l.arrivalNotes])).toEqual([
      ['11', 'No', '', '25', 'Reception on floor 2'],
      ['12', 'Yes', 'https://meet.test/abc', '', ''],
    ]);
  });
});

describe('copyValuesOf and draftValuesOf', () => {
  it('copies everything but the dates; its places are new, without the old meeting’s join links', () => {
    const copy = copyValuesOf(sampleEvent, true);
    expect(copy).toMatchObject({
      communityId: '1',
      title: 'Platform Engineering Day',
      description: sampleEvent.description,
      startDate: '',
      startTime: '',
      endDate: '',
      endTime: '',
      timeZone: 'Europe/Amsterdam',
      capacity: '40',
    });
    expect(copy.locations).toEqual([
      {
        eventLocationId: '',
        cityName: 'Utrecht',
        address: 'Papendorpseweg 100',
        arrivalNotes: 'Reception on floor 2',
        online: 'No',
        joinUrl: '',
        capacity: '25',
      },
      {
        eventLocationId: '',
        cityName: 'Online',
        address: '',
        arrivalNotes: '',
        online: 'Yes',
        joinUrl: '',
        capacity: '',
      },
    ]);
    expect(copyValuesOf(sampleEvent, false).communityId).toBe('');
  });

  it('reads back a draft of this form, and nothing that is not one', () => {
    const like = emptyEventForm(null, 'UTC');
    const draft = { ...like, title: 'Half done', startDate: '2030-03-31' };
    expect(draftValuesOf(JSON.parse(JSON.stringify(draft)), like)).toEqual(draft);
    expect(draftValuesOf({ ...draft, title: 3 }, like)).toBeNull();
    expect(draftValuesOf({ ...draft, locations: [] }, like)).toBeNull();
    expect(draftValuesOf({ ...draft, locations: [{ cityName: 1 }] }, like)).toBeNull();
    expect(draftValuesOf('x', like)).toBeNull();
  });
});
