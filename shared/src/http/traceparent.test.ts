import { setAppConfig } from '../config/app-config';
import { apiFetch } from './api-fetch';
import { setIdTokenProvider } from './id-token-provider';
import { sentHeader, stubFetch } from '../testing/fake-fetch';
import { setUpAnonymousFetch } from '../testing/anonymous-fetch-setup';
import { newTraceparent } from './traceparent';

setUpAnonymousFetch();

/** W3C Trace Context, version 00: lower-case hex, sampled. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

function expectValid(header: string | null): string {
  const match = TRACEPARENT.exec(header ?? '');
  expect(match).not.toBeNull();
  expect(match![1]).not.toBe('0'.repeat(32));
  expect(match![2]).not.toBe('0'.repeat(16));
  return match![1]!;
}

describe('traceparent on API calls', () => {
  beforeEach(() => setAppConfig({ apiBaseUrl: 'http://api.test/' }));

  it('makes valid, fresh ids', () => {
    const ids = new Set(Array.from({ length: 200 }, () => expectValid(newTraceparent())));
    expect(ids.size).toBe(200);
  });

  it('starts a trace of its own for every signed-in call', async () => {
    setIdTokenProvider(async () => 'id-token');
    const fetchMock = stubFetch({ body: {} });
    await apiFetch('api/user');
    await apiFetch('api/user');
    const first = expectValid(sentHeader(fetchMock, 'traceparent', 0));
    const second = expectValid(sentHeader(fetchMock, 'traceparent', 1));
    expect(first).not.toBe(second);
  });

  it('sends it on every write, signed in or not (the click that changes something)', async () => {
    const fetchMock = stubFetch({ body: {} });
    await apiFetch('api/communitymembership/1', { method: 'PUT' });
    await apiFetch('api/user/reset-password', { method: 'POST', json: { email: 'a@b.test' } });
    await apiFetch('api/community/1', { method: 'DELETE' });
    for (const call of [0, 1, 2]) expectValid(sentHeader(fetchMock, 'traceparent', call));
  });

  it('leaves it off an anonymous cross-origin read, which it would turn into a preflighted one', async () => {
    const fetchMock = stubFetch({ body: [] });
    await apiFetch('api/community');
    expect(sentHeader(fetchMock, 'traceparent')).toBeNull();
  });

  it('sends it on an anonymous read of an API on the page’s own origin (no preflight there)', async () => {
    setAppConfig({ apiBaseUrl: `${window.location.origin}/` });
    const fetchMock = stubFetch({ body: [] });
    await apiFetch('api/community');
    expectValid(sentHeader(fetchMock, 'traceparent'));
  });

  it('keeps a traceparent the caller gave', async () => {
    const given = newTraceparent();
    const fetchMock = stubFetch({ body: {} });
    await apiFetch('api/community/1', { method: 'PUT', headers: { traceparent: given } });
    expect(sentHeader(fetchMock, 'traceparent')).toBe(given);
  });
});
