import { act, renderHook, waitFor } from '@testing-library/react';
import { userInfoAtom } from '../auth/auth-state';
import { hubStore } from '../store/hub-store';
import { fakeResponse, sentHeader, stubFetch } from '../testing/fake-fetch';
import { sentPaths, setUpApiHooks } from '../testing/api-hook-setup';
import { fallbackUser } from '../user/user-info';
import { useChangeMembership } from './change-membership';
import { communitiesOfBaseQueryOptions } from './get-communities-of-base';
import { useCommunity } from './get-community';
import { communityBaseQueryOptions } from './get-community-base';
import { communityOverviewQueryOptions } from './get-community-overview';
import { communityQueryOptions } from './get-community';
import { communityBaseKeys, communityKeys } from './query-keys';
import { CommunityBaseId } from '@hub/contract/enums';
import type { CommunityDetail, CommunitySummary } from './types';

const community = (memberCount: number): CommunityDetail => ({
  id: 3,
  name: 'Java Community',
  description: '',
  imageUrl: '',
  countryId: 1,
  countryName: 'Netherlands',
  communityBaseId: CommunityBaseId.Community,
  memberCount,
  coreMembers: [],
  upcomingEventCount: 0,
  nextEvent: null,
});

const me = { ...fallbackUser, userId: 'uid-1', memberOfCommunities: [{ communityId: 3 }] };

/** A tiny API whose member count of community 3 goes up once the PUT arrived. */
function stubApi(
  membership: { status: number; body: unknown } = { status: 200, body: { communityId: 3, member: true } },
) {
  let joined = false;
  return stubFetch(async (url, init) => {
    if (url.includes('communitymembership')) {
      joined = membership.status === 200;
      return fakeResponse(membership);
    }
    if (url.endsWith('/api/user')) return fakeResponse({ body: me });
    if (url.endsWith('/api/community')) return fakeResponse({ body: [{ countryId: 1, communities: joined ? 2 : 1 }] });
    if (url.includes('/base/')) return fakeResponse({ body: [community(joined ? 11 : 10)] });
    if (url.includes('/communitybase/')) return fakeResponse({ body: { id: 1, name: 'Community' } });
    void init;
    return fakeResponse({ body: community(url.endsWith('/4') ? 1 : joined ? 11 : 10) });
  });
}

const api = setUpApiHooks({ user: fallbackUser });

async function fillCache(): Promise<void> {
  await Promise.all([
    api.client.fetchQuery(communityQueryOptions(3)),
    api.client.fetchQuery(communityQueryOptions(4)),
    api.client.fetchQuery(communityOverviewQueryOptions()),
    api.client.fetchQuery(communitiesOfBaseQueryOptions(CommunityBaseId.Community)),
    api.client.fetchQuery(communitiesOfBaseQueryOptions(CommunityBaseId.Network)),
    api.client.fetchQuery(communityBaseQueryOptions(CommunityBaseId.Community)),
  ]);
}

