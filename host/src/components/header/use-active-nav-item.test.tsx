import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { CommunityBaseId, createHubQueryClient, setAppConfig, useCommunity, type CommunityDetail } from '@hub/shared';
import { fakeApi } from '@hub/ui/testing/fake-api';
import { communityIdFromPath } from './active-nav-item';
import { useActiveNavItem } from './use-active-nav-item';

/** The API as the hook sees it: community 3 is a network, 4 a community, anything else missing (the fake's 404). */
function stubApi() {
  return fakeApi({
    'GET api/community/3': {
      body: { id: 3, communityBaseId: CommunityBaseId.Network } satisfies Partial<CommunityDetail>,
    },
    'GET api/community/4': {
      body: { id: 4, communityBaseId: CommunityBaseId.Community } satisfies Partial<CommunityDetail>,
    },
  });
}

/** What the remote's screen at a community route does: it loads that community. */
function useScreenAtLocation() {
  useCommunity(communityIdFromPath(useLocation().pathname));
}

let queryClient: QueryClient;

function renderAt(path: string, { withScreen = true } = {}) {
  let navigate: ReturnType<typeof useNavigate> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      navigate = useNavigate();
      if (withScreen) useScreenAtLocation();
      return useActiveNavItem();
    },
    { wrapper },
  );
  const go = (to: string) =>
    act(async () => {
      await navigate?.(to);
    });
  return { ...hook, go };
}

beforeEach(() => {
  setAppConfig({ apiBaseUrl: 'http://api.test/' });
  queryClient = createHubQueryClient();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('useActiveNavItem', () => {
  it('highlights by path without calling the API', () => {
    const api = stubApi();
    const { result } = renderAt('/events/event-list');
    expect(result.current).toBe('events');
    expect(api.count()).toBe(0);
  });

  it('highlights Networks for a community whose communityBaseId is 2', async () => {
    const api = stubApi();
    const { result } = renderAt('/community/3');
    await waitFor(() => expect(result.current).toBe('networks'));
    expect(api.count('GET api/community/3')).toBe(1);
    expect(api.count()).toBe(1);
  });

  it('highlights Communities for community-form/edit of a base-1 community', async () => {
    stubApi();
    const { result } = renderAt('/community-form/edit/4');
    await waitFor(() => expect(result.current).toBe('communities'));
  });

  it('highlights nothing when the lookup fails', async () => {
    const api = stubApi();
    const { result } = renderAt('/community/99');
    await waitFor(() => expect(api.count('GET api/community/99')).toBe(1));
    await act(async () => undefined);
    expect(result.current).toBeNull();
  });

  it('asks the API nothing itself: an unknown community is requested once, by its screen', async () => {
    const api = stubApi();
    renderAt('/community/9999', { withScreen: false });
    await act(async () => undefined);
    expect(api.count()).toBe(0);

    const { result } = renderAt('/community/9999');
    await waitFor(() => expect(api.count('GET api/community/9999')).toBe(1));
    await act(async () => undefined);
    expect(result.current).toBeNull();
    expect(api.count()).toBe(1);
  });

  it('follows the shared cache: revisiting a community does not fetch it again', async () => {
    const api = stubApi();
    const { result, go } = renderAt('/community/3');
    await waitFor(() => expect(result.current).toBe('networks'));
    await go('/about');
    expect(result.current).toBeNull();
    await go('/community/3');
    await waitFor(() => expect(result.current).toBe('networks'));
    expect(api.count()).toBe(1);
  });

  it('keeps the previous highlight on /callback', async () => {
    stubApi();
    const { result, go } = renderAt('/community/3');
    await waitFor(() => expect(result.current).toBe('networks'));
    await go('/callback');
    expect(result.current).toBe('networks');
    await go('/');
    expect(result.current).toBe('home');
  });
});
