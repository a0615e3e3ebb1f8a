import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seatsLeft } from './attendance.ts';

describe('seats left', () => {
  it('counts the free seats of the event and of each location from their capacities and counts', () => {
    const seats = seatsLeft({ capacity: 50, attendeeCount: 48 }, [
      { id: 7, capacity: 20, attendeeCount: 20 },
      { id: 9, capacity: 30, attendeeCount: 28 },
    ]);
    assert.equal(seats.eventSeatsLeft, 2);
    assert.deepEqual(
      [...seats.locationSeatsLeft],
      [
        [7, 0],
        [9, 2],
      ],
    );
  });

  it('has no limit where there is no capacity', () => {
    const seats = seatsLeft({ capacity: null, attendeeCount: 500 }, [{ id: 3, capacity: null, attendeeCount: 12 }]);
    assert.equal(seats.eventSeatsLeft, Infinity);
    assert.equal(seats.locationSeatsLeft.get(3), Infinity);
  });

  it('counts seats taken beyond the capacity as negative: none is free', () => {
    assert.equal(seatsLeft({ capacity: 10, attendeeCount: 12 }, []).eventSeatsLeft, -2);
  });
});
