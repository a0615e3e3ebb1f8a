import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { setAppConfig } from '../config/app-config';
import { setIdTokenProvider } from '../http/id-token-provider';
import { createHubQueryClient, queryClient } from '../query/query-client';
import { shouldPersistQuery } from '../query/query-persistence';
import { fakeResponse, stubFetch } from '../testing/fake-fetch';
import { useChangeInvitation, useInvitationStatus } from './community-invitations';
import { invitationKeys } from './query-keys';

const TOKEN = 'c'.repeat(43);
let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

beforeEach(() => {
  setAppConfig({ apiBaseUrl: 'http://api.test/' });
  setIdTokenProvider(null);
  client = createHubQueryClient();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  queryClient.clear();
  jest.restoreAllMocks();
});

describe('community invitations (issue 28)', () => {
  it("keeps a new link's secret out of the query cache: the status learns only that a link works and since when", async () => {
    stubFetch(async (_url, init) =>
      fakeResponse({
        body:
          init?.method === 'POST'
            ? { token: TOKEN, mode: 'join', createdAt: '2030-03-01T10:00:00.000Z' }
            : { active: false, mode: null, createdAt: null },
      }),
    );
    const { result } = renderHook(() => ({ status: useInvitationStatus(4), change: useChangeInvitation(4) }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.status.data?.active).toBe(false));
    let made: unknown;
    await act(async () => {
      made = await result.current.change.mutateAsync({ mode: 'join' });
    });
    expect(made).toMatchObject({ token: TOKEN });
    expect(client.getQueryData(invitationKeys.status(4))).toEqual({
      active: true,
      mode: 'join',
      createdAt: '2030-03-01T10:00:00.000Z',
    });
    expect(
      JSON.stringify(
        client
          .getQueryCache()
          .getAll()
          .map((q) => [q.queryKey, q.state.data]),
      ),
    ).not.toContain(TOKEN);
  });

  it('is never kept in the offline copy of the query data (a link is keyed by its secret; requests name people)', () => {
    for (const queryKey of [invitationKeys.view(TOKEN), invitationKeys.status(4), invitationKeys.requests(4)])
      expect(shouldPersistQuery({ queryKey, state: { status: 'success' } } as never)).toBe(false);
  });
});
