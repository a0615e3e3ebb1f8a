import { readParams, toFilters, writeParams } from './event-list-params';

const read = (query: string) => readParams(new URLSearchParams(query));

describe('event list URL state', () => {
  it('reads every filter and writes it back the same', () => {
    const query = 'when=past&communityId=3&countryId=2&format=hybrid&q=java+night&page=2';
    const params = read(query);
    expect(params).toEqual({ past: true, communityId: 3, countryId: 2, format: 'hybrid', q: 'java night', page: 2 });
    expect(writeParams(params).toString()).toBe(query);
  });

  it('is the upcoming, unfiltered first page when the URL says nothing', () => {
    expect(read('')).toEqual({ past: false, communityId: null, countryId: null, format: null, q: '', page: 1 });
    expect(writeParams(read('')).toString()).toBe('');
  });

  it('ignores what is not valid instead of failing', () => {
    expect(read('when=soon&communityId=abc&countryId=-1&format=party&page=0')).toEqual(read(''));
    expect(read('communityId=99999999999&page=1e3').communityId).toBeNull();
    expect(read(`q=${'x'.repeat(150)}`).q).toHaveLength(100);
  });

  it('turns a state into the API filters', () => {
    expect(toFilters(read('format=online&q=%20ai%20'), 12)).toEqual({
      when: 'upcoming',
      format: 'online',
      q: 'ai',
      page: 1,
      pageSize: 12,
    });
  });
});
