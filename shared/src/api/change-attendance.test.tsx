import { act, renderHook, waitFor } from '@testing-library/react';
import type { EventDetail, EventViewerInfo } from '@hub/contract/events';
import { authStatusAtom, userInfoAtom } from '../auth/auth-state';
import { hubStore } from '../store/hub-store';
import { fakeResponse, sentHeader, stubFetch } from '../testing/fake-fetch';
import { sentPaths, setUpApiHooks } from '../testing/api-hook-setup';
import { fallbackUser } from '../user/user-info';
import { useCancelEvent } from './cancel-event';
import { useChangeAttendance } from './change-attendance';
import { useEvent } from './get-event';
import { useEventViewer } from './get-event-viewer';
import { eventKeys } from './query-keys';

const me = { ...fallbackUser, userId: 'uid-7' };

const event = (attendeeCount: number, cancelled = false): EventDetail => ({
  id: 5,
  title: 'Java meetup',
  description: '',
  imageUrl: '',
  startsAt: '2030-03-01T17:00:00.000Z',
  endsAt: '2030-03-01T19:00:00.000Z',
  timeZone: 'Europe/Amsterdam',
  communityId: 3,
  communityName: 'Java Community',
  communityBaseId: 1,
  countryId: 1,
  countryName: 'Netherlands',
  capacity: 10,
  attendeeCount,
  seatsLeft: 10 - attendeeCount,
  cancelled,
  format: 'inPerson',
  locations: [],
  waitingListCount: 0,
  waitingListEnabled: false,
  cancelledAt: null,
  cancellationNote: null,
  reminders: { dayBefore: true, hourBefore: true },
});

const viewer = (status: EventViewerInfo['status']): EventViewerInfo => ({
  eventId: 5,
  status,
  eventLocationId: status === 'attending' ? 8 : null,
  waitingListPosition: null,
  shownInWhosGoing: false,
  canManage: false,
  joinLinks: [],
});

/** An API where attending event 5 raises its count and the viewer's status. */
function stubApi(attendance: { status: number; body: unknown } | null = null) {
  let attending = false;
  let cancelled = false;
  return stubFetch(async (url, init) => {
    if (url.endsWith('/attendance')) {
      if (attendance) return fakeResponse(attendance);
      attending = init?.method === 'PUT';
      return fakeResponse({ body: { eventId: 5, status: attending ? 'attending' : 'none', eventLocationId: null } });
    }
    if (url.endsWith('/cancel')) {
      cancelled = true;
      return fakeResponse({ body: event(attending ? 1 : 0, true) });
    }
    if (url.endsWith('/me')) return fakeResponse({ body: viewer(attending ? 'attending' : 'none') });
    if (url.endsWith('/api/user')) return fakeResponse({ body: me });
    if (url.includes('/api/events/5')) return fakeResponse({ body: event(attending ? 1 : 0, cancelled) });
    return fakeResponse({ status: 404 });
  });
}

/** Signed in as `me`: the attendance hooks ask with a token. */
const api = setUpApiHooks({ user: me, authStatus: 'loggedIn' });

