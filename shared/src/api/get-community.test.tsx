import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { setAppConfig } from '../config/app-config';
import { setIdTokenProvider } from '../http/id-token-provider';
import { createHubQueryClient } from '../query/query-client';
import { noteNavigationStart } from '../query/navigation-failures';
import { fakeResponse, stubFetch } from '../testing/fake-fetch';
import { communityQueryOptions, getCommunity, useCommunity } from './get-community';
import { communityKeys } from './query-keys';
import { CommunityBaseId } from '@hub/contract/enums';
import type { CommunityDetail } from './types';

/** SPEC §7 caching, through the one QueryClient's rules, with the spec's numbers spelled out. */

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
  nextEvent: null,
};

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

beforeEach(() => {
  setAppConfig({ apiBaseUrl: 'http://api.test/' });
  setIdTokenProvider(null);
  client = createHubQueryClient();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  client.clear();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('useCommunity / communityQueryOptions (SPEC §7)', () => {
  it('GETs api/community/{id} once and keeps it under the community key', async () => {
    const fetchMock = stubFetch({ body: network });
    await expect(client.fetchQuery(communityQueryOptions(7))).resolves.toEqual(network);
    await expect(client.fetchQuery(communityQueryOptions('7'))).resolves.toEqual(network);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://api.test/api/community/7');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
    expect(client.getQueryData(communityKeys.detail(7))).toEqual(network);
  });

  it('at 599999 ms the answer is served from the cache; at 600000 ms it is fetched again', async () => {
    jest.useFakeTimers();
    const fetchMock = stubFetch({ body: network });
    await client.fetchQuery(communityQueryOptions(7));
    jest.advanceTimersByTime(599999);
    await client.fetchQuery(communityQueryOptions(7));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    await client.fetchQuery(communityQueryOptions(7));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the answer 600000 ms even while no component shows it (gcTime is not shorter)', async () => {
    jest.useFakeTimers();
    const fetchMock = stubFetch({ body: network });
    const first = renderHook(() => useCommunity(7), { wrapper });
    await waitFor(() => expect(first.result.current.data).toEqual(network));
    first.unmount();
    // waitFor moves fake time on while it polls: count the answer's age from when it arrived.
    const age = () => Date.now() - client.getQueryState(communityKeys.detail(7))!.dataUpdatedAt;

    // Nobody shows it until it is 599999 ms old: a screen opened now gets it without a request.
    act(() => jest.advanceTimersByTime(599999 - age()));
    expect(age()).toBe(599999);
    const second = renderHook(() => useCommunity(7), { wrapper });
    expect(second.result.current.data).toEqual(network);
    expect(second.result.current.isFetching).toBe(false);
    second.unmount();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // A screen opened when the answer is 600000 ms old asks again.
    act(() => jest.advanceTimersByTime(1));
    expect(age()).toBe(600000);
    const third = renderHook(() => useCommunity(7), { wrapper });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    third.unmount();
  });

  it('a forced refresh (refetch) asks again within the 600000 ms', async () => {
    const fetchMock = stubFetch({ body: network });
    const { result } = renderHook(() => useCommunity(7), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    await act(() => result.current.refetch());
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(() => client.invalidateQueries({ queryKey: communityKeys.detail(7) }));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('concurrent identical requests share one network request', async () => {
    const fetchMock = stubFetch({ body: network });
    const a = renderHook(() => useCommunity(7), { wrapper });
    const b = renderHook(() => useCommunity('7'), { wrapper });
    const [x, y] = await Promise.all([
      client.fetchQuery(communityQueryOptions(7)),
      client.fetchQuery(communityQueryOptions(7)),
    ]);
    await waitFor(() => expect(b.result.current.data).toEqual(network));
    expect(a.result.current.data).toEqual(network);
    expect([x, y]).toEqual([network, network]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a failure is normalised (SPEC §8), logged, propagated, not retried and not cached', async () => {
    const errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = stubFetch({ status: 404, body: { message: 'Community not found', details: [] } });
    const { result, unmount } = renderHook(() => useCommunity(99), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({ message: 'Community not found', status: 404, reportable: false });
    expect(failing).toHaveBeenCalledTimes(1);
    expect(errorLog).toHaveBeenCalledWith('GET api/community/99 failed (404): Community not found', []);
    expect(client.getQueryData(communityKeys.detail(99))).toBeUndefined();
    unmount();

    // The next user asks again, and gets the answer.
    const fetchMock = stubFetch({ body: network });
    const again = renderHook(() => useCommunity(99), { wrapper });
    await waitFor(() => expect(again.result.current.data).toEqual(network));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a server error or a lost connection is not retried either: the screen offers Retry', async () => {
    const fetchMock = stubFetch(async () => fakeResponse({ status: 503 }));
    const { result } = renderHook(() => useCommunity(7), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({ status: 503, message: 'An unexpected error occurred' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for a null id, and a passive reader only follows what another reader fetched', async () => {
    const fetchMock = stubFetch({ body: network });
    const none = renderHook(() => useCommunity(null), { wrapper });
    const passive = renderHook(() => useCommunity(7, { passive: true }), { wrapper });
    await act(async () => undefined);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(none.result.current.isPending).toBe(true);

    renderHook(() => useCommunity(7), { wrapper });
    await waitFor(() => expect(passive.result.current.data).toEqual(network));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('encodes the id into the path, and `fromServer` revalidates past HTTP caches', async () => {
    const fetchMock = stubFetch({ body: network });
    await getCommunity('a/b');
    await getCommunity(7, { fromServer: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://api.test/api/community/a%2Fb');
    expect(fetchMock.mock.calls[1]?.[1]?.cache).toBe('no-cache');
  });

  describe('a failure the navigation just met', () => {
    const notFound = { status: 404, body: { message: 'Community not found', details: [] } };

    it('is shown by the screen without asking again; Retry asks', async () => {
      const fetchMock = stubFetch(notFound);
      noteNavigationStart('http://hub.test/community/9999');
      await client.prefetchQuery(communityQueryOptions(9999));
      const screen = renderHook(() => useCommunity(9999), { wrapper });
      await waitFor(() => expect(screen.result.current.isError).toBe(true));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await act(() => screen.result.current.refetch());
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('from before this navigation (an earlier visit) is asked again on mount', async () => {
      const fetchMock = stubFetch(notFound);
      await client.prefetchQuery(communityQueryOptions(9999));
      noteNavigationStart('http://hub.test/communities');
      noteNavigationStart('http://hub.test/community/9999', Date.now() + 1);
      const screen = renderHook(() => useCommunity(9999), { wrapper });
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      await waitFor(() => expect(screen.result.current.isError).toBe(true));
    });
  });
});
