import {
  eventTimes,
  formatDate,
  formatDateTime,
  formatDateTimeIn,
  formatShortDateTime,
  formatTimeRangeIn,
  viewerTimeZone,
  zoneOffsetMinutes,
} from './date-time';

// The jest run pins TZ (see jest.config.js), so the zone name is known.
describe('en-GB date and time formatting', () => {
  it('shows a time with its day, date and the time zone named', () => {
    expect(formatDateTime('2030-03-01T17:00:00.000Z')).toBe('Fri, 1 Mar 2030, 17:00 UTC');
  });

  it('shows a date alone without a time', () => {
    expect(formatDate('2030-03-01T17:00:00.000Z')).toBe('Fri, 1 Mar 2030');
  });

  it('shows a short date and time for dense tables, still naming the zone', () => {
    expect(formatShortDateTime('2030-03-01T17:05:00.000Z')).toBe('1 Mar, 17:05 UTC');
    expect(formatShortDateTime('soon')).toBe('soon');
  });

  it('shows an unreadable value as given instead of "Invalid Date"', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});

describe("times in an event's own zone and the viewer's", () => {
  const start = '2030-03-01T17:00:00.000Z';
  const end = '2030-03-01T19:00:00.000Z';

  it('shows the clock of the given zone, named', () => {
    expect(formatDateTimeIn(start, 'Europe/Amsterdam')).toBe('Fri, 1 Mar 2030, 18:00 CET');
  });

  it('names a zone en-GB writes as an offset ("GMT+5:30") by its name, where the browser has one (issue 23)', () => {
    expect(formatDateTimeIn(start, 'Asia/Kolkata')).toBe('Fri, 1 Mar 2030, 22:30 India Standard Time');
    expect(formatTimeRangeIn(start, end, 'America/New_York')).toBe(
      'Fri, 1 Mar 2030, 12:00–14:00 Eastern Standard Time',
    );
    // A range across the change to summer time names each end at its own moment.
    expect(formatTimeRangeIn('2030-03-09T17:00:00Z', '2030-03-11T17:00:00Z', 'America/New_York')).toBe(
      'Sat, 9 Mar 2030, 12:00 Eastern Standard Time\u2009–\u2009Mon, 11 Mar 2030, 13:00 Eastern Daylight Time',
    );
    // Letters en-GB has stay as they are.
    expect(formatDateTimeIn(start, 'Europe/London')).toBe('Fri, 1 Mar 2030, 17:00 GMT');
    expect(formatDateTimeIn(start, 'Asia/Dubai')).toBe('Fri, 1 Mar 2030, 21:00 GST');
    expect(eventTimes(start, end, 'Europe/Amsterdam', 'Asia/Tokyo').viewer).toBe(
      'Sat, 2 Mar 2030, 02:00–04:00 Japan Standard Time',
    );
  });

  it('shows a one-day range with the day once, and a longer one with both days', () => {
    expect(formatTimeRangeIn(start, end, 'Europe/Amsterdam')).toBe('Fri, 1 Mar 2030, 18:00–20:00 CET');
    expect(formatTimeRangeIn(start, '2030-03-02T19:00:00.000Z', 'Europe/Amsterdam')).toBe(
      'Fri, 1 Mar 2030, 18:00 CET\u2009–\u2009Sat, 2 Mar 2030, 20:00 CET', // thin spaces, as Intl writes them
    );
    expect(formatTimeRangeIn(start, 'never', 'Europe/Amsterdam')).toBe('Fri, 1 Mar 2030, 18:00 CET');
  });

  it('reads zone offsets, summer time included', () => {
    expect(zoneOffsetMinutes('Asia/Kolkata', new Date(start))).toBe(330);
    expect(zoneOffsetMinutes('America/New_York', new Date(start))).toBe(-300);
    expect(zoneOffsetMinutes('Europe/Amsterdam', new Date('2030-07-01T12:00:00Z'))).toBe(120);
    expect(zoneOffsetMinutes('UTC', new Date(start))).toBe(0);
    expect(zoneOffsetMinutes('Not/AZone', new Date(start))).toBeNull();
  });

  it("adds the viewer's time only when the viewer's clock reads differently", () => {
    expect(viewerTimeZone()).toBe('UTC');
    expect(eventTimes(start, end, 'Europe/Amsterdam')).toEqual({
      local: 'Fri, 1 Mar 2030, 18:00–20:00 CET',
      viewer: 'Fri, 1 Mar 2030, 17:00–19:00 UTC',
    });
    expect(eventTimes(start, end, 'Europe/Paris', 'Europe/Amsterdam').viewer).toBeNull();
    expect(eventTimes(start, end, 'UTC').viewer).toBeNull();
    // London and UTC agree in winter, not in summer.
    expect(eventTimes(start, end, 'Europe/London', 'UTC').viewer).toBeNull();
    expect(eventTimes('2030-07-01T17:00:00Z', '2030-07-01T18:00:00Z', 'Europe/London', 'UTC').viewer).toBe(
      'Mon, 1 Jul 2030, 17:00–18:00 UTC',
    );
  });
});