describe('useEventViewer', () => {
  it('asks GET api/events/{id}/me with the bearer token once signed in', async () => {
    const fetchMock = stubApi();
    const { result } = renderHook(() => useEventViewer(5), { wrapper: api.wrapper });
    await waitFor(() => expect(result.current.data?.status).toBe('none'));
    expect(sentPaths(fetchMock)).toEqual(['GET api/events/5/me']);
    expect(sentHeader(fetchMock, 'Authorization')).toBe('Bearer id-token');
    expect(api.client.getQueryData(eventKeys.viewer(5, 'uid-7'))).toEqual(viewer('none'));
  });

  it('asks nothing for an anonymous visitor', async () => {
    hubStore.set(userInfoAtom, fallbackUser);
    hubStore.set(authStatusAtom, 'loggedOut');
    const fetchMock = stubApi();
    const { result } = renderHook(() => useEventViewer(5), { wrapper: api.wrapper });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.fetchStatus).toBe('idle');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('useChangeAttendance', () => {
  it('attends with PUT {eventLocationId}, then the event, the viewer and the user info show the change', async () => {
    const fetchMock = stubApi();
    const shown = renderHook(() => ({ event: useEvent(5), viewer: useEventViewer(5) }), { wrapper: api.wrapper });
    await waitFor(() => expect(shown.result.current.viewer.data?.status).toBe('none'));
    expect(shown.result.current.event.data?.attendeeCount).toBe(0);
    const before = fetchMock.mock.calls.length;

    const { result } = renderHook(() => useChangeAttendance(), { wrapper: api.wrapper });
    await act(() => result.current.mutateAsync({ action: 'attend', eventId: 5, communityId: 3, eventLocationId: 8 }));

    const [, init] = fetchMock.mock.calls[before] ?? [];
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ eventLocationId: 8 });
    expect(sentPaths(fetchMock, before).sort()).toEqual(
      ['PUT api/events/5/attendance', 'GET api/events/5', 'GET api/events/5/me', 'GET api/user'].sort(),
    );
    // The event is re-read past any HTTP cache; the other reads were refreshed before the mutation settled.
    const reread = fetchMock.mock.calls.slice(before).find(([url]) => String(url).endsWith('/api/events/5'));
    expect(reread?.[1]?.cache).toBe('no-cache');
    await waitFor(() => expect(shown.result.current.event.data?.attendeeCount).toBe(1));
    await waitFor(() => expect(shown.result.current.viewer.data?.status).toBe('attending'));
    expect(hubStore.get(userInfoAtom)).toEqual(me);
  });

  it('attends online with eventLocationId null, and withdraws with DELETE and no body', async () => {
    const fetchMock = stubApi();
    const { result } = renderHook(() => useChangeAttendance(), { wrapper: api.wrapper });
    await act(() =>
      result.current.mutateAsync({ action: 'attend', eventId: 5, communityId: 3, eventLocationId: null }),
    );
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ eventLocationId: null });
    const before = fetchMock.mock.calls.length;
    await act(() => result.current.mutateAsync({ action: 'withdraw', eventId: 5, communityId: 3 }));
    const [url, init] = fetchMock.mock.calls[before] ?? [];
    expect(url).toBe('http://api.test/api/events/5/attendance');
    expect(init?.method).toBe('DELETE');
    expect(init?.body).toBeUndefined();
  });

  it('a refusal rejects with the normalised message and leaves the cache alone', async () => {
    const fetchMock = stubApi({
      status: 409,
      body: { message: 'This event is full', details: ['There are no seats left'] },
    });
    await api.client.fetchQuery({ queryKey: eventKeys.detail(5), queryFn: () => event(10) });
    const { result } = renderHook(() => useChangeAttendance(), { wrapper: api.wrapper });
    await act(() =>
      expect(
        result.current.mutateAsync({ action: 'attend', eventId: 5, communityId: 3, eventLocationId: null }),
      ).rejects.toMatchObject({ status: 409, message: 'This event is full', details: ['There are no seats left'] }),
    );
    expect(sentPaths(fetchMock)).toEqual(['PUT api/events/5/attendance']);
    expect(api.client.getQueryState(eventKeys.detail(5))?.isInvalidated).toBe(false);
  });
});

describe('useCancelEvent', () => {
  it('posts api/events/{id}/cancel and the event shown becomes cancelled', async () => {
    const fetchMock = stubApi();
    const shown = renderHook(() => useEvent(5), { wrapper: api.wrapper });
    await waitFor(() => expect(shown.result.current.data?.cancelled).toBe(false));
    const { result } = renderHook(() => useCancelEvent(), { wrapper: api.wrapper });
    await act(() => result.current.mutateAsync({ eventId: 5, communityId: 3 }));
    expect(sentPaths(fetchMock)).toContain('POST api/events/5/cancel');
    // The hook's state reaches the render a tick after the promise settles (slow under load).
    await waitFor(() => expect(shown.result.current.data?.cancelled).toBe(true));
  });
});
