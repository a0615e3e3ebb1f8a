import type { ReactNode } from 'react';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  authStatusAtom,
  communityQueryOptions,
  createHubQueryClient,
  fallbackUser,
  hubStore,
  lastVisitedKey,
  sessionSetupAtom,
  showAlert,
  showConfirm,
  userInfoAtom,
  Provider,
} from '@hub/shared';
import { fakeApi, type FakeAnswer } from '@hub/ui/testing/fake-api';
import { deferred } from '@hub/ui/testing/deferred';
import { community, coreUser, externalUser, leadUser, memberUser } from '../testing/demo-data';
import { renderPage } from '@hub/ui/testing/render-page';
import { MembershipButton } from './membership-button';
import { useMembershipToggle } from './use-membership-toggle';

// Fluent, userEvent and axe in jsdom are slow on a busy machine; the default 5 s is too tight.
jest.setTimeout(30_000);

const confirmMock = showConfirm as jest.MockedFunction<typeof showConfirm>;
const alertMock = showAlert as jest.MockedFunction<typeof showAlert>;

const cloudNative = community();

/** What the membership mutation reads again from the server after a change (shared/src/api/change-membership.ts). */
const rereads: Record<string, FakeAnswer> = {
  'GET api/community/1': { body: cloudNative },
  'GET api/community/base/1': { body: [cloudNative] },
  'GET api/community': { body: [] },
};

/** The user info refreshed after a change (SPEC §4): the membership as the API now has it. */
const userAfter = (user: typeof externalUser, member: boolean) => ({
  'GET api/user': {
    body: { ...user, memberOfCommunities: member ? [{ communityId: 1 }] : [] },
  },
});

