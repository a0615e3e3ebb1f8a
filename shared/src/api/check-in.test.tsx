import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ManagedAttendee, ManagedAttendeeList } from '@hub/contract/manage';
import { setAppConfig } from '../config/app-config';
import { setIdTokenProvider } from '../http/id-token-provider';
import { createHubQueryClient } from '../query/query-client';
import { fakeResponse, stubFetch } from '../testing/fake-fetch';
import { useCheckIn } from './check-in';
import { useManagedAttendees } from './get-managed-attendees';
import { useManagedCommunities } from './get-managed-communities';
import { manageKeys } from './query-keys';

const attendee = (userId: number, checkedInAt: string | null = null): ManagedAttendee => ({
  userId,
  firstName: `First${userId}`,
  lastName: 'Last',
  email: `user${userId}@hub.test`,
  status: 'attending',
  eventLocationId: null,
  cityName: null,
  online: true,
  registeredAt: '2030-01-01T10:00:00.000Z',
  checkedInAt,
});
const list: ManagedAttendeeList = {
  event: {
    id: 7,
    title: 'Kubernetes meetup',
    startsAt: '2030-03-01T17:00:00.000Z',
    endsAt: '2030-03-01T19:00:00.000Z',
    cancelled: false,
    capacity: 50,
    attending: 2,
    waiting: 0,
    checkedIn: 1,
    communityId: 1,
    communityName: 'Cloud Native Guild',
  },
  items: [attendee(1, '2030-03-01T17:01:00.000Z'), attendee(2)],
};

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);
const calls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url).replace('http://api.test/', '')}`);

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

describe('manage reads', () => {
  it('asks for the managed communities with the page, the page size and a trimmed search, and keys them by both', async () => {
    const page = { items: [], total: 0, page: 2, pageSize: 20 };
    const fetchMock = stubFetch({ body: page });
    const { result } = renderHook(() => useManagedCommunities({ q: ' cloud ', page: 2 }), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(page));
    expect(calls(fetchMock)).toEqual(['GET api/manage/communities?page=2&pageSize=20&q=cloud']);
    expect(client.getQueryData(manageKeys.communities({ q: ' cloud ', page: 2 }))).toEqual(page);
  });

  it('asks for the attendee list afresh each time it is shown, and nothing for an unreadable id', async () => {
    const fetchMock = stubFetch({ body: list });
    const first = renderHook(() => useManagedAttendees(7), { wrapper });
    await waitFor(() => expect(first.result.current.data).toEqual(list));
    first.unmount();
    renderHook(() => useManagedAttendees(7), { wrapper });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    renderHook(() => useManagedAttendees(null), { wrapper });
    expect(calls(fetchMock)).toEqual(['GET api/manage/events/7/attendees', 'GET api/manage/events/7/attendees']);
  });
});

describe('useCheckIn', () => {
  it('moves the switch and the count at once, then writes the answer in and marks the overview stale', async () => {
    let answer!: (r: Response) => void;
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    client.setQueryData(manageKeys.attendees(7), list);
    client.setQueryData(manageKeys.communities(), { items: [], total: 0, page: 1, pageSize: 20 });
    client.setQueryData(manageKeys.attendees(8), list);
    const { result } = renderHook(() => useCheckIn(7), { wrapper });

    let done!: Promise<unknown>;
    act(() => {
      done = result.current.mutateAsync({ userId: 2, present: true });
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const optimistic = client.getQueryData<ManagedAttendeeList>(manageKeys.attendees(7))!;
    expect(optimistic.event.checkedIn).toBe(2);
    expect(optimistic.items[1]!.checkedInAt).not.toBeNull();
    expect(calls(fetchMock)).toEqual(['PUT api/events/7/attendees/2/check-in']);

    // The server also counts a check-in made at another door meanwhile.
    await act(async () => {
      answer(
        fakeResponse({
          body: { eventId: 7, userId: 2, checkedInAt: '2030-03-01T17:05:00.000Z', checkedIn: 3, attending: 2 },
        }),
      );
      await done;
    });
    const saved = client.getQueryData<ManagedAttendeeList>(manageKeys.attendees(7))!;
    expect(saved.items[1]!.checkedInAt).toBe('2030-03-01T17:05:00.000Z');
    expect(saved.event.checkedIn).toBe(3);
    expect(client.getQueryState(manageKeys.communities())?.isInvalidated).toBe(true);
    expect(client.getQueryData(manageKeys.attendees(8))).toEqual(list);
  });

  it('takes a mark back with DELETE', async () => {
    const fetchMock = stubFetch({
      body: { eventId: 7, userId: 1, checkedInAt: null, checkedIn: 0, attending: 2 },
    });
    client.setQueryData(manageKeys.attendees(7), list);
    const { result } = renderHook(() => useCheckIn(7), { wrapper });
    await act(() => result.current.mutateAsync({ userId: 1, present: false }));
    expect(calls(fetchMock)).toEqual(['DELETE api/events/7/attendees/1/check-in']);
    const saved = client.getQueryData<ManagedAttendeeList>(manageKeys.attendees(7))!;
    expect(saved.items[0]!.checkedInAt).toBeNull();
    expect(saved.event.checkedIn).toBe(0);
  });

  it.each([
    ['a refusal', () => Promise.resolve(fakeResponse({ status: 403, body: { message: 'Not allowed', details: [] } }))],
    ['a lost network', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('after %s puts back the switch and the count, and rejects with the normalised error', async (_what, fail) => {
    stubFetch(fail);
    client.setQueryData(manageKeys.attendees(7), list);
    const { result } = renderHook(() => useCheckIn(7), { wrapper });
    await act(async () => {
      await expect(result.current.mutateAsync({ userId: 2, present: true })).rejects.toMatchObject({
        message: expect.any(String),
      });
    });
    expect(client.getQueryData(manageKeys.attendees(7))).toEqual(list);
  });
});
