import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { setAppConfig } from '../config/app-config';
import { setIdTokenProvider } from '../http/id-token-provider';
import { createHubQueryClient } from '../query/query-client';
import { fakeResponse, stubFetch } from '../testing/fake-fetch';
import { afterEventChange } from './event-caches';
import { eventsQueryString, normaliseEventFilters, useEventList } from './get-events';
import { useMyEvents } from './get-my-events';
import { eventKeys } from './query-keys';
import { useCreateCalendarFeed, useCalendarFeed } from './calendar-feed';

jest.mock('./get-user-info', () => ({ ...jest.requireActual('./get-user-info'), refreshUserInfo: jest.fn() }));

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);
const page = (ids: number[]) => ({ items: ids.map((id) => ({ id })), total: ids.length, page: 1, pageSize: 20 });

beforeEach(() => {
  setAppConfig({ apiBaseUrl: 'http://api.test/' });
  setIdTokenProvider(null);
  client = createHubQueryClient();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  client.clear();
  jest.restoreAllMocks();
});

describe('event list filters', () => {
  it('drop the defaults, empty text and blanks so equal asks share one key', () => {
    expect(normaliseEventFilters({ when: 'upcoming', q: '  ', page: 1, pageSize: 20 })).toEqual({});
    expect(eventKeys.list(normaliseEventFilters({ q: ' java ' }))).toEqual(eventKeys.list({ q: 'java' }));
    expect(eventsQueryString({ format: 'online', when: 'past', q: 'a&b' })).toBe('when=past&format=online&q=a%26b');
  });
});

describe('useEventList', () => {
  it('keeps the previous page on screen while the next one loads, then shows it', async () => {
    const fetchMock = stubFetch(async (url) =>
      fakeResponse({ body: url.includes('page=2') ? page([3]) : page([1, 2]) }),
    );
    const { result, rerender } = renderHook(({ p }) => useEventList({ page: p }), { wrapper, initialProps: { p: 1 } });
    await waitFor(() => expect(result.current.data?.items).toHaveLength(2));
    rerender({ p: 2 });
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.data?.items).toHaveLength(2);
    await waitFor(() => expect(result.current.data?.items).toEqual([{ id: 3 }]));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      'http://api.test/api/events',
      'http://api.test/api/events?page=2',
    ]);
  });

  it('is read again after an attendance change (afterEventChange marks every events read stale)', async () => {
    const fetchMock = stubFetch({ body: page([1]) });
    const list = renderHook(() => useEventList({ communityId: 4 }), { wrapper });
    const mine = renderHook(() => useMyEvents({ when: 'upcoming' }), { wrapper });
    await waitFor(() => expect(list.result.current.isSuccess && mine.result.current.isSuccess).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(() => afterEventChange(client, { eventId: 1, communityId: 4 }));
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.filter((u) => u === 'http://api.test/api/events?communityId=4')).toHaveLength(2);
    expect(urls.filter((u) => u === 'http://api.test/api/user/events?when=upcoming')).toHaveLength(2);
  });
});

describe('calendar feed', () => {
  it('reads whether a feed exists; a new address stays in the answer and the cache learns only its date', async () => {
    const none = { active: false, createdAt: null };
    const fresh = {
      url: 'https://api.test/api/calendar/new.ics',
      webcalUrl: 'webcal://api.test/api/calendar/new.ics',
      createdAt: '2026-03-05T09:00:00.000Z',
    };
    const fetchMock = stubFetch(async (_url, init) => fakeResponse({ body: init?.method === 'POST' ? fresh : none }));
    const feed = renderHook(() => useCalendarFeed(), { wrapper });
    await waitFor(() => expect(feed.result.current.data).toEqual(none));
    const create = renderHook(() => useCreateCalendarFeed(), { wrapper });
    let answer: unknown;
    await act(async () => {
      answer = await create.result.current.mutateAsync();
    });
    expect(answer).toEqual(fresh);
    // The hook's own state settles a render later on a loaded machine: wait for it rather than read it at once.
    await waitFor(() => expect(create.result.current.data).toEqual(fresh));
    // The secret address is never kept with the query data (which may be persisted for offline use).
    await waitFor(() => expect(feed.result.current.data).toEqual({ active: true, createdAt: fresh.createdAt }));
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'GET http://api.test/api/user/calendar-feed',
      'POST http://api.test/api/user/calendar-feed',
    ]);
  });
});
