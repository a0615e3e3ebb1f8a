import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appConfigAtom, authStatusAtom, defaultAppConfig, logout } from '@hub/shared';
import { hubTestStore, renderPage } from '@hub/ui/testing/render-page';
import { installPromptAtom, type BeforeInstallPromptEvent } from '../../install/install-prompt';
import { Footer } from './footer';

jest.mock('@hub/shared', () => ({ ...jest.requireActual('@hub/shared'), logout: jest.fn(() => Promise.resolve()) }));

const column = (name: string) => screen.getByRole('list', { name });
const linksIn = (name: string) =>
  within(column(name))
    .getAllByRole('link')
    .map((l) => [l.textContent, l.getAttribute('href')]);

describe('Footer', () => {
  it('is one landmark: its columns are named lists, not regions that could repeat a page’s (issue 23)', () => {
    renderPage(<Footer />);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryAllByRole('region')).toEqual([]);
    expect(screen.getAllByRole('list').map((l) => l.getAttribute('aria-labelledby'))).toEqual([
      'footer-account',
      'footer-discover',
      'footer-about',
    ]);
  });

  it('offers Log in and Sign up when logged out', () => {
    renderPage(<Footer />);
    expect(linksIn('Your Account')).toEqual([
      ['Log in', '/account/login'],
      ['Sign up', '/account/register'],
    ]);
  });

  it('offers Profile, My Community Hub and Log Out when logged in', async () => {
    const store = hubTestStore;
    store.set(authStatusAtom, 'loggedIn');
    renderPage(<Footer />);
    expect(linksIn('Your Account')).toEqual([
      ['Profile', '/my-account'],
      ['My Community Hub', '/my-hub'],
    ]);
    await userEvent.click(within(column('Your Account')).getByRole('button', { name: 'Log Out' }));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('links the areas and the information pages', () => {
    renderPage(<Footer />);
    expect(linksIn('Discover')).toEqual([
      ['Events', '/events/event-list'],
      ['Communities', '/communities'],
      ['Networks', '/networks'],
    ]);
    expect(linksIn('Community Hub')).toEqual([
      ['About', '/about'],
      ['How to host an event', '/about/hosting-event'],
      ['Privacy Policy', '/privacy'],
    ]);
  });

  it('shows the copyright with the current year and the product name', () => {
    const store = hubTestStore;
    store.set(appConfigAtom, { ...defaultAppConfig, product: { name: 'Test Hub', slug: 'test' } });
    renderPage(<Footer />);
    expect(screen.getByText(`Copyright © ${new Date().getFullYear()} Test Hub`)).toBeInTheDocument();
  });

  it('offers Add to Home Screen only while the browser offers installation', async () => {
    const store = hubTestStore;
    renderPage(<Footer />);
    expect(screen.queryByRole('button', { name: 'Add to Home Screen' })).not.toBeInTheDocument();

    const offer = { prompt: jest.fn(() => Promise.resolve()) } as unknown as BeforeInstallPromptEvent;
    act(() => store.set(installPromptAtom, offer));
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Home Screen' }));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Add to Home Screen' })).not.toBeInTheDocument();
  });
});
