import { setAppConfig } from '../config/app-config';
import { setIdTokenProvider } from '../http/id-token-provider';
import { sentHeader, stubFetch } from '../testing/fake-fetch';
import { getBusinessUnits } from './get-business-units';
import { getUserInfo } from './get-user-info';
import { updateUserProfile } from './update-user-profile';
import { requestPasswordReset, sendEmailConfirmation, syncUser } from './user-client';

beforeEach(() => {
  setAppConfig({ apiBaseUrl: 'http://api.test' });
  setIdTokenProvider(async () => 'id-token');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('user and business-unit clients (SPEC §7)', () => {
  it('getUserInfo GETs api/user with the bearer token and is not cached', async () => {
    const fetchMock = stubFetch({ body: { userId: 'uid-1' } });
    await expect(getUserInfo()).resolves.toEqual({ userId: 'uid-1' });
    await getUserInfo();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://api.test/api/user');
    expect(sentHeader(fetchMock, 'Authorization')).toBe('Bearer id-token');
  });

  it('syncUser POSTs {msfAccessToken, msfIdToken} of a work sign-in to api/user/sync and returns the numeric code', async () => {
    const fetchMock = stubFetch({ body: 3 });
    await expect(syncUser({ msfAccessToken: 'graph-token', msfIdToken: 'work-id-token' })).resolves.toBe(3);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://api.test/api/user/sync');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"msfAccessToken":"graph-token","msfIdToken":"work-id-token"}');
  });

  it('syncUser sends a null msfAccessToken for a password user', async () => {
    const fetchMock = stubFetch({ body: 0 });
    await syncUser({ msfAccessToken: null, msfIdToken: null });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"msfAccessToken":null}');
  });

  it('syncUser honours the 5000 ms session timeout', async () => {
    jest.useFakeTimers();
    stubFetch(
      (_url, init) =>
        new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const outcome = syncUser({ msfAccessToken: null }, { timeoutMs: 5000 }).catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(5000);
    await expect(outcome).resolves.toMatchObject({ kind: 'timeout' });
  });

  it('sendEmailConfirmation POSTs an empty body to api/user/activate-account', async () => {
    const fetchMock = stubFetch({ body: { message: 'A verification e-mail has been sent.' } });
    await sendEmailConfirmation();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://api.test/api/user/activate-account');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeUndefined();
  });

  it('requestPasswordReset POSTs {email} to api/user/reset-password', async () => {
    const fetchMock = stubFetch({ body: { message: 'ok' } });
    await requestPasswordReset('someone@hub.test');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://api.test/api/user/reset-password');
    expect(init?.body).toBe('{"email":"someone@hub.test"}');
  });

  it('getBusinessUnits GETs api/bunit', async () => {
    const units = [{ id: 1, name: 'Cloud' }];
    const fetchMock = stubFetch({ body: units });
    await expect(getBusinessUnits()).resolves.toEqual(units);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://api.test/api/bunit');
  });

  it('updateUserProfile PUTs the profile to api/user with the bearer token and returns the updated user info', async () => {
    const fetchMock = stubFetch({ body: { userId: 'uid-1', city: 'Utrecht' } });
    const profile = { firstName: 'Jane', lastName: 'Doe', phoneNumber: '', city: 'Utrecht', businessUnitId: null };
    await expect(updateUserProfile(profile)).resolves.toEqual({ userId: 'uid-1', city: 'Utrecht' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://api.test/api/user');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual(profile);
    expect(sentHeader(fetchMock, 'Authorization')).toBe('Bearer id-token');
  });
});