describe('useChangeMembership (SPEC §4 membership toggle, §7)', () => {
  it.each([
    ['join', 'PUT'],
    ['leave', 'DELETE'],
  ] as const)(
    '%s sends %s api/communitymembership/{id} with an empty body and the bearer token',
    async (action, method) => {
      const fetchMock = stubApi();
      const { result } = renderHook(() => useChangeMembership(), { wrapper: api.wrapper });
      await act(() => result.current.mutateAsync({ action, communityId: 3, baseId: 1 }));
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(url).toBe('http://api.test/api/communitymembership/3');
      expect(init?.method).toBe(method);
      expect(init?.body).toBeUndefined();
      expect(sentHeader(fetchMock, 'Authorization')).toBe('Bearer id-token');
    },
  );

  it('re-reads the community, its base list and the overview from the server, and refreshes the user info', async () => {
    const fetchMock = stubApi();
    await fillCache();
    const before = fetchMock.mock.calls.length;
    const { result } = renderHook(() => useChangeMembership(), { wrapper: api.wrapper });
    await act(() => result.current.mutateAsync({ action: 'join', communityId: 3, baseId: 1 }));

    expect(sentPaths(fetchMock, before).sort()).toEqual(
      [
        'PUT api/communitymembership/3',
        'GET api/community/3',
        'GET api/community/base/1',
        'GET api/community',
        'GET api/user',
      ].sort(),
    );
    // Past any HTTP cache on the way: a CDN may still hold the old counts.
    for (const [url, init] of fetchMock.mock.calls.slice(before)) {
      if (/\/api\/community(\/|$)/.test(String(url))) expect(init?.cache).toBe('no-cache');
    }
    expect(api.client.getQueryData<CommunityDetail>(communityKeys.detail(3))?.memberCount).toBe(11);
    expect(api.client.getQueryData<CommunitySummary[]>(communityKeys.ofBase(1))?.[0]?.memberCount).toBe(11);
    expect(api.client.getQueryData(communityKeys.overview())).toEqual([{ countryId: 1, communities: 2 }]);
    expect(hubStore.get(userInfoAtom)).toEqual(me);
    // The base's name is marked stale; the unrelated entries are left alone.
    expect(api.client.getQueryState(communityBaseKeys.detail(1))?.isInvalidated).toBe(true);
    expect(api.client.getQueryState(communityKeys.detail(4))?.isInvalidated).toBe(false);
    expect(api.client.getQueryState(communityKeys.ofBase(2))?.isInvalidated).toBe(false);
  });

  it('a screen showing the community shows the new count', async () => {
    stubApi();
    const shown = renderHook(() => useCommunity(3), { wrapper: api.wrapper });
    await waitFor(() => expect(shown.result.current.data?.memberCount).toBe(10));
    const { result } = renderHook(() => useChangeMembership(), { wrapper: api.wrapper });
    await act(() => result.current.mutateAsync({ action: 'join', communityId: 3, baseId: 1 }));
    await waitFor(() => expect(shown.result.current.data?.memberCount).toBe(11));
  });

  it('a failed change rejects with the normalised API message and leaves the cache alone', async () => {
    const message =
      'Could not subscribe to community, the community does not exist or you are already member of the community';
    const fetchMock = stubApi({ status: 404, body: { message, details: [] } });
    await fillCache();
    const before = fetchMock.mock.calls.length;
    const { result } = renderHook(() => useChangeMembership(), { wrapper: api.wrapper });
    await act(() =>
      expect(result.current.mutateAsync({ action: 'join', communityId: 3, baseId: 1 })).rejects.toMatchObject({
        status: 404,
        message,
        reportable: false,
      }),
    );
    expect(sentPaths(fetchMock, before)).toEqual(['PUT api/communitymembership/3']);
    expect(api.client.getQueryState(communityKeys.detail(3))?.isInvalidated).toBe(false);
    expect(api.client.getQueryState(communityKeys.overview())?.isInvalidated).toBe(false);
  });

  it('a failed re-read is only logged: the change stands and the key is fetched again by its next reader', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchMock = stubFetch(async (url) =>
      url.endsWith('/api/community')
        ? fakeResponse({ status: 500 })
        : fakeResponse({ body: url.endsWith('/user') ? me : community(11) }),
    );
    const { result } = renderHook(() => useChangeMembership(), { wrapper: api.wrapper });
    await act(() => result.current.mutateAsync({ action: 'join', communityId: 3, baseId: 1 }));
    // The hook's state reaches the render a tick after the promise settles (slow under load).
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(warn).toHaveBeenCalled();
    expect(api.client.getQueryData(communityKeys.overview())).toBeUndefined();
    const before = fetchMock.mock.calls.length;
    await api.client.fetchQuery(communityOverviewQueryOptions()).catch(() => undefined);
    expect(fetchMock.mock.calls.length).toBe(before + 1);
  });
});