beforeEach(() => {
  jest.clearAllMocks();
  alertMock.mockResolvedValue(undefined);
  localStorage.clear();
  sessionStorage.clear();
  hubStore.set(sessionSetupAtom, false);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

function showButton(user = externalUser) {
  return renderPage(<MembershipButton community={cloudNative} />, {
    url: '/community/1',
    pattern: '/community/:id',
    user,
  });
}

describe('useMembershipToggle', () => {
  it('is loading until the first community data arrives, then stays loaded', () => {
    const client = createHubQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <Provider store={hubStore}>
          <MemoryRouter>{children}</MemoryRouter>
        </Provider>
      </QueryClientProvider>
    );
    const { result, rerender } = renderHook(({ c }) => useMembershipToggle(c), {
      wrapper,
      initialProps: { c: undefined as typeof cloudNative | undefined },
    });
    expect(result.current.loading).toBe(true);
    rerender({ c: cloudNative });
    expect(result.current.loading).toBe(false);
    rerender({ c: undefined });
    expect(result.current.loading).toBe(false);
  });

  it('joins with PUT, clears the cached community, refreshes the user info and then offers Leave', async () => {
    const api = fakeApi({
      ...rereads,
      ...userAfter(externalUser, true),
      'PUT api/communitymembership/1': { body: { communityId: 1, member: true } },
    });
    const { queryClient } = showButton();
    const getCommunity = () => queryClient.fetchQuery(communityQueryOptions(1));
    await getCommunity();
    await userEvent.click(screen.getByRole('button', { name: 'Join Cloud Native Guild' }));

    expect(await screen.findByRole('button', { name: 'Leave Cloud Native Guild' })).toBeEnabled();
    expect(api.count('PUT api/communitymembership/1')).toBe(1);
    expect(api.count('GET api/user')).toBe(1);
    expect(hubStore.get(userInfoAtom).memberOfCommunities).toEqual([{ communityId: 1 }]);
    expect(confirmMock).not.toHaveBeenCalled();
    // The mutation cleared the community, its base and the overview (SPEC §7) and read them again
    // from the server itself, past any HTTP cache, and the query cache holds them.
    expect(api.count('GET api/community/1')).toBe(2);
    expect(api.requests('GET api/community/1')[1]?.cache).toBe('no-cache');
    expect(api.requests('GET api/community/base/1')[0]?.cache).toBe('no-cache');
    expect(api.requests('GET api/community')[0]?.cache).toBe('no-cache');
    await getCommunity();
    expect(api.count('GET api/community/1')).toBe(2);
  });

  it('disables the button while the request is in flight, so a double click sends one request', async () => {
    const answer = deferred<FakeAnswer>();
    const api = fakeApi({
      ...rereads,
      ...userAfter(externalUser, true),
      'PUT api/communitymembership/1': () => answer.promise,
    });
    showButton();
    const button = screen.getByRole('button', { name: 'Join Cloud Native Guild' });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    await userEvent.click(button);
    await act(async () => answer.resolve({ body: { communityId: 1, member: true } }));
    expect(await screen.findByRole('button', { name: 'Leave Cloud Native Guild' })).toBeEnabled();
    expect(api.count('PUT api/communitymembership/1')).toBe(1);
  });

  it('leaves with DELETE without asking a member who is not a core member', async () => {
    const api = fakeApi({
      ...rereads,
      ...userAfter(memberUser, false),
      'DELETE api/communitymembership/1': { body: { communityId: 1, member: false } },
    });
    showButton(memberUser);
    await userEvent.click(screen.getByRole('button', { name: 'Leave Cloud Native Guild' }));
    expect(await screen.findByRole('button', { name: 'Join Cloud Native Guild' })).toBeEnabled();
    expect(api.count('DELETE api/communitymembership/1')).toBe(1);
    expect(confirmMock).not.toHaveBeenCalled();
    expect(api.count('GET api/user')).toBe(1);
  });

  it('asks a core member first, and answering no changes nothing', async () => {
    const api = fakeApi({
      ...rereads,
      'DELETE api/communitymembership/1': { body: { communityId: 1, member: false } },
    });
    confirmMock.mockResolvedValue(false);
    showButton(coreUser);
    await userEvent.click(screen.getByRole('button', { name: 'Leave Cloud Native Guild' }));

    expect(confirmMock).toHaveBeenCalledWith({
      title: 'Leave Cloud Native Guild?',
      subtitle: 'This will remove you as a core member of this community. Are you sure you want to do this?',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Leave Cloud Native Guild' })).toBeEnabled());
    expect(api.count()).toBe(0);
    expect(alertMock).not.toHaveBeenCalled();
  });

  it('tells the community lead that they lead it before they leave', async () => {
    fakeApi(rereads);
    confirmMock.mockResolvedValue(false);
    showButton(leadUser);
    await userEvent.click(screen.getByRole('button', { name: 'Leave Cloud Native Guild' }));
    expect(confirmMock).toHaveBeenCalledWith({
      title: 'Leave Cloud Native Guild?',
      subtitle:
        'You are the lead of Cloud Native Guild. This will remove you as a core member of this community. Are you sure you want to do this?',
    });
  });

  it('leaves as a core member once they answer yes, and says so in a toast', async () => {
    const api = fakeApi({
      ...rereads,
      ...userAfter(coreUser, false),
      'DELETE api/communitymembership/1': { body: { communityId: 1, member: false } },
    });
    confirmMock.mockResolvedValue(true);
    showButton(coreUser);
    await userEvent.click(screen.getByRole('button', { name: 'Leave Cloud Native Guild' }));
    expect(await screen.findByRole('button', { name: 'Join Cloud Native Guild' })).toBeEnabled();
    expect(api.count('DELETE api/communitymembership/1')).toBe(1);
    expect(api.count('GET api/user')).toBe(1);
    expect(await screen.findByText('You left Cloud Native Guild')).toBeInTheDocument();
  });

  it.each([
    [
      'leaving',
      404,
      memberUser,
      'DELETE',
      'Could not leave community, the community does not exist or you are not member of the community',
    ],
    [
      'joining',
      404,
      externalUser,
      'PUT',
      'Could not subscribe to community, the community does not exist or you are already member of the community',
    ],
    ['leaving', 500, memberUser, 'DELETE', 'Something went wrong'],
    ['joining', 403, externalUser, 'PUT', 'Something went wrong'],
    ['joining', 0, externalUser, 'PUT', 'Something went wrong'],
  ])('shows the SPEC §8 text when %s fails with status %i', async (_what, status, user, method, text) => {
    const api = fakeApi({
      [`${method} api/communitymembership/1`]:
        status === 0
          ? () => Promise.reject(new TypeError('Failed to fetch'))
          : { status, body: { message: 'API says no', details: [] } },
    });
    showButton(user);
    const label = method === 'PUT' ? 'Join Cloud Native Guild' : 'Leave Cloud Native Guild';
    await userEvent.click(screen.getByRole('button', { name: label }));
    await waitFor(() => expect(alertMock).toHaveBeenCalledWith({ error: true, title: text }));
    expect(screen.getByRole('button', { name: label })).toBeEnabled();
    expect(api.count('GET api/user')).toBe(0);
  });

  it('keeps the change when re-reading the counts fails afterwards', async () => {
    fakeApi({
      ...rereads,
      ...userAfter(externalUser, true),
      'PUT api/communitymembership/1': { body: { communityId: 1, member: true } },
      'GET api/community': { status: 503 },
    });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    showButton();
    await userEvent.click(screen.getByRole('button', { name: 'Join Cloud Native Guild' }));
    expect(await screen.findByRole('button', { name: 'Leave Cloud Native Guild' })).toBeEnabled();
    expect(alertMock).not.toHaveBeenCalled();
  });

  it('sends an anonymous visitor who presses Join to log in, remembering this page', async () => {
    const api = fakeApi();
    const { router } = renderPage(<MembershipButton community={cloudNative} />, {
      url: '/community/1?tab=events',
      pattern: '/community/:id',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Join Cloud Native Guild' }));
    expect(router.current).toBe('/account/login');
    expect(localStorage.getItem(lastVisitedKey)).toBe('/community/1?tab=events');
    expect(api.count()).toBe(0);
  });

  it('finishes the join on the way back from the login the Join led to', async () => {
    const api = fakeApi({
      ...rereads,
      ...userAfter(externalUser, true),
      'PUT api/communitymembership/1': { body: { communityId: 1, member: true } },
    });
    const anonymous = renderPage(<MembershipButton community={cloudNative} />, {
      url: '/community/1',
      pattern: '/community/:id',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Join Cloud Native Guild' }));
    expect(anonymous.router.current).toBe('/account/login');
    anonymous.unmount();

    // Logged in (the session flow brings the user back to the remembered page).
    showButton(externalUser);
    expect(await screen.findByRole('button', { name: 'Leave Cloud Native Guild' })).toBeEnabled();
    expect(api.count('PUT api/communitymembership/1')).toBe(1);
    expect(alertMock).not.toHaveBeenCalled();

    // Once: a later visit does not join again.
    showButton(externalUser);
    await act(async () => undefined);
    expect(api.count('PUT api/communitymembership/1')).toBe(1);
  });

  it('waits for the session to be set up before finishing the join', async () => {
    const api = fakeApi({
      ...rereads,
      ...userAfter(externalUser, true),
      'PUT api/communitymembership/1': { body: { communityId: 1, member: true } },
    });
    renderPage(<MembershipButton community={cloudNative} />, { url: '/community/1', pattern: '/community/:id' });
    await userEvent.click(screen.getByRole('button', { name: 'Join Cloud Native Guild' }));

    hubStore.set(sessionSetupAtom, true);
    showButton(externalUser);
    await act(async () => undefined);
    expect(api.count()).toBe(0);
    act(() => hubStore.set(sessionSetupAtom, false));
    expect(await screen.findByRole('button', { name: 'Leave Cloud Native Guild' })).toBeEnabled();
    expect(api.count('PUT api/communitymembership/1')).toBe(1);
  });

  it('does not join again a user who already is a member when they come back', async () => {
    const api = fakeApi(rereads);
    renderPage(<MembershipButton community={cloudNative} />, { url: '/community/1', pattern: '/community/:id' });
    await userEvent.click(screen.getByRole('button', { name: 'Join Cloud Native Guild' }));
    showButton(memberUser);
    await act(async () => undefined);
    expect(screen.getByRole('button', { name: 'Leave Cloud Native Guild' })).toBeEnabled();
    expect(api.count()).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('does not finish a join pressed for another page, or one older than 30 minutes', async () => {
    const api = fakeApi({
      ...rereads,
      'PUT api/communitymembership/1': { body: { communityId: 1, member: true } },
    });
    const now = Date.now();
    sessionStorage.setItem(
      'hub.pendingJoin',
      JSON.stringify({ communityId: 1, path: '/communities/overview/1', at: now }),
    );
    showButton(externalUser);
    await act(async () => undefined);
    expect(api.count()).toBe(0);

    sessionStorage.setItem(
      'hub.pendingJoin',
      JSON.stringify({ communityId: 1, path: '/community/1', at: now - 30 * 60 * 1000 }),
    );
    showButton(externalUser);
    await act(async () => undefined);
    expect(api.count()).toBe(0);
    expect(screen.getAllByRole('button', { name: 'Join Cloud Native Guild' })[0]).toBeEnabled();
  });

  it('disables the button while the sign-in state is still loading', () => {
    fakeApi();
    renderPage(<MembershipButton community={cloudNative} />);
    act(() => {
      hubStore.set(userInfoAtom, fallbackUser);
      hubStore.set(authStatusAtom, 'loading');
    });
    expect(screen.getByRole('button', { name: 'Join Cloud Native Guild' })).toBeDisabled();
  });
});
