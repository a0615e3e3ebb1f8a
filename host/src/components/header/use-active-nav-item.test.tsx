import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { CommunityBaseId, requestCache, setAppConfig, type CommunityDetail } from '@hub/shared';
import { useActiveNavItem } from './use-active-nav-item';

function answer(status: number, body: unknown): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers({ 'content-type': 'application/json' }),
    text: async () => JSON.stringify(body),
  } as unknown as Response;
}

/** The API as the hook sees it: community 3 is a network, 4 a community, anything else missing. */
function stubApi() {
  const fetchMock = jest.fn(async (url: RequestInfo | URL) => {
    const id = Number(String(url).split('/').pop());
    if (id === 3)
      return answer(200, { id: 3, communityBaseId: CommunityBaseId.Network } satisfies Partial<CommunityDetail>);
    if (id === 4)
      return answer(200, { id: 4, communityBaseId: CommunityBaseId.Community } satisfies Partial<CommunityDetail>);
    return answer(404, { message: 'Community not found', details: [] });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function renderAt(path: string) {
  let navigate: ReturnType<typeof useNavigate> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
  );
  const hook = renderHook(
    () => {
      navigate = useNavigate();
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
  requestCache.clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('useActiveNavItem', () => {
  it('highlights by path without calling the API', () => {
    const fetchMock = stubApi();
    const { result } = renderAt('/events/event-list');
    expect(result.current).toBe('events');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('highlights Networks for a community whose communityBaseId is 2', async () => {
    const fetchMock = stubApi();
    const { result } = renderAt('/community/3');
    await waitFor(() => expect(result.current).toBe('networks'));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('http://api.test/api/community/3');
  });

  it('highlights Communities for community-form/edit of a base-1 community', async () => {
    stubApi();
    const { result } = renderAt('/community-form/edit/4');
    await waitFor(() => expect(result.current).toBe('communities'));
  });

  it('highlights nothing when the lookup fails', async () => {
    const fetchMock = stubApi();
    const { result } = renderAt('/community/99');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => undefined);
    expect(result.current).toBeNull();
  });

  it('uses the shared cache: revisiting a community does not fetch it again', async () => {
    const fetchMock = stubApi();
    const { result, go } = renderAt('/community/3');
    await waitFor(() => expect(result.current).toBe('networks'));
    await go('/about');
    expect(result.current).toBeNull();
    await go('/community/3');
    await waitFor(() => expect(result.current).toBe('networks'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
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
