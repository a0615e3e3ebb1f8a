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
import { eventKeys } from './query-keys';
import { useSaveEvent } from './save-event';
import type { EventDetail, EventInput } from './types';

const input: EventInput = {
  communityId: 1,
  title: 'Platform Engineering Day',
  description: '**Talks** and a workshop',
  imageUrl: '',
  startsAt: '2030-03-01T17:00:00.000Z',
  endsAt: '2030-03-01T20:00:00.000Z',
  timeZone: 'Europe/Amsterdam',
  capacity: 50,
  locations: [{ cityName: 'Utrecht', address: 'Papendorpseweg 100', online: 'No', capacity: null, joinUrl: null }],
};
const saved = (id: number, title = input.title): EventDetail => ({
  ...input,
  id,
  title,
  communityName: 'Cloud Native Guild',
  communityBaseId: 1,
  countryId: 1,
  countryName: 'Netherlands',
  attendeeCount: 0,
  seatsLeft: 50,
  cancelled: false,
  format: 'inPerson',
  locations: [
    {
      eventLocationId: 7,
      cityName: 'Utrecht',
      address: 'Papendorpseweg 100',
      online: 'No',
      capacity: null,
      attendeeCount: 0,
    },
  ],
  waitingListCount: 0,
  waitingListEnabled: false,
  cancelledAt: null,
  cancellationNote: null,
  reminders: { dayBefore: true, hourBefore: true },
});
const me = { ...fallbackUser, userId: 'uid-1', firstName: 'Lena' };

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

/** The API: the write answers `answer`; GET api/events/{id} the saved event under its new title; GET api/user the user. */
function stubApi(answer: { status: number; body: unknown }) {
  return stubFetch(async (url, init) => {
    if (url.endsWith('/api/user')) return fakeResponse({ body: me });
    if (init?.method === 'POST' || init?.method === 'PUT') return fakeResponse(answer);
    const id = Number(url.split('/').pop());
    return fakeResponse({ body: saved(id, 'Read again') });
  });
}

beforeEach(() => {
  setAppConfig({ apiBaseUrl: 'http://api.test/' });
  setIdTokenProvider(null);
  client = createHubQueryClient();
  hubStore.set(userInfoAtom, fallbackUser);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('useSaveEvent', () => {
  it.each([
    ['create', undefined, 'POST', 'http://api.test/api/events', 201, 31],
    ['edit', 31, 'PUT', 'http://api.test/api/events/31', 200, 31],
  ] as const)(
    '%s (id %s) sends the input, then refreshes the event, every events read and the user info',
    async (_what, id, method, url, status, savedId) => {
      const fetchMock = stubApi({ status, body: saved(savedId) });
      client.setQueryData(eventKeys.upcomingOfCommunity(1), ['cached']);
      client.setQueryData(eventKeys.detail(savedId), saved(savedId, 'Old title'));
      const { result } = renderHook(() => useSaveEvent(), { wrapper });
      await act(async () => {
        await expect(result.current.mutateAsync({ id, input })).resolves.toMatchObject({ id: savedId });
      });
      expect(fetchMock.mock.calls[0]?.[0]).toBe(url);
      expect(fetchMock.mock.calls[0]?.[1]?.method).toBe(method);
      expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual(input);
      // Resolved only once the event was read again from the API and the user info refreshed.
      expect(client.getQueryData<EventDetail>(eventKeys.detail(savedId))?.title).toBe('Read again');
      expect(client.getQueryState(eventKeys.upcomingOfCommunity(1))?.isInvalidated).toBe(true);
      expect(hubStore.get(userInfoAtom)).toMatchObject({ userId: 'uid-1' });
    },
  );

  it('a refused save refreshes nothing and rejects with the normalised error and its details', async () => {
    const fetchMock = stubApi({
      status: 400,
      body: { message: 'The request is invalid', details: ['body/endsAt must not be before body/startsAt'] },
    });
    client.setQueryData(eventKeys.upcomingOfCommunity(1), ['cached']);
    const { result } = renderHook(() => useSaveEvent(), { wrapper });
    await act(async () => {
      await expect(result.current.mutateAsync({ id: 31, input })).rejects.toMatchObject({
        status: 400,
        details: ['body/endsAt must not be before body/startsAt'],
      });
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(client.getQueryState(eventKeys.upcomingOfCommunity(1))?.isInvalidated).toBe(false);
    expect(hubStore.get(userInfoAtom)).toBe(fallbackUser);
  });
});
