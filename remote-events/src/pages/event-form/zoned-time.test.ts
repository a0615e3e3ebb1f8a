import { formatInZone, formatOffset, knownTimeZones, offsetMinutesAt, toInstant, toWallTime } from './zoned-time';

const at = (date: string, time: string, zone: string) => toInstant({ date, time }, zone);
const iso = (date: string, time: string, zone: string) => {
  const result = at(date, time, zone);
  return result.kind === 'ok' ? result.instant.toISOString() : result.kind;
};

describe('wall time in a zone → instant', () => {
  it.each([
    // Winter and summer time of the same zone: one hour apart in UTC.
    ['2030-01-15', '18:00', 'Europe/Amsterdam', '2030-01-15T17:00:00.000Z'],
    ['2030-07-15', '18:00', 'Europe/Amsterdam', '2030-07-15T16:00:00.000Z'],
    // The day clocks go forward (31 Mar 2030, 02:00 → 03:00): before and after the change.
    ['2030-03-31', '01:59', 'Europe/Amsterdam', '2030-03-31T00:59:00.000Z'],
    ['2030-03-31', '03:00', 'Europe/Amsterdam', '2030-03-31T01:00:00.000Z'],
    ['2030-03-10', '12:00', 'America/New_York', '2030-03-10T16:00:00.000Z'],
    ['2030-01-01', '09:30', 'Asia/Kolkata', '2030-01-01T04:00:00.000Z'],
    ['2030-06-01', '10:00', 'Australia/Sydney', '2030-06-01T00:00:00.000Z'],
    ['2030-12-01', '10:00', 'Australia/Sydney', '2030-11-30T23:00:00.000Z'],
    // Chatham: UTC+13:45 in its summer.
    ['2030-02-28', '23:45', 'Pacific/Chatham', '2030-02-28T10:00:00.000Z'],
    ['2030-05-05', '00:00', 'UTC', '2030-05-05T00:00:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(iso(date, time, zone)).toBe(expected);
  });

  it('refuses the hour skipped when clocks go forward, and names the first time after it', () => {
    expect(at('2030-03-31', '02:30', 'Europe/Amsterdam')).toEqual({
      kind: 'skipped',
      next: new Date('2030-03-31T01:30:00.000Z'),
    });
    expect(toWallTime(new Date('2030-03-31T01:30:00.000Z'), 'Europe/Amsterdam')).toEqual({
      date: '2030-03-31',
      time: '03:30',
    });
    expect(at('2030-03-10', '02:15', 'America/New_York').kind).toBe('skipped');
    // Lord Howe Island moves its clocks by half an hour.
    expect(at('2030-10-06', '02:15', 'Australia/Lord_Howe').kind).toBe('skipped');
  });

  it('takes the first of a repeated hour (clocks go back), whatever zone the machine is in', () => {
    expect(at('2030-10-27', '02:30', 'Europe/Amsterdam')).toEqual({
      kind: 'ok',
      instant: new Date('2030-10-27T00:30:00.000Z'),
      offsetMinutes: 120,
      repeated: true,
    });
    expect(at('2030-11-03', '01:30', 'America/New_York')).toMatchObject({
      instant: new Date('2030-11-03T05:30:00.000Z'),
      offsetMinutes: -240,
      repeated: true,
    });
    expect(at('2030-10-27', '03:30', 'Europe/Amsterdam')).toMatchObject({ offsetMinutes: 60, repeated: false });
  });

  it.each([
    ['2030-02-30', '10:00', 'Europe/Amsterdam'],
    ['2030-13-01', '10:00', 'Europe/Amsterdam'],
    ['2030-01-01', '24:00', 'Europe/Amsterdam'],
    ['2030-01-01', '9:00', 'Europe/Amsterdam'],
    ['', '10:00', 'Europe/Amsterdam'],
    ['2030-01-01', '10:00', 'Mars/Olympus_Mons'],
  ])('refuses %s %s in %s', (date, time, zone) => {
    expect(at(date, time, zone)).toEqual({ kind: 'invalid' });
  });
});

describe('instant → wall time in a zone', () => {
  it('gives back what was entered, across DST', () => {
    for (const [date, time, zone] of [
      ['2030-03-31', '03:00', 'Europe/Amsterdam'],
      ['2030-10-27', '02:30', 'Europe/Amsterdam'],
      ['2030-11-03', '01:30', 'America/New_York'],
      ['2031-01-01', '00:00', 'Pacific/Kiritimati'],
    ] as const) {
      const result = at(date, time, zone);
      if (result.kind !== 'ok') throw new Error(`${date} ${time} ${zone}: ${result.kind}`);
      expect(toWallTime(result.instant, zone)).toEqual({ date, time });
    }
  });

  it('reads an API timestamp in the event’s zone, not the viewer’s', () => {
    expect(toWallTime('2030-07-15T16:00:00Z', 'Europe/Amsterdam')).toEqual({ date: '2030-07-15', time: '18:00' });
    expect(toWallTime('2030-07-15T16:00:00Z', 'America/Los_Angeles')).toEqual({ date: '2030-07-15', time: '09:00' });
  });
});

describe('offsets and labels', () => {
  it('names offsets and times with their zone', () => {
    expect(offsetMinutesAt(new Date('2030-07-15T16:00:00Z'), 'Europe/Amsterdam')).toBe(120);
    expect(formatOffset(120)).toBe('UTC+02:00');
    expect(formatOffset(-210)).toBe('UTC\u221203:30');
    expect(formatOffset(0)).toBe('UTC');
    expect(formatInZone(new Date('2030-07-15T16:00:00Z'), 'Europe/Amsterdam')).toBe('Mon, 15 Jul 2030, 18:00 CEST');
  });

  it('lists the IANA zones, sorted, with the viewer’s and UTC', () => {
    const zones = knownTimeZones();
    expect(zones).toEqual(expect.arrayContaining(['Europe/Amsterdam', 'America/New_York', 'UTC']));
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones);
  });
});
