import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStatusAtom, createStore, onlineAtom, readPagesKey, type HubStore } from '@hub/shared';
import { isMissingCodeError, routeErrorTexts } from './route-error-page';
import { renderRoutes } from '../../testing/render-routes';

/** A screen whose code cannot be fetched, as webpack reports it. */
function chunkLoadError(): Error {
  const error = new Error('Loading chunk 512 failed.\n(error: http://localhost/512.abcdef0123.js)');
  error.name = 'ChunkLoadError';
  return error;
}

jest.mock('../about/about-page', () => {
  throw chunkLoadError();
});
jest.mock('../privacy/privacy-page', () => ({
  __esModule: true,
  default: () => {
    throw new TypeError('Cannot read properties of undefined');
  },
}));
jest.mock('../../components/remote-page/remote-widget', () => ({ RemoteWidget: () => null }));

function renderSite(path: string, online: boolean): HubStore {
  const store = createStore();
  store.set(authStatusAtom, 'loggedOut');
  store.set(onlineAtom, online);
  renderRoutes(path, store);
  return store;
}

const slow = { timeout: 10000 };
jest.setTimeout(30000);

let errorSpy: jest.SpyInstance;
beforeAll(() => {
  window.scrollTo = jest.fn();
});
beforeEach(() => {
  localStorage.clear();
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe("the router's error screen (issue 23: never React Router's developer screen)", () => {
  it('a screen whose code is gone with a release: a new version is available, with Reload, in the site frame', async () => {
    renderSite('/about', true);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'A new version of Community Hub is available' }, slow),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: routeErrorTexts.reload })).toBeVisible();
    expect(screen.getByRole('banner')).toBeVisible();
    expect(screen.getByRole('contentinfo')).toBeVisible();
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    expect(document.body.textContent).not.toContain('ChunkLoadError');
    expect(errorSpy).toHaveBeenCalled();
  });

  it('offline: this page has not been saved, and the pages that were read are offered', async () => {
    localStorage.setItem(
      readPagesKey,
      JSON.stringify([
        { path: '/about', title: 'About Community Hub · Community Hub' },
        { path: '/community/2', title: 'Rustaceans · Community Hub' },
        { path: '//evil.example/x', title: 'Elsewhere' },
      ]),
    );
    renderSite('/about', false);
    expect(await screen.findByRole('heading', { level: 1, name: routeErrorTexts.offlineTitle }, slow)).toBeVisible();
    expect(screen.getByText(routeErrorTexts.offlineSaved)).toBeVisible();
    const saved = screen.getByText(routeErrorTexts.offlineSaved).nextElementSibling!;
    const links = [...saved.querySelectorAll('a')];
    expect(links.map((a) => [a?.textContent, a?.getAttribute('href')])).toEqual([['Rustaceans', '/community/2']]);
  });

  it('anything else: a plain message, Reload and the way home', async () => {
    renderSite('/privacy', true);
    expect(await screen.findByRole('heading', { level: 1, name: routeErrorTexts.otherTitle }, slow)).toBeVisible();
    expect(screen.getByText(routeErrorTexts.otherBody)).toBeVisible();
    expect(screen.getByRole('button', { name: routeErrorTexts.reload })).toBeVisible();
    const home = screen.getByRole('link', { name: routeErrorTexts.home });
    expect(home).toHaveAttribute('href', '/');
    await userEvent.click(home);
    expect(await screen.findByRole('heading', { level: 1, name: /Welcome to/ }, slow)).toBeVisible();
  });
});

describe('isMissingCodeError', () => {
  it.each([
    chunkLoadError(),
    new TypeError('Failed to fetch dynamically imported module: http://localhost/x.js'),
    new Error('Loading CSS chunk 12 failed.'),
  ])('knows %s', (error) => expect(isMissingCodeError(error)).toBe(true));

  it.each([new TypeError('x is undefined'), 'a string', null])('does not take %s for one', (error) =>
    expect(isMissingCodeError(error)).toBe(false),
  );
});
