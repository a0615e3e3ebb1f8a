import { setAppConfig } from '../config/app-config';
import { cacheKeys } from '../cache/cache-keys';
import { requestCache } from '../cache/request-cache';
import { setIdTokenProvider } from '../http/id-token-provider';
import { stubFetch } from '../testing/fake-fetch';
import { getCommunitiesOfBase, getCommunity, getCommunityBase, getCommunityOverview } from './community-client';
import type { CommunityDetail } from '@hub/contract/community';
import { CommunityBaseId } from '@hub/contract/enums';

const network: CommunityDetail = {
  id: 7,
  name: 'Cloud Network',
  description: '',
  imageUrl: '',
  countryId: 1,
  countryName: 'Netherlands',
  communityBaseId: CommunityBaseId.Network,
  memberCount: 3,
  coreMembers: [],
  upcomingEventCount: 0,
};

beforeEach(() => {
  setAppConfig({ apiBaseUrl: 'http://api.test/' });
  setIdTokenProvider(null);
  requestCache.clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('community client', () => {
  it('getCommunity GETs api/community/{id} and caches it under the community key', async () => {
    const fetchMock = stubFetch({ body: network });

    await expect(getCommunity(7)).resolves.toEqual(network);
    await expect(getCommunity('7')).resolves.toEqual(network);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://api.test/api/community/7');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
    expect(requestCache.peek(cacheKeys.community(7))).toEqual(network);
  });

  it('getCommunity is served from the cache until 600000 ms have passed', async () => {
    jest.useFakeTimers();
    try {
      const fetchMock = stubFetch({ body: network });
      await getCommunity(7);
      jest.advanceTimersByTime(599999);
      await getCommunity(7);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      jest.advanceTimersByTime(1);
      await getCommunity(7);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('two concurrent getCommunity calls make one fetch', async () => {
    const fetchMock = stubFetch({ body: network });
    const [a, b] = await Promise.all([getCommunity(7), getCommunity(7)]);
    expect(a).toEqual(network);
    expect(b).toEqual(network);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('getCommunity with forceRefresh asks again', async () => {
    const fetchMock = stubFetch({ body: network });
    await getCommunity(7);
    await getCommunity(7, { forceRefresh: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('getCommunity rejects with the normalised error and caches nothing', async () => {
    stubFetch({ status: 404, body: { message: 'Community not found', details: [] } });
    await expect(getCommunity(99)).rejects.toMatchObject({
      message: 'Community not found',
      status: 404,
      reportable: false,
    });
    expect(requestCache.peek(cacheKeys.community(99))).toBeUndefined();
    const fetchMock = stubFetch({ body: network });
    await expect(getCommunity(99)).resolves.toEqual(network);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('the other reads hit their SPEC §7 paths', async () => {
    const fetchMock = stubFetch({ body: [] });
    await getCommunityOverview();
    await getCommunitiesOfBase(CommunityBaseId.Community);
    await getCommunityBase(CommunityBaseId.Network);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      'http://api.test/api/community',
      'http://api.test/api/community/base/1',
      'http://api.test/api/communitybase/2',
    ]);
  });
});
