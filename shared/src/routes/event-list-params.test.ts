import {
  eventListPageSize,
  eventListQueryOptionsFor,
  readEventListParams,
  toEventListFilters,
  writeEventListParams,
} from './event-list-params';
import { eventsQueryOptions } from '../api/get-events';
import { eventKeys } from '../api/query-keys';

const read = (query: string) => readEventListParams(new URLSearchParams(query));

describe('event list URL state', () => {
  it('reads every filter and writes it back the same', () => {
    const query = 'when=past&communityId=3&countryId=2&format=hybrid&q=java+night&page=2';
    const params = read(query);
    expect(params).toEqual({ past: true, communityId: 3, countryId: 2, format: 'hybrid', q: 'java night', page: 2 });
    expect(writeEventListParams(params).toString()).toBe(query);
  });

  it('is the upcoming, unfiltered first page when the URL says nothing', () => {
    expect(read('')).toEqual({ past: false, communityId: null, countryId: null, format: null, q: '', page: 1 });
    expect(writeEventListParams(read('')).toString()).toBe('');
  });

  it('ignores what is not valid instead of failing', () => {
    expect(read('when=soon&communityId=abc&countryId=-1&format=party&page=0')).toEqual(read(''));
    expect(read('communityId=99999999999&page=1e3').communityId).toBeNull();
    expect(read(`q=${'x'.repeat(150)}`).q).toHaveLength(100);
  });

  it('turns a state into the API filters', () => {
    expect(toEventListFilters(read('format=online&q=%20ai%20'), 12)).toEqual({
      when: 'upcoming',
      format: 'online',
      q: 'ai',
      page: 1,
      pageSize: 12,
    });
  });
});

describe('eventListQueryOptionsFor', () => {
  it("asks what the list screen asks for an address, under the screen's key", () => {
    const search = new URLSearchParams('when=past&format=online&page=3');
    expect(eventListQueryOptionsFor(search).queryKey).toEqual(
      eventsQueryOptions(toEventListFilters(readEventListParams(search), eventListPageSize)).queryKey,
    );
    expect(eventListQueryOptionsFor(new URLSearchParams()).queryKey).toEqual(eventKeys.list({ pageSize: 12 }));
  });
});
