import { cacheKeys } from '../cache/cache-keys';
import { requestCache } from '../cache/request-cache';
import { fakeResponse, stubFetch } from '../testing/fake-fetch';
import { getCommunitiesOfBase, getCommunity, getCommunityOverview } from './community-client';
import {
  addCoreMember,
  createCommunity,
  removeCoreMember,
  setCoreMemberLead,
  updateCommunity,
} from './community-admin-client';
import { communityEventsCacheKey, getUpcomingEventsOfCommunity } from './community-events-client';
import type { CommunityDetail, CommunityInput } from '@hub/contract/community';
import type { CoreMember } from '@hub/contract/core-members';
import { CommunityBaseId } from '@hub/contract/enums';

const community: CommunityDetail = {
  id: 3,
  name: 'Java Community',
  description: '',
  imageUrl: '',
  countryId: 1,
  countryName: 'Netherlands',
  communityBaseId: CommunityBaseId.Community,
  memberCount: 10,
  coreMembers: [],
  upcomingEventCount: 0,
};
const input: CommunityInput = {
  name: 'Java Community',
  description: '',
  imageUrl: '',
  countryId: 1,
  communityBaseId: 1,
};
const coreMember: CoreMember = {
  id: 9,
  email: 'new@hub.test',
  firstName: '',
  lastName: '',
  responsibleForCommunity: false,
  pending: true,
};

function stubApi() {
  return stubFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.includes('core-members')) return fakeResponse(method === 'DELETE' ? { status: 204 } : { body: coreMember });
    if (url.endsWith('/api/community')) return fakeResponse({ body: method === 'POST' ? community : [] });
    if (url.includes('/base/')) return fakeResponse({ body: [community] });
    if (url.includes('/api/events')) return fakeResponse({ body: { items: [], total: 0, page: 1, pageSize: 10 } });
    return fakeResponse({ body: community });
  });
}

const fresh = () =>
  [cacheKeys.community(3), cacheKeys.overview(), cacheKeys.communitiesOfBase(1)].map(
    (k) => requestCache.peek(k) !== undefined,
  );

async function fillCache(): Promise<void> {
  await Promise.all([getCommunity(3), getCommunityOverview(), getCommunitiesOfBase(CommunityBaseId.Community)]);
}

beforeEach(() => {
  requestCache.clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('community administration clients', () => {
  it('create POSTs the input and clears the overview and its base list', async () => {
    const fetch = stubApi();
    await fillCache();
    await expect(createCommunity(input)).resolves.toEqual(community);
    const [url, init] = fetch.mock.calls.at(-1)!;
    expect(String(url)).toMatch(/\/api\/community$/);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(input);
    expect(fresh()).toEqual([true, false, false]);
  });

  it('update PUTs and clears the community, the overview and the base lists', async () => {
    const fetch = stubApi();
    await fillCache();
    await updateCommunity(3, input);
    expect(String(fetch.mock.calls.at(-1)![0])).toMatch(/\/api\/community\/3$/);
    expect(fresh()).toEqual([false, false, false]);
  });

  it('appointing a core member clears the community and its base list (the count changes)', async () => {
    const fetch = stubApi();
    await fillCache();
    await addCoreMember(3, 'new@hub.test');
    expect(JSON.parse(String(fetch.mock.calls.at(-1)![1]?.body))).toEqual({
      email: 'new@hub.test',
      responsibleForCommunity: false,
    });
    expect(fresh()).toEqual([false, true, false]);
  });

  it('choosing the lead and removing a core member clear the community', async () => {
    stubApi();
    await fillCache();
    await setCoreMemberLead(3, 9, true);
    expect(fresh()).toEqual([false, true, true]);
    await getCommunity(3);
    await removeCoreMember(3, 9);
    expect(fresh()).toEqual([false, true, true]);
  });

  it("asks for a community's upcoming events once, then answers from the cache until invalidated", async () => {
    const fetch = stubApi();
    await getUpcomingEventsOfCommunity(3);
    await getUpcomingEventsOfCommunity(3);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/api\/events\?when=upcoming&communityId=3&pageSize=10$/);
    requestCache.invalidate(communityEventsCacheKey(3));
    await getUpcomingEventsOfCommunity(3);
    await getUpcomingEventsOfCommunity(3, { forceRefresh: true });
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
