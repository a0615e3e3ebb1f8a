import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { digestDue, weekOf } from './weekly-digest.ts';

describe('the weekly digest’s week', () => {
  it('starts on the Monday (UTC) of the week, whatever the day', () => {
    // 2 December 2030 is a Monday.
    assert.equal(weekOf(new Date('2030-12-02T00:00:00Z')), '2030-12-02');
    assert.equal(weekOf(new Date('2030-12-04T15:30:00Z')), '2030-12-02');
    assert.equal(weekOf(new Date('2030-12-08T23:59:59Z')), '2030-12-02', 'Sunday still belongs to it');
    assert.equal(weekOf(new Date('2030-12-09T00:00:00Z')), '2030-12-09');
    // Across a year's end.
    assert.equal(weekOf(new Date('2031-01-01T12:00:00Z')), '2030-12-30');
  });

  it('is due from Monday 07:00 UTC to the end of the week', () => {
    assert.equal(digestDue(new Date('2030-12-02T06:59:59Z')), false);
    assert.equal(digestDue(new Date('2030-12-02T07:00:00Z')), true);
    assert.equal(digestDue(new Date('2030-12-08T23:00:00Z')), true);
    assert.equal(digestDue(new Date('2030-12-09T03:00:00Z')), false, 'the next week, before its moment');
  });
});
