import { setAppConfig } from '../config/app-config';
import { apiFetch } from './api-fetch';
import { setIdTokenProvider } from './id-token-provider';
import { ApiError } from './normalised-error';
import { hangingFetch, sentHeader, stubFetch } from '../testing/fake-fetch';
import { setUpAnonymousFetch } from '../testing/anonymous-fetch-setup';

setUpAnonymousFetch();

describe('apiFetch', () => {
  describe('address (SPEC §7: the API base address is prepended)', () => {
    it.each([
      ['http://api.test/', 'api/community'],
      ['http://api.test', 'api/community'],
      ['http://api.test/', '/api/community'],
    ])('base %j + %j → http://api.test/api/community', async (apiBaseUrl, path) => {
      setAppConfig({ apiBaseUrl });
      const fetchMock = stubFetch({ body: [] });
      await apiFetch(path);
      expect(fetchMock.mock.calls[0]?.[0]).toBe('http://api.test/api/community');
    });

    it('reads the base address at call time, so deploy-time config loaded later applies', async () => {
      const fetchMock = stubFetch({ body: [] });
      setAppConfig({ apiBaseUrl: 'https://hub.example/backend/' });
      await apiFetch('api/bunit');
      expect(fetchMock.mock.calls[0]?.[0]).toBe('https://hub.example/backend/api/bunit');
    });
  });

  describe('bearer token (SPEC §7: added when an ID token exists)', () => {
    it('sends Authorization: Bearer <token> when the provider has a token', async () => {
      setIdTokenProvider(async () => 'id-token-123');
      const fetchMock = stubFetch({ body: {} });
      await apiFetch('api/user');
      expect(sentHeader(fetchMock, 'Authorization')).toBe('Bearer id-token-123');
    });

    it('sends no Authorization header when there is no token', async () => {
      const fetchMock = stubFetch({ body: {} });
      await apiFetch('api/community');
      expect(sentHeader(fetchMock, 'Authorization')).toBeNull();
    });

    it('sends no Authorization header, and still sends the request, when the token lookup fails', async () => {
      setIdTokenProvider(() => Promise.reject(new Error('token refresh failed')));
      const fetchMock = stubFetch({ body: [] });
      await expect(apiFetch('api/community')).resolves.toEqual([]);
      expect(sentHeader(fetchMock, 'Authorization')).toBeNull();
    });

    it('asks the provider on every request (tokens expire and refresh)', async () => {
      let n = 0;
      setIdTokenProvider(async () => `token-${++n}`);
      const fetchMock = stubFetch({ body: {} });
      await apiFetch('api/user');
      await apiFetch('api/user');
      expect(sentHeader(fetchMock, 'Authorization', 1)).toBe('Bearer token-2');
    });
  });

  describe('bodies', () => {
    it('sends json as a JSON body with a JSON content type', async () => {
      const fetchMock = stubFetch({ body: 1 });
      await apiFetch('api/user/sync', { method: 'POST', json: { msfAccessToken: null } });
      const init = fetchMock.mock.calls[0]?.[1];
      expect(init?.method).toBe('POST');
      expect(init?.body).toBe('{"msfAccessToken":null}');
      expect(sentHeader(fetchMock, 'Content-Type')).toBe('application/json');
      expect(sentHeader(fetchMock, 'Accept')).toBe('application/json');
    });

    it('sends an empty body with no content type when there is no json', async () => {
      const fetchMock = stubFetch({ body: { communityId: 3, member: true } });
      await apiFetch('api/communitymembership/3', { method: 'put' });
      const init = fetchMock.mock.calls[0]?.[1];
      expect(init?.method).toBe('PUT');
      expect(init?.body).toBeUndefined();
      expect(sentHeader(fetchMock, 'Content-Type')).toBeNull();
    });

    it('parses JSON answers, returns text answers as text and empty answers as undefined', async () => {
      stubFetch({ body: { id: 1 } });
      await expect(apiFetch('api/community/1')).resolves.toEqual({ id: 1 });
      stubFetch({ body: 2, contentType: 'application/problem+json' });
      await expect(apiFetch('api/user/sync', { method: 'POST' })).resolves.toBe(2);
      stubFetch({ body: 'plain' });
      await expect(apiFetch('api/x')).resolves.toBe('plain');
      stubFetch({ status: 204 });
      await expect(apiFetch('api/x', { method: 'DELETE' })).resolves.toBeUndefined();
    });
  });

  describe('timeouts', () => {
    it("gives up after timeoutMs with a timeout ApiError ('An unknown error occurred', status null)", async () => {
      jest.useFakeTimers();
      const fetchMock = hangingFetch();
      const call = apiFetch('api/user/sync', { method: 'POST', json: {}, timeoutMs: 5000 });
      const outcome = call.then(
        () => 'resolved',
        (error: unknown) => error,
      );
      await jest.advanceTimersByTimeAsync(4999);
      expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      const error = await outcome;
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'timeout', message: 'An unknown error occurred', status: null });
      expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    });

    it('a timeout also covers a stalled answer body', async () => {
      jest.useFakeTimers();
      stubFetch(
        async () =>
          ({
            ok: true,
            status: 200,
            headers: new Headers(),
            text: () => new Promise<string>(() => undefined),
          }) as unknown as Response,
      );
      const outcome = apiFetch('api/user', { timeoutMs: 100 }).catch((error: unknown) => error);
      await jest.advanceTimersByTimeAsync(100);
      await expect(outcome).resolves.toMatchObject({ kind: 'timeout' });
    });

    it('an answer within the limit clears the timer', async () => {
      jest.useFakeTimers();
      stubFetch({ body: 0 });
      await expect(apiFetch('api/user/sync', { method: 'POST', timeoutMs: 5000 })).resolves.toBe(0);
      expect(jest.getTimerCount()).toBe(0);
    });

    it("the caller's own cancellation is kind 'aborted' and is not logged as an error", async () => {
      const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      hangingFetch();
      const controller = new AbortController();
      const outcome = apiFetch('api/community', { signal: controller.signal }).catch((error: unknown) => error);
      controller.abort();
      await expect(outcome).resolves.toMatchObject({ kind: 'aborted', message: 'An unknown error occurred' });
      expect(consoleError).not.toHaveBeenCalled();
    });
  });
});
