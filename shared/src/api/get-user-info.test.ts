import { userInfoAtom } from '../auth/auth-state';
import { setAppConfig } from '../config/app-config';
import { setIdTokenProvider } from '../http/id-token-provider';
import { queryClient } from '../query/query-client';
import { hubStore } from '../store/hub-store';
import { fakeResponse, stubFetch } from '../testing/fake-fetch';
import { fallbackUser } from '../user/user-info';
import { fetchUserInfo, refreshUserInfo } from './get-user-info';

const jane = { ...fallbackUser, userId: 'uid-1', firstName: 'Jane' };

beforeEach(() => {
  setAppConfig({ apiBaseUrl: 'http://api.test/' });
  setIdTokenProvider(async () => 'id-token');
  queryClient.clear();
  hubStore.set(userInfoAtom, fallbackUser);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('GET api/user (get-user-info.ts)', () => {
  it('is never served from the cache: each refresh asks again', async () => {
    const fetchMock = stubFetch({ body: jane });
    await expect(fetchUserInfo()).resolves.toEqual(jane);
    await expect(fetchUserInfo()).resolves.toEqual(jane);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://api.test/api/user');
  });

  it('callers asking at the same time share one request', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const both = Promise.all([fetchUserInfo(), refreshUserInfo()]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    answer(fakeResponse({ body: jane }));
    await expect(both).resolves.toEqual([jane, jane]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refreshUserInfo stores the answer as the user info everyone reads', async () => {
    stubFetch({ body: jane });
    await refreshUserInfo();
    expect(hubStore.get(userInfoAtom)).toEqual(jane);
  });

  it('SPEC §8: a failed fetch gives the fallback anonymous user', async () => {
    hubStore.set(userInfoAtom, jane);
    stubFetch({ status: 500 });
    await expect(refreshUserInfo()).resolves.toEqual(fallbackUser);
    expect(hubStore.get(userInfoAtom)).toEqual(fallbackUser);
  });
});
