import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  appConfigAtom,
  CommunityBaseId,
  authStatusAtom,
  defaultAppConfig,
  fallbackUser,
  communityKeys,
  logout,
  Permission,
  providerDisplayNameAtom,
  themeAtom,
  userInfoAtom,
  type CommunityDetail,
  type UserInfo,
} from '@hub/shared';
import type { QueryClient } from '@tanstack/react-query';
import { fakeApi } from '@hub/ui/testing/fake-api';
import { hubTestStore, renderPage } from '@hub/ui/testing/render-page';
import { stubMatchMedia } from '../../testing/match-media-stub';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { Header } from './header';

jest.mock('@hub/shared', () => ({
  ...jest.requireActual('@hub/shared'),
  logout: jest.fn(() => Promise.resolve()),
}));

/** The query cache as the community screen at `/community/{id}` leaves it: the header only reads it. */
function loadedByThePage(queryClient: QueryClient, id: number, answer: CommunityDetail | Error) {
  return act(() =>
    queryClient
      .fetchQuery({
        queryKey: communityKeys.detail(id),
        queryFn: () => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)),
      })
      .then(
        () => undefined,
        () => undefined,
      ),
  );
}

function signedIn(permissions: Permission[], extra: Partial<UserInfo> = {}) {
  const store = hubTestStore;
  store.set(authStatusAtom, 'loggedIn');
  store.set(userInfoAtom, { ...fallbackUser, userId: 'u1', firstName: 'Jane', lastName: 'Doe', permissions, ...extra });
  store.set(providerDisplayNameAtom, 'Doe, Jane');
  return store;
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const navLabels = () =>
  within(nav())
    .getAllByRole('link')
    .map((l) => l.textContent);

afterEach(() => jest.clearAllMocks());

const aCommunity = (id: number, communityBaseId: CommunityBaseId): CommunityDetail => ({
  id,
  name: `Community ${id}`,
  description: '',
  imageUrl: '',
  countryId: 1,
  countryName: 'Netherlands',
  communityBaseId,
  memberCount: 1,
  coreMembers: [],
  upcomingEventCount: 0,
  nextEvent: null,
});

describe('Header', () => {
  it('shows the product name as a logo linking home', () => {
    const store = hubTestStore;
    store.set(appConfigAtom, { ...defaultAppConfig, product: { name: 'Test Hub', slug: 'test' } });
    renderPage(<Header />);
    expect(screen.getByRole('link', { name: 'Test Hub' })).toHaveAttribute('href', '/');
  });

  it('offers the public areas and a Log In button to a logged-out visitor', () => {
    renderPage(<Header />);
    expect(navLabels()).toEqual(['Home', 'Events', 'Communities', 'Networks']);
    expect(within(nav()).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events/event-list');
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/account/login');
    expect(screen.queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument();
  });

  it('shows a neutral placeholder, not Log In, while a stored session is being restored (issue 23)', () => {
    hubTestStore.set(authStatusAtom, 'loading');
    const { container } = renderPage(<Header />);
    expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
    const placeholder = container.querySelector('[data-session-placeholder]');
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    act(() => hubTestStore.set(authStatusAtom, 'loggedOut'));
    expect(screen.getByRole('link', { name: 'Log In' })).toBeVisible();
    expect(container.querySelector('[data-session-placeholder]')).toBeNull();
  });

  it('navigates to the login screen from Log In', async () => {
    const { router } = renderPage(<Header />);
    await userEvent.click(screen.getByRole('link', { name: 'Log In' }));
    expect(router.pathname).toBe('/account/login');
  });

  it('shows Manage to core members and My account to anyone logged in', async () => {
    renderPage(<Header />, { setup: () => void signedIn([Permission.CoreMemberAccess]) });
    expect(navLabels()).toEqual(['Home', 'Events', 'Communities', 'Networks', 'Manage', 'My account']);
    expect(await screen.findByRole('button', { name: 'Account menu for Jane' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
  });

  it('shows Admin dashboard to admins, in the bar and in the dropdown', async () => {
    renderPage(<Header />, { setup: () => void signedIn([Permission.AdminAccess]) });
    expect(navLabels()).toEqual([
      'Home',
      'Events',
      'Communities',
      'Networks',
      'Manage',
      'Admin dashboard',
      'My account',
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Jane' }));
    const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
    expect(items).toEqual(['My account', 'My Community Hub', 'Admin dashboard', 'Platform status', 'Log Out']);
  });

  it('dropdown: Platform status opens /dashboard for an admin', async () => {
    const { router } = renderPage(<Header />, { setup: () => void signedIn([Permission.AdminAccess]) });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Jane' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Platform status' }));
    expect(router.pathname).toBe('/dashboard');
  });

  it('dropdown: no Admin dashboard for a non-admin; My account and My Community Hub navigate; Log Out logs out', async () => {
    const { router } = renderPage(<Header />, { setup: () => void signedIn([Permission.UserAccess]) });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Jane' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual([
      'My account',
      'My Community Hub',
      'Log Out',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'My account' }));
    expect(router.pathname).toBe('/my-account');

    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Jane' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'My Community Hub' }));
    expect(router.pathname).toBe('/my-hub');

    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Jane' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('dropdown: the menu (loaded when first wanted) opens from the keyboard and gives focus back on Escape', async () => {
    renderPage(<Header />, { setup: () => void signedIn([Permission.UserAccess]) });
    const account = await screen.findByRole('button', { name: 'Account menu for Jane' });
    expect(account).toHaveAttribute('aria-haspopup', 'menu');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    account.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'My account' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Account menu for Jane' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Account menu for Jane' })).toHaveFocus();
  }, 20_000);

  it('falls back to the user info name and shows initials when there is no profile image', async () => {
    const store = signedIn([Permission.UserAccess]);
    store.set(providerDisplayNameAtom, null);
    const { container } = renderPage(<Header />);
    expect(await screen.findByRole('button', { name: 'Account menu for Jane' })).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('J')).toBeInTheDocument();
  });

  it('shows the profile image when there is one', async () => {
    const { container } = renderPage(<Header />, {
      setup: () => void signedIn([Permission.UserAccess], { imageURL: 'https://img.test/jane.png' }),
    });
    await screen.findByRole('button', { name: 'Account menu for Jane' });
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://img.test/jane.png');
  });

  it('switches between light and dark theme', async () => {
    const store = hubTestStore;
    store.set(themeAtom, 'light');
    renderPage(<Header />);
    const toggle = screen.getByRole('button', { name: 'Dark theme' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(store.get(themeAtom)).toBe('dark');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('Header active item', () => {
  const current = () => document.querySelectorAll('[aria-current="page"]');

  it('marks exactly the active item', () => {
    renderPage(<Header />, { url: '/events/12' });
    expect(current()).toHaveLength(1);
    expect(within(nav()).getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
  });

  it('marks nothing on a page outside the areas', () => {
    renderPage(<Header />, { url: '/about' });
    expect(current()).toHaveLength(0);
  });

  it('keeps the previous highlight on the callback route', async () => {
    const { router } = renderPage(<Header />, { url: '/networks' });
    await router.navigate('/callback');
    expect(within(nav()).getByRole('link', { name: 'Networks' })).toHaveAttribute('aria-current', 'page');
    await router.navigate('/about');
    expect(current()).toHaveLength(0);
  });

  it('highlights Networks for a community whose base is 2', async () => {
    const api = fakeApi();
    const { queryClient } = renderPage(<Header />, { url: '/community/5' });
    await loadedByThePage(queryClient, 5, aCommunity(5, CommunityBaseId.Network));
    await waitFor(() =>
      expect(within(nav()).getByRole('link', { name: 'Networks' })).toHaveAttribute('aria-current', 'page'),
    );
    // The page loads the community; the header asks nothing itself (one request, not two).
    expect(api.count()).toBe(0);
  });

  it('highlights Communities for any other base', async () => {
    const { queryClient } = renderPage(<Header />, { url: '/community/6' });
    await loadedByThePage(queryClient, 6, aCommunity(6, CommunityBaseId.Community));
    await waitFor(() =>
      expect(within(nav()).getByRole('link', { name: 'Communities' })).toHaveAttribute('aria-current', 'page'),
    );
  });

  it('highlights nothing when the lookup fails', async () => {
    const { queryClient } = renderPage(<Header />, { url: '/community/404' });
    await loadedByThePage(queryClient, 404, new Error('404'));
    await act(async () => undefined);
    expect(current()).toHaveLength(0);
  });
});

describe('Header side menu', () => {
  let media: ReturnType<typeof stubMatchMedia>;
  afterEach(() => media.restore());

  it('uses a hamburger below 1240 px and opens the side menu with the same items', async () => {
    media = stubMatchMedia(true);
    renderPage(<Header />, { url: '/communities', setup: () => void signedIn([Permission.CoreMemberAccess]) });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    const menu = within(drawer).getByRole('navigation', { name: 'Site menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'Events', 'Communities', 'Networks', 'Manage', 'My account']);
    expect(within(menu).getByRole('link', { name: 'Communities' })).toHaveAttribute('aria-current', 'page');
    expect(within(drawer).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  it('closes the side menu when an item is chosen', async () => {
    media = stubMatchMedia(true);
    const { router } = renderPage(<Header />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(within(drawer).getByRole('link', { name: 'Networks' }));
    expect(router.pathname).toBe('/networks');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes the side menu when the width crosses the breakpoint', async () => {
    media = stubMatchMedia(true);
    renderPage(<Header />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    act(() => media.set(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it('does not load the side menu before it is opened', () => {
    media = stubMatchMedia(true);
    renderPage(<Header />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Header accessibility', () => {
  it('has no serious violations for a visitor', async () => {
    renderPage(<Header />, { url: '/events/event-list' });
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('has no serious violations with the user menu open', async () => {
    renderPage(<Header />, { setup: () => void signedIn([Permission.AdminAccess]) });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Jane' }));
    await screen.findAllByRole('menuitem');
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('has no serious violations with the side menu open', async () => {
    const media = stubMatchMedia(true);
    try {
      renderPage(<Header />);
      await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
      await screen.findByRole('dialog');
      expect(await seriousAxeViolations(document.body)).toEqual([]);
    } finally {
      media.restore();
    }
  });
});
