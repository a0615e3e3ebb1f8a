import { eventState, isLiveEvent, locationHasSeats } from './event-state';

const now = Date.parse('2030-03-01T12:00:00Z');

describe('eventState: one state for an event on every screen', () => {
  it('calls an event upcoming until it ends, past after', () => {
    expect(eventState({ cancelled: false, endsAt: '2030-03-01T12:00:01Z' }, now)).toBe('upcoming');
    expect(eventState({ cancelled: false, endsAt: '2030-03-01T11:59:59Z' }, now)).toBe('past');
  });

  it('calls a cancelled event cancelled, whether it was still to come or already over', () => {
    expect(eventState({ cancelled: true, endsAt: '2031-01-01T00:00:00Z' }, now)).toBe('cancelled');
    expect(eventState({ cancelled: true, endsAt: '2020-01-01T00:00:00Z' }, now)).toBe('cancelled');
    expect(isLiveEvent({ cancelled: true, endsAt: '2031-01-01T00:00:00Z' }, now)).toBe(false);
    expect(isLiveEvent({ cancelled: false, endsAt: '2031-01-01T00:00:00Z' }, now)).toBe(true);
  });

  it('tells a location with a seat left from a full one', () => {
    expect(locationHasSeats({ capacity: null, attendeeCount: 500 })).toBe(true);
    expect(locationHasSeats({ capacity: 3, attendeeCount: 2 })).toBe(true);
    expect(locationHasSeats({ capacity: 3, attendeeCount: 3 })).toBe(false);
  });
});
