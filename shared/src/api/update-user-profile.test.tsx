import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { userInfoAtom } from '../auth/auth-state';
import { setAppConfig } from '../config/app-config';
import { setIdTokenProvider } from '../http/id-token-provider';
import { createHubQueryClient } from '../query/query-client';
import { hubStore } from '../store/hub-store';
import { fakeResponse, stubFetch } from '../testing/fake-fetch';
import { fallbackUser } from '../user/user-info';
import { userKeys } from './query-keys';
import { useUpdateUserProfile } from './update-user-profile';

const profile = { firstName: 'Jane', lastName: 'Doe', phoneNumber: '', city: 'Utrecht', businessUnitId: null };
const updated = { ...fallbackUser, userId: 'uid-1', firstName: 'Jane', city: 'Utrecht' };

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

beforeEach(() => {
  setAppConfig({ apiBaseUrl: 'http://api.test/' });
  setIdTokenProvider(null);
  client = createHubQueryClient();
  hubStore.set(userInfoAtom, fallbackUser);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('useUpdateUserProfile', () => {
  it('PUTs the profile and stores the answer as the user info, without asking GET api/user', async () => {
    const fetchMock = stubFetch({ body: updated });
    const { result } = renderHook(() => useUpdateUserProfile(), { wrapper });
    await act(() => result.current.mutateAsync(profile));
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'PUT http://api.test/api/user',
    ]);
    expect(hubStore.get(userInfoAtom)).toEqual(updated);
    expect(client.getQueryData(userKeys.info())).toEqual(updated);
  });

  it('a refused save leaves the user info alone', async () => {
    stubFetch(async () =>
      fakeResponse({ status: 400, body: { message: 'The request is invalid', details: ['body/city is too long'] } }),
    );
    const { result } = renderHook(() => useUpdateUserProfile(), { wrapper });
    await act(async () => {
      await expect(result.current.mutateAsync(profile)).rejects.toMatchObject({ status: 400 });
    });
    expect(hubStore.get(userInfoAtom)).toEqual(fallbackUser);
  });
});
