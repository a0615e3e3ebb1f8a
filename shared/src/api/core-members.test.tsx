import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { userInfoAtom } from '../auth/auth-state';
import { setAppConfig } from '../config/app-config';
import { setIdTokenProvider } from '../http/id-token-provider';
import { createHubQueryClient, queryClient } from '../query/query-client';
import { hubStore } from '../store/hub-store';
import { fakeResponse, stubFetch } from '../testing/fake-fetch';
import { fallbackUser } from '../user/user-info';
import { useChangeCoreMembers, useManagedCoreMembers } from './core-members';
import { communityKeys } from './query-keys';

const lead = { ...fallbackUser, userId: 'uid-lead' };
const member = {
  id: 9,
  email: 'new@hub.test',
  firstName: '',
  lastName: '',
  responsibleForCommunity: false,
  pending: true,
};

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

function stubApi() {
  return stubFetch(async (url, init) => {
    if (url.endsWith('/api/user')) return fakeResponse({ body: lead });
    if (init?.method === 'DELETE') return fakeResponse({ status: 204 });
    return fakeResponse({ body: init?.method === 'GET' ? [member] : member });
  });
}
const calls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(
    ([url, init]) =>
      `${init?.method} ${String(url).replace('http://api.test/', '')}${init?.body ? ` ${String(init.body)}` : ''}`,
  );

beforeEach(() => {
  setAppConfig({ apiBaseUrl: 'http://api.test/' });
  setIdTokenProvider(null);
  client = createHubQueryClient();
  hubStore.set(userInfoAtom, fallbackUser);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  queryClient.clear();
  jest.restoreAllMocks();
});

describe('core members of a community (core-members.ts)', () => {
  it('the managers list is asked afresh each time it is shown, concurrent readers sharing one request', async () => {
    const fetchMock = stubApi();
    const a = renderHook(() => useManagedCoreMembers(3), { wrapper });
    const b = renderHook(() => useManagedCoreMembers(3), { wrapper });
    await waitFor(() => expect(b.result.current.data).toEqual([member]));
    expect(a.result.current.data).toEqual([member]);
    expect(calls(fetchMock)).toEqual(['GET api/community/3/core-members']);
    a.unmount();
    b.unmount();
    renderHook(() => useManagedCoreMembers(3), { wrapper });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });

  it.each([
    [
      'add',
      { kind: 'add', email: 'new@hub.test' },
      ['POST api/community/3/core-members {"email":"new@hub.test","responsibleForCommunity":false}'],
    ],
    [
      'make-lead',
      { kind: 'make-lead', userId: 9, stepDown: [2] },
      [
        'PUT api/community/3/core-members/9 {"responsibleForCommunity":true}',
        'PUT api/community/3/core-members/2 {"responsibleForCommunity":false}',
      ],
    ],
    ['remove', { kind: 'remove', userId: 9 }, ['DELETE api/community/3/core-members/9']],
  ] as const)(
    '%s sends its calls, invalidates the community, the base lists and the list, and refreshes the user info',
    async (_k, change, sent) => {
      const fetchMock = stubApi();
      for (const key of [
        communityKeys.detail(3),
        communityKeys.ofBase(1),
        communityKeys.coreMembers(3),
        communityKeys.overview(),
        communityKeys.detail(4),
      ]) {
        client.setQueryData(key, ['cached']);
      }
      const { result } = renderHook(() => useChangeCoreMembers(3), { wrapper });
      await act(() => result.current.mutateAsync(change));
      expect(calls(fetchMock)).toEqual([...sent, 'GET api/user']);
      expect(hubStore.get(userInfoAtom)).toEqual(lead);
      const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
      expect([communityKeys.detail(3), communityKeys.ofBase(1), communityKeys.coreMembers(3)].map(invalidated)).toEqual(
        [true, true, true],
      );
      expect([communityKeys.overview(), communityKeys.detail(4)].map(invalidated)).toEqual([false, false]);
    },
  );
});
