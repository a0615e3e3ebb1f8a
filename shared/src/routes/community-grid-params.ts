import type { CommunitySort } from '@hub/contract/community';
import { communityGridQueryOptions, type CommunityListFilter } from '../api/get-communities-of-base';

/**
 * The communities and networks grid (issue 27) keeps its state in the URL
 * (`/communities?search=java&countryId=2&sort=members`), with the API's own names, so a link
 * reproduces the view and the host can start the grid's read from the address. A hand-edited
 * address never breaks the page: values that are not valid are ignored.
 */
export interface CommunityGridParams {
  search: string;
  countryId: number | null;
  sort: CommunitySort;
}

export const communitySortValues: readonly CommunitySort[] = ['name', 'members', 'newest', 'upcoming'];

/** The contract's bounds: longer text is cut, ids are PostgreSQL integers. */
const maxSearch = 100;
const maxId = 2_147_483_647;

export function readCommunityGridParams(search: URLSearchParams): CommunityGridParams {
  const country = search.get('countryId');
  const countryId = country !== null && /^\d{1,10}$/.test(country) ? Number(country) : null;
  const sort = search.get('sort') as CommunitySort;
  return {
    search: (search.get('search') ?? '').slice(0, maxSearch),
    countryId: countryId !== null && countryId >= 1 && countryId <= maxId ? countryId : null,
    sort: communitySortValues.includes(sort) ? sort : 'name',
  };
}

/** The URL query of a state: only what differs from the default grid, in a fixed order. */
export function writeCommunityGridParams(params: CommunityGridParams): URLSearchParams {
  const search = new URLSearchParams();
  const text = params.search.trim();
  if (text !== '') search.set('search', text);
  if (params.countryId !== null) search.set('countryId', String(params.countryId));
  if (params.sort !== 'name') search.set('sort', params.sort);
  return search;
}

/** The API's filter for a state: the default grid is the plain list of the base (its first read). */
export function toCommunityListFilter(params: CommunityGridParams): CommunityListFilter {
  const text = params.search.trim();
  return {
    ...(text !== '' && { search: text }),
    ...(params.countryId !== null && { countryId: params.countryId }),
    ...(params.sort !== 'name' && { sort: params.sort }),
  };
}

/** The grid's request for an address's query string: what the screen will ask for, started early. */
export const communityGridQueryOptionsFor = (baseId: number | string, search: URLSearchParams) =>
  communityGridQueryOptions(baseId, toCommunityListFilter(readCommunityGridParams(search)));
