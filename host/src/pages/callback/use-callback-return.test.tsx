import { act } from '@testing-library/react';
import { authStatusAtom, sessionSetupAtom } from '@hub/shared';
import { hubTestStore, renderPage } from '@hub/ui/testing/render-page';
import CallbackPage from './callback-page';

beforeEach(() => localStorage.clear());

describe('the sign-in return screen', () => {
  it('sends a signed-in user who arrives with nothing under way to the last visited page', async () => {
    localStorage.setItem('lastVisited', '/communities');
    const store = hubTestStore;
    store.set(authStatusAtom, 'loggedIn');
    const { router } = renderPage(<CallbackPage />, { url: '/callback' });
    await act(async () => undefined);
    expect(router.pathname).toBe('/communities');
  });

  it('or to / when there is none', async () => {
    const store = hubTestStore;
    store.set(authStatusAtom, 'loggedIn');
    const { router } = renderPage(<CallbackPage />, { url: '/callback' });
    await act(async () => undefined);
    expect(router.pathname).toBe('/');
  });

  it('stays while the session is being set up, and leaves the return to the session flow', async () => {
    localStorage.setItem('lastVisited', '/communities');
    const store = hubTestStore;
    store.set(sessionSetupAtom, true);
    store.set(authStatusAtom, 'loggedIn');
    const { router } = renderPage(<CallbackPage />, { url: '/callback' });
    await act(async () => undefined);
    expect(router.pathname).toBe('/callback');
    act(() => store.set(sessionSetupAtom, false));
    await act(async () => undefined);
    expect(router.pathname).toBe('/callback');
  });
});
