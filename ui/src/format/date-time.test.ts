import { formatDate, formatDateTime, formatShortDateTime } from './date-time';

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
