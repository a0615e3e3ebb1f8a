import { setAppConfig } from '../config/app-config';
import { cacheKeys } from '../cache/cache-keys';
import { requestCache } from '../cache/request-cache';
import { setIdTokenProvider } from '../http/id-token-provider';
import { fakeResponse, sentHeader, stubFetch } from '../testing/fake-fetch';
import { getCommunitiesOfBase, getCommunity, getCommunityBase, getCommunityOverview } from './community-client';
import { joinCommunity, leaveCommunity } from './membership-client';
import type { CommunityDetail } from '@hub/contract/community';
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

/** A tiny API: GETs answer from `community`, membership calls answer `membership`. */
function stubApi(
  membership: { status: number; body: unknown } = { status: 200, body: { communityId: 3, member: true } },
) {
  return stubFetch(async (url) => {
    if (url.includes('communitymembership')) return fakeResponse(membership);
    if (url.endsWith('/api/community')) return fakeResponse({ body: [] });
    if (url.includes('/base/')) return fakeResponse({ body: [community] });
    if (url.includes('/communitybase/')) return fakeResponse({ body: { id: 1, name: 'Community' } });
    return fakeResponse({ body: community });
  });
}

async function fillCache(): Promise<void> {
  await Promise.all([
    getCommunity(3),
    getCommunityOverview(),
    getCommunitiesOfBase(CommunityBaseId.Community),
    getCommunityBase(CommunityBaseId.Community),
    getCommunitiesOfBase(CommunityBaseId.Network),
    getCommunity(4),
  ]);
}

const keysOfCommunityThree = [
  cacheKeys.community(3),
  cacheKeys.overview(),
  cacheKeys.communitiesOfBase(CommunityBaseId.Community),
  cacheKeys.communityBase(CommunityBaseId.Community),
];

beforeEach(() => {
  setAppConfig({ apiBaseUrl: 'http://api.test/' });
  setIdTokenProvider(async () => 'id-token');
  requestCache.clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('membership client (SPEC §4 membership toggle, §7)', () => {
  it.each([
    ['joinCommunity', joinCommunity, 'PUT'],
    ['leaveCommunity', leaveCommunity, 'DELETE'],
  ] as const)(
    '%s sends %s api/communitymembership/{id} with an empty body and the bearer token',
    async (_name, call, method) => {
      const fetchMock = stubApi();
      await call(3);
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(url).toBe('http://api.test/api/communitymembership/3');
      expect(init?.method).toBe(method);
      expect(init?.body).toBeUndefined();
      expect(sentHeader(fetchMock, 'Authorization')).toBe('Bearer id-token');
    },
  );

  it.each([
    ['joinCommunity', joinCommunity],
    ['leaveCommunity', leaveCommunity],
  ] as const)(
    '%s clears the community, its base (read from the cached community) and the overview',
    async (_name, call) => {
      stubApi();
      await fillCache();
      await call(3);
      for (const key of keysOfCommunityThree) expect(requestCache.peek(key)).toBeUndefined();
      // Unrelated entries stay.
      expect(requestCache.peek(cacheKeys.community(4))).toBeDefined();
      expect(requestCache.peek(cacheKeys.communitiesOfBase(CommunityBaseId.Network))).toBeDefined();
    },
  );

  it('the next read after a join goes to the network again', async () => {
    const fetchMock = stubApi();
    await fillCache();
    const before = fetchMock.mock.calls.length;
    await joinCommunity(3);
    await getCommunity(3);
    await getCommunityOverview();
    expect(fetchMock.mock.calls.length).toBe(before + 3);
  });

  it('uses a passed baseId when the community is not cached', async () => {
    stubApi();
    await getCommunitiesOfBase(CommunityBaseId.Network);
    await getCommunitiesOfBase(CommunityBaseId.Community);
    await leaveCommunity(9, { baseId: CommunityBaseId.Network });
    expect(requestCache.peek(cacheKeys.communitiesOfBase(CommunityBaseId.Network))).toBeUndefined();
    expect(requestCache.peek(cacheKeys.communitiesOfBase(CommunityBaseId.Community))).toBeDefined();
  });

  it('clears both bases when the base is unknown', async () => {
    stubApi();
    await getCommunitiesOfBase(CommunityBaseId.Network);
    await getCommunitiesOfBase(CommunityBaseId.Community);
    await joinCommunity(9);
    expect(requestCache.peek(cacheKeys.communitiesOfBase(CommunityBaseId.Network))).toBeUndefined();
    expect(requestCache.peek(cacheKeys.communitiesOfBase(CommunityBaseId.Community))).toBeUndefined();
  });

  it('a failed change rejects with the API message and leaves the cache alone', async () => {
    const message =
      'Could not subscribe to community, the community does not exist or you are already member of the community';
    stubApi({ status: 404, body: { message, details: [] } });
    await fillCache();
    await expect(joinCommunity(3)).rejects.toMatchObject({ status: 404, message, reportable: false });
    for (const key of keysOfCommunityThree) expect(requestCache.peek(key)).toBeDefined();
  });
});
