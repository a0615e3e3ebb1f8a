import { apiPaths, fillApiPath, matchApiPath } from './api-paths';
import { firstReadQuery } from './first-read-queries';
import { eventKeys, communityKeys } from './query-keys';

describe('fillApiPath', () => {
  it('fills the named values, URL-encoded, and leaves the others', () => {
    expect(fillApiPath(apiPaths.event, { id: 31 })).toBe('api/events/31');
    expect(fillApiPath(apiPaths.community, { id: 'a/b' })).toBe('api/community/a%2Fb');
    expect(fillApiPath(apiPaths.upcomingEventsOfCommunity, { pageSize: 10 })).toBe(
      'api/events?when=upcoming&communityId=:id&pageSize=10',
    );
  });

  it('puts a search in as it is', () => {
    expect(fillApiPath(apiPaths.eventList, { search: 'when=past&page=2' })).toBe('api/events?when=past&page=2');
  });
});

describe('matchApiPath', () => {
  it("gives a path's values for its template, and null for another's", () => {
    expect(matchApiPath(apiPaths.event, 'api/events/31')).toEqual({ id: '31' });
    expect(matchApiPath(apiPaths.community, 'api/events/31')).toBeNull();
    expect(matchApiPath(apiPaths.communityOverview, 'api/community/3')).toBeNull();
    expect(
      matchApiPath(apiPaths.upcomingEventsOfCommunity, 'api/events?when=upcoming&communityId=7&pageSize=10'),
    ).toEqual({ id: '7', pageSize: '10' });
  });
});

describe('firstReadQuery', () => {
  const search = new URLSearchParams();

  it("is the query the screen's hook reads, its `:name`s from the address", () => {
    expect(firstReadQuery(apiPaths.event, { id: '31' }, search)?.queryKey).toEqual(eventKeys.detail(31));
    expect(
      firstReadQuery(fillApiPath(apiPaths.upcomingEventsOfCommunity, { pageSize: 10 }), { id: '4' }, search)?.queryKey,
    ).toEqual(eventKeys.upcomingOfCommunity(4));
    expect(firstReadQuery(fillApiPath(apiPaths.communitiesOfBase, { id: 2 }), {}, search)?.queryKey).toEqual(
      communityKeys.ofBase(2),
    );
  });

  it('reads the list filters from the search', () => {
    expect(firstReadQuery(apiPaths.eventList, {}, new URLSearchParams('when=past'))?.queryKey).toEqual(
      eventKeys.list({ when: 'past', pageSize: 12 }),
    );
  });

  it('is null for an address it cannot fill or a read it does not know', () => {
    expect(firstReadQuery(apiPaths.event, { id: 'create' }, search)).toBeNull();
    expect(firstReadQuery(apiPaths.event, {}, search)).toBeNull();
    expect(firstReadQuery('api/something/new', {}, search)).toBeNull();
  });
});
