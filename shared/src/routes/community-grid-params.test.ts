import { firstReadQuery } from '../api/first-read-queries';
import { apiPaths, fillApiPath } from '../api/api-paths';
import { communityKeys } from '../api/query-keys';
import {
  readCommunityGridParams,
  toCommunityListFilter,
  writeCommunityGridParams,
  type CommunityGridParams,
} from './community-grid-params';

const read = (query: string) => readCommunityGridParams(new URLSearchParams(query));

describe('the communities grid in the URL', () => {
  it('reads search, country and order, ignoring what is not valid', () => {
    expect(read('search=java&countryId=2&sort=members')).toEqual({ search: 'java', countryId: 2, sort: 'members' });
    expect(read('countryId=abc&sort=popular')).toEqual({ search: '', countryId: null, sort: 'name' });
    expect(read('countryId=0').countryId).toBeNull();
    expect(read(`search=${'x'.repeat(150)}`).search).toHaveLength(100);
  });

  it('writes only what differs from the default grid, so one view is one address and one read', () => {
    const params: CommunityGridParams = { search: ' java ', countryId: 2, sort: 'upcoming' };
    expect(writeCommunityGridParams(params).toString()).toBe('search=java&countryId=2&sort=upcoming');
    expect(writeCommunityGridParams({ search: ' ', countryId: null, sort: 'name' }).toString()).toBe('');
    expect(toCommunityListFilter(read(''))).toEqual({});
    expect(toCommunityListFilter(read('sort=newest&search=a'))).toEqual({ search: 'a', sort: 'newest' });
  });

  it("starts the grid's read from an address: the plain list's key without a query, a view of it with one", () => {
    const template = fillApiPath(apiPaths.communityGrid, { id: 1 });
    expect(firstReadQuery(template, {}, new URLSearchParams())?.queryKey).toEqual(communityKeys.ofBase(1));
    expect(firstReadQuery(template, {}, new URLSearchParams('sort=members&countryId=3'))?.queryKey).toEqual(
      communityKeys.ofBaseFiltered(1, { countryId: 3, sort: 'members' }),
    );
    // The plain list's own template still answers the plain list.
    expect(
      firstReadQuery(fillApiPath(apiPaths.communitiesOfBase, { id: 1 }), {}, new URLSearchParams('sort=members'))
        ?.queryKey,
    ).toEqual(communityKeys.ofBase(1));
  });
});
