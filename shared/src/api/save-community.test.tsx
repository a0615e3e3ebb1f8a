import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { setAppConfig } from '../config/app-config';
import { setIdTokenProvider } from '../http/id-token-provider';
import { createHubQueryClient } from '../query/query-client';
import { fakeResponse, stubFetch } from '../testing/fake-fetch';
import { communityKeys, eventKeys } from './query-keys';
import { useSaveCommunity } from './save-community';
import type { CommunityInput } from './types';

const input: CommunityInput = {
  name: 'Java Community',
  description: '',
  imageUrl: '',
  countryId: 1,
  communityBaseId: 1,
};
const saved = { ...input, id: 3, countryName: 'Netherlands', memberCount: 0 };

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

/** Fills the cache with one answer under each key, as screens would have. */
function filled() {
  for (const key of [
    communityKeys.overview(),
    communityKeys.ofBase(1),
    communityKeys.ofBase(2),
    communityKeys.detail(3),
    communityKeys.detail(4),
    eventKeys.upcomingOfCommunity(3),
  ]) {
    client.setQueryData(key, ['cached']);
  }
}
const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

beforeEach(() => {
  setAppConfig({ apiBaseUrl: 'http://api.test/' });
  setIdTokenProvider(null);
  client = createHubQueryClient();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('useSaveCommunity', () => {
  it.each([
    ['create', undefined, 'POST', 'http://api.test/api/community'],
    ['edit', 3, 'PUT', 'http://api.test/api/community/3'],
  ] as const)('%s sends %s with the input and invalidates every community read', async (_what, id, method, url) => {
    const fetchMock = stubFetch({ body: saved });
    filled();
    const { result } = renderHook(() => useSaveCommunity(), { wrapper });
    await act(async () => {
      await expect(result.current.mutateAsync({ id, input })).resolves.toEqual(saved);
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(url);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe(method);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual(input);
    // The overview counts, both bases' lists (an edit may move it) and the details all change.
    for (const key of [
      communityKeys.overview(),
      communityKeys.ofBase(1),
      communityKeys.ofBase(2),
      communityKeys.detail(3),
    ]) {
      expect(invalidated(key)).toBe(true);
    }
    expect(invalidated(eventKeys.upcomingOfCommunity(3))).toBe(false);
  });

  it('a refused save invalidates nothing and rejects with the normalised error', async () => {
    stubFetch(async () => fakeResponse({ status: 403, body: { message: 'Not allowed', details: [] } }));
    filled();
    const { result } = renderHook(() => useSaveCommunity(), { wrapper });
    await act(async () => {
      await expect(result.current.mutateAsync({ id: 3, input })).rejects.toMatchObject({
        status: 403,
        message: 'Not allowed',
      });
    });
    expect(invalidated(communityKeys.detail(3))).toBe(false);
  });
});
