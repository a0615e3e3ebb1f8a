import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { setAppConfig } from '../config/app-config';
import { setIdTokenProvider } from '../http/id-token-provider';
import { createHubQueryClient } from '../query/query-client';
import { fakeResponse, stubFetch } from '../testing/fake-fetch';
import { useChangeUserRoles } from './change-user-roles';
import { useRevokeCalendarFeed } from './revoke-calendar-feed';
import { useAdminTrends } from './get-admin-trends';
import { useAdminUsers } from './get-admin-users';
import { useAuditLog } from './get-audit-log';
import { useHealth } from './get-health';
import { adminKeys, communityKeys } from './query-keys';

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);
const page = { items: [], total: 0, page: 1, pageSize: 20 };

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
const urls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url).replace('http://api.test/', '')}`);

describe('administration reads and the role change (shared/src/api)', () => {
  it('users: the query string leaves out unset filters; each query is its own key; shown data is always asked afresh', async () => {
    const fetchMock = stubFetch({ body: page });
    const query = { q: 'ada', role: undefined, sort: 'email' as const, order: 'desc' as const, page: 2, pageSize: 20 };
    const first = renderHook(() => useAdminUsers(query), { wrapper });
    await waitFor(() => expect(first.result.current.data).toEqual(page));
    expect(urls(fetchMock)).toEqual(['GET api/admin/users?q=ada&sort=email&order=desc&page=2&pageSize=20']);
    expect(
      client.getQueryData(adminKeys.users({ q: 'ada', sort: 'email', order: 'desc', page: 2, pageSize: 20 })),
    ).toEqual(page);
    first.unmount();
    renderHook(() => useAdminUsers(query), { wrapper });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });

  it('trends, the audit log and the health: their paths', async () => {
    const fetchMock = stubFetch(async (url) =>
      fakeResponse({ body: url.includes('audit') ? { items: [], nextCursor: null } : { status: 'ok' } }),
    );
    renderHook(() => useAdminTrends({ weeks: 8 }), { wrapper });
    renderHook(() => useAuditLog({ action: 'user.roles.change', before: 40, pageSize: 25 }), { wrapper });
    renderHook(() => useHealth(), { wrapper });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(urls(fetchMock).sort()).toEqual([
      'GET api/admin/audit-log?action=user.roles.change&before=40&pageSize=25',
      'GET api/admin/stats/trends?weeks=8',
      'GET api/health',
    ]);
  });

  it('a role change PUTs the roles and invalidates every users page, the figures and the audit log, nothing else', async () => {
    const fetchMock = stubFetch({ body: { id: 3, roles: [0, 3] } });
    for (const key of [
      adminKeys.users({ page: 1 }),
      adminKeys.users({ q: 'x' }),
      adminKeys.trends({}),
      adminKeys.audit({ pageSize: 25 }),
      communityKeys.overview(),
    ])
      client.setQueryData(key, ['cached']);
    const { result } = renderHook(() => useChangeUserRoles(), { wrapper });
    await act(() => result.current.mutateAsync({ id: 3, roles: [0, 3] }));
    expect(fetchMock.mock.calls.map(([url, init]) => [String(url), init?.method, init?.body])).toEqual([
      ['http://api.test/api/admin/users/3/roles', 'PUT', '{"roles":[0,3]}'],
    ]);
    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(
      [
        adminKeys.users({ page: 1 }),
        adminKeys.users({ q: 'x' }),
        adminKeys.trends({}),
        adminKeys.audit({ pageSize: 25 }),
      ].map(invalidated),
    ).toEqual([true, true, true, true]);
    expect(invalidated(communityKeys.overview())).toBe(false);
  });

  it("revoking a user's calendar feed DELETEs it and re-reads the audit log only", async () => {
    const fetchMock = stubFetch({ body: { userId: 3, revoked: true } });
    for (const key of [adminKeys.users({ page: 1 }), adminKeys.audit({ pageSize: 25 })])
      client.setQueryData(key, ['cached']);
    const { result } = renderHook(() => useRevokeCalendarFeed(), { wrapper });
    let answer: unknown;
    await act(async () => {
      answer = await result.current.mutateAsync(3);
    });
    expect(answer).toEqual({ userId: 3, revoked: true });
    expect(urls(fetchMock)).toEqual(['DELETE api/admin/users/3/calendar-feed']);
    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect([adminKeys.audit({ pageSize: 25 }), adminKeys.users({ page: 1 })].map(invalidated)).toEqual([true, false]);
  });
});
