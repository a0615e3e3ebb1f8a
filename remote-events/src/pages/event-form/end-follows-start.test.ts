import { addMinutes, endFollowingStart } from './end-follows-start';

describe('endFollowingStart', () => {
  const start = { date: '2030-03-31', time: '18:00' };
  it('puts an empty end an hour after the start, the same day', () => {
    expect(endFollowingStart(start, { date: '', time: '' }, false)).toEqual({ date: '2030-03-31', time: '19:00' });
  });
  it('moves an end it set itself with the start', () => {
    expect(
      endFollowingStart({ date: '2030-04-02', time: '09:15' }, { date: '2030-03-31', time: '19:00' }, true),
    ).toEqual({ date: '2030-04-02', time: '10:15' });
  });
  it('moves an end the organiser chose when it is no longer after the start', () => {
    expect(endFollowingStart(start, { date: '2030-03-31', time: '17:00' }, false)).toEqual({
      date: '2030-03-31',
      time: '19:00',
    });
    expect(endFollowingStart(start, { date: '2030-03-30', time: '' }, false)).toEqual({
      date: '2030-03-31',
      time: '19:00',
    });
  });
  it('keeps a later end the organiser chose', () => {
    expect(endFollowingStart(start, { date: '2030-03-31', time: '22:00' }, false)).toBeNull();
    expect(endFollowingStart(start, { date: '2030-04-01', time: '' }, false)).toBeNull();
  });
  it('with only a start day, puts the end on that day and keeps its time', () => {
    expect(endFollowingStart({ date: '2030-03-31', time: '' }, { date: '', time: '' }, false)).toEqual({
      date: '2030-03-31',
      time: '',
    });
  });
  it('does nothing without a start day', () => {
    expect(endFollowingStart({ date: '', time: '18:00' }, { date: '', time: '' }, false)).toBeNull();
  });
  it('crosses midnight and month ends as a calendar does (no zone involved)', () => {
    expect(addMinutes({ date: '2030-03-31', time: '23:30' }, 60)).toEqual({ date: '2030-04-01', time: '00:30' });
    expect(addMinutes({ date: '2030-03-31', time: 'x' }, 60)).toBeNull();
  });
});
