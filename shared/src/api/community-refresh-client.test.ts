import { cacheKeys } from '../cache/cache-keys';
import { requestCache } from '../cache/request-cache';
import { fakeResponse, stubFetch } from '../testing/fake-fetch';
import { refreshCommunityReads } from './community-refresh-client';

beforeEach(() => requestCache.clear());
afterEach(() => jest.restoreAllMocks());

describe('refreshCommunityReads', () => {
  it('asks the server itself for the community, its base list and the overview, and caches the answers', async () => {
    const fetch = stubFetch(async (url) => fakeResponse({ body: { url } }));
    // A read started in between (it may be answered from the browser's HTTP cache) is not joined.
    void requestCache.get(cacheKeys.community(3), () => new Promise(() => undefined));
    await refreshCommunityReads(3, 2);
    const calls = fetch.mock.calls.map(([url, init]) => [String(url).replace(/^.*\/api\//, 'api/'), init?.cache]);
    expect(calls).toEqual([
      ['api/community/3', 'no-cache'],
      ['api/community/base/2', 'no-cache'],
      ['api/community', 'no-cache'],
    ]);
    expect(requestCache.peek(cacheKeys.community(3))).toEqual({ url: expect.stringMatching(/\/api\/community\/3$/) });
    expect(requestCache.peek(cacheKeys.communitiesOfBase(2))).toBeDefined();
    expect(requestCache.peek(cacheKeys.overview())).toBeDefined();
  });

  it('only logs a failure, leaving that key empty for the next reader', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubFetch(async (url) => (url.endsWith('/api/community') ? fakeResponse({ status: 500 }) : fakeResponse({ body: {} })));
    await expect(refreshCommunityReads(3, 1)).resolves.toBeUndefined();
    expect(requestCache.peek(cacheKeys.overview())).toBeUndefined();
    expect(requestCache.peek(cacheKeys.community(3))).toBeDefined();
    expect(warn).toHaveBeenCalled();
  });
});
