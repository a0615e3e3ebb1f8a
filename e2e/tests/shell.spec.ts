import { expect, test, type Page } from '@playwright/test';
import { appOrigin, ports, siteOrigin, type RemoteName } from '../support/stack';
import {
  expectAppStarted,
  expectRemoteScreen,
  expectSameDocument,
  footer,
  main,
  mainNav,
  markDocument,
} from '../support/site';

// Seeded by the API (api/src/seed/demo-data.ts): community 1 is a community, 13 a network.
const communityId = 1;
const networkId = 13;

const h1 = (page: Page) => main(page).getByRole('heading', { level: 1 });

type Expected = { host: string } | { remote: RemoteName };

/** SPEC §2's public routes, as an anonymous visitor reaches them. */
const publicRoutes: Array<[string, Expected]> = [
  ['/', { host: 'Welcome to Community Hub' }],
  ['/communities', { remote: 'communities' }],
  ['/communities/overview/1', { remote: 'communities' }],
  ['/networks', { remote: 'communities' }],
  ['/networks/overview/1', { remote: 'communities' }],
  ['/events/event-list', { remote: 'events' }],
  ['/events/1', { remote: 'events' }],
  [`/community/${communityId}`, { remote: 'communities' }],
  ['/about', { host: 'About Community Hub' }],
  ['/about/hosting-event', { host: 'How to host an event' }],
  ['/privacy', { host: 'Privacy Policy' }],
  ['/account/login', { remote: 'account' }],
  ['/account/register', { remote: 'account' }],
  ['/account/forgot-password', { remote: 'account' }],
];

/** Routes that need a signed-in user (or more): an anonymous visitor is sent to the login route. */
const protectedRoutes = [
  '/event-form',
  '/event-form/edit/1',
  `/event-form/${communityId}`,
  '/my-hub',
  '/manage',
  '/my-account',
  '/admin-dashboard',
  '/dashboard',
  '/community-form',
  `/community-form/edit/${communityId}`,
  '/callback',
];

test.describe('the route table as an anonymous visitor', () => {
  test('public routes render their screens', async ({ page }) => {
    for (const [path, expected] of publicRoutes) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`${path === '/' ? '/' : path}$`));
      if ('host' in expected) {
        await expect(h1(page), path).toHaveText(expected.host);
      } else {
        await expectRemoteScreen(page, expected.remote, path);
      }
    }
  });

  test('protected routes redirect to the login route, which remembers where the visitor was going', async ({
    page,
  }) => {
    for (const path of protectedRoutes) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/account\/login$/);
      await expectRemoteScreen(page, 'account', path);
      if (path !== '/callback') {
        expect(await page.evaluate(() => localStorage.getItem('lastVisited')), path).toBe(path);
      }
    }
  });

  test('an unknown route shows page not found with a way home', async ({ page }) => {
    await page.goto('/nope');
    await expect(h1(page)).toHaveText('Page not found');
    await main(page).getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(h1(page)).toHaveText('Welcome to Community Hub');
  });
});

test.describe('header', () => {
  const current = (page: Page) => mainNav(page).locator('[aria-current="page"]');

  async function expectHighlight(page: Page, path: string, item: string | null) {
    await page.goto(path);
    if (item) {
      await expect(current(page), path).toHaveCount(1);
      await expect(current(page), path).toHaveText(item);
    } else {
      await expect(current(page), path).toHaveCount(0);
    }
  }

  test('marks the active area with aria-current="page"', async ({ page }) => {
    await expectHighlight(page, '/', 'Home');
    await expectHighlight(page, '/events/event-list', 'Events');
    await expectHighlight(page, '/events/1', 'Events');
    await expectHighlight(page, '/communities', 'Communities');
    await expectHighlight(page, '/communities/overview/1', 'Communities');
    await expectHighlight(page, '/networks', 'Networks');
    await expectHighlight(page, '/networks/overview/1', 'Networks');
    await expectHighlight(page, '/about', null);
    await expectHighlight(page, '/privacy', null);
  });

  test('community/<id> highlights by the community’s base from the API', async ({ page }) => {
    await expectHighlight(page, `/community/${communityId}`, 'Communities');
    await expectHighlight(page, `/community/${networkId}`, 'Networks');

    const lookup = page.waitForResponse(
      (r) => r.url().startsWith(`http://localhost:${ports.api}/`) && r.url().includes('999999'),
    );
    await page.goto('/community/999999');
    expect((await lookup).status()).toBe(404);
    await expectRemoteScreen(page, 'communities');
    await expect(current(page)).toHaveCount(0);
  });

  test('below 1240 px a side menu (drawer) holds the items; it closes when the width crosses the breakpoint', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto('/communities');
    await expect(mainNav(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    const menu = drawer.getByRole('navigation', { name: 'Site menu' });
    await expect(menu.getByRole('link')).toHaveText(['Home', 'Events', 'Communities', 'Networks']);
    await expect(menu.getByRole('link', { name: 'Communities' })).toHaveAttribute('aria-current', 'page');
    await expect(drawer.getByRole('link', { name: 'Log In' })).toBeVisible();

    await page.setViewportSize({ width: 1300, height: 800 });
    await expect(drawer).toBeHidden();
    await expect(mainNav(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
  });

  test('choosing an item in the side menu navigates and closes it', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Networks' }).click();
    await expect(page).toHaveURL(/\/networks$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectRemoteScreen(page, 'communities');
  });

  test('the logo goes home', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('banner').getByRole('link', { name: 'Community Hub' }).click();
    await expect(h1(page)).toHaveText('Welcome to Community Hub');
  });

  test('the theme switch is remembered across a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/about');
    const provider = page.locator('.fui-FluentProvider[data-theme]').first();
    await expect(provider).toHaveAttribute('data-theme', 'light');
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Dark theme' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(provider).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('hub-theme'))).toBe('dark');

    await page.reload();
    await expect(provider).toHaveAttribute('data-theme', 'dark');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  test('with no choice made, the theme follows the system preference', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/about');
    await expect(page.locator('.fui-FluentProvider[data-theme]').first()).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('navigation behaviours', () => {
  test('lastVisited keeps the last page outside /account', async ({ page }) => {
    await page.goto('/communities');
    await expectRemoteScreen(page, 'communities');
    expect(await page.evaluate(() => localStorage.getItem('lastVisited'))).toBe('/communities');
    await page.getByRole('banner').getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/account\/login$/);
    await expectRemoteScreen(page, 'account');
    expect(await page.evaluate(() => localStorage.getItem('lastVisited'))).toBe('/communities');
    await markDocument(page);
    await footer(page).getByRole('link', { name: 'How to host an event' }).click();
    await expect(page).toHaveURL(/\/about\/hosting-event$/);
    // Followed inside the app, which remembers it (a plain link's new document would not yet).
    await expectSameDocument(page);
    expect(await page.evaluate(() => localStorage.getItem('lastVisited'))).toBe('/about/hosting-event');
  });

  test('each page names the tab "<page> · Community Hub"; the home page is the product alone', async ({ page }) => {
    await page.goto('/communities');
    await expectRemoteScreen(page, 'communities');
    await expect(page).toHaveTitle('Communities · Community Hub');
    await page.goto('/about');
    await expect(page).toHaveTitle('About · Community Hub');
    await page.goto('/events/event-list');
    await expect(page).toHaveTitle(/ · Community Hub$/);
    await page.goto('/');
    await expect(page).toHaveTitle('Community Hub');
  });

  test('the footer shows the current year', async ({ page }) => {
    await page.goto('/about');
    const year = await page.evaluate(() => new Date().getFullYear());
    await expect(footer(page)).toContainText(`Copyright © ${year} Community Hub`);
  });

  test('the scroll position is restored on back and forward', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/privacy');
    await expect(h1(page)).toHaveText('Privacy Policy');
    // The app restores positions; a plain link's new document (before it has started) is the browser's.
    await expectAppStarted(page);
    // Leave from the footer, far down the page: the position at the moment of leaving is restored.
    const aboutLink = footer(page).getByRole('link', { name: 'About' });
    await aboutLink.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(300);
    await aboutLink.click();
    await expect(h1(page)).toHaveText('About Community Hub');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(h1(page)).toHaveText('Privacy Policy');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);

    await page.goForward();
    await expect(h1(page)).toHaveText('About Community Hub');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('anchor links scroll to their anchor', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/privacy#privacy-rights');
    await expectAppStarted(page);
    const rights = page.locator('#privacy-rights');
    await expect(rights).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // An in-page link to an anchor, followed inside the single-page app.
    await page.evaluate(() => window.scrollTo(0, 0));
    await main(page)
      .getByRole('link', { name: /contact/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/privacy#privacy-contact$/);
    await expect(page.locator('#privacy-contact')).toBeInViewport();
  });
});

test.describe("the site's error screen (issue 23: never React Router's developer screen)", () => {
  /** The host's hashed chunks: what a release replaces, and what offline cannot fetch. */
  const hostChunk = new RegExp(`^${siteOrigin}/[^?]*\\.[0-9a-f]{10}\\.js$`);

  test('a screen whose code went with a release: a new version is available, Reload, in the site frame', async ({
    page,
  }) => {
    await page.goto('/events/event-list');
    await expectRemoteScreen(page, 'events');
    // The release that replaced this page's: its chunks are gone from the server.
    await page.route(hostChunk, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await footer(page).getByRole('link', { name: 'About', exact: true }).click();
    await expect(h1(page)).toHaveText('A new version of Community Hub is available');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(footer(page)).toBeVisible();
    await expect(page.getByText(/Unexpected Application Error|ChunkLoadError/)).toHaveCount(0);
    await page.unroute(hostChunk);
    await main(page).getByRole('button', { name: 'Reload' }).click();
    await expect(h1(page)).toHaveText('About Community Hub');
  });

  test('offline: a page never opened here says it has not been saved, and offers the pages read', async ({
    page,
    context,
  }) => {
    await page.goto('/privacy');
    await expect(h1(page)).toHaveText('Privacy Policy');
    await expectAppStarted(page);
    await mainNav(page).getByRole('link', { name: 'Communities', exact: true }).click();
    await expectRemoteScreen(page, 'communities');
    await expect(page).toHaveTitle('Communities · Community Hub');
    await context.setOffline(true);
    try {
      await footer(page).getByRole('link', { name: 'About', exact: true }).click();
      await expect(h1(page)).toHaveText('This page has not been saved for offline reading');
      await expect(page.getByText(/Unexpected Application Error|ChunkLoadError/)).toHaveCount(0);
      const saved = main(page).getByRole('list').getByRole('link');
      await expect(saved).toHaveText(['Communities', 'Privacy Policy']);
      await expect(saved.nth(1)).toHaveAttribute('href', '/privacy');
      await saved.nth(1).click();
      await expect(h1(page)).toHaveText('Privacy Policy');
    } finally {
      await context.setOffline(false);
    }
  });

  test('offline: a list whose screen is loaded but whose answer was never read says so instead of loading for ever', async ({
    page,
    context,
  }) => {
    await page.goto('/privacy');
    await mainNav(page).getByRole('link', { name: 'Communities', exact: true }).click();
    await expectRemoteScreen(page, 'communities');
    await expect(main(page).getByRole('link').first()).toBeVisible();
    await context.setOffline(true);
    try {
      // The networks list is the communities screen's code with another read, never made here.
      await mainNav(page).getByRole('link', { name: 'Networks', exact: true }).click();
      await expect(main(page).getByText('Not saved for offline reading')).toBeVisible();
      await expect(main(page).getByText(/It appears here as soon as you are back online/)).toBeVisible();
      await expect(main(page).getByLabel('Loading networks')).toHaveCount(0);
    } finally {
      await context.setOffline(false);
    }
    // Back online, the paused read resumes by itself: the list arrives without a reload.
    await expect(main(page).getByText('Not saved for offline reading')).toHaveCount(0);
    await expect(page).toHaveURL(/\/networks$/);
    await expect(main(page).getByLabel('Loading networks')).toHaveCount(0);
    await expect(main(page).getByRole('link').first()).toBeVisible();
  });
});

test.describe("idle warming and the visitor's connection (issue 23)", () => {
  const warmed = (page: Page) => page.evaluate(() => performance.getEntriesByName('hub:idle-warming').length > 0);

  test('saving data: nothing is warmed once the page settles; a link pointed at still fetches its screen', async ({
    page,
    browser,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'connection', {
        configurable: true,
        get: () => ({ saveData: true, effectiveType: '4g', addEventListener() {}, removeEventListener() {} }),
      });
    });
    const communities: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(appOrigin('communities'))) communities.push(r.url());
    });
    await page.goto('/about');
    await expect(h1(page)).toHaveText('About Community Hub');
    // The control: the same page, with a connection that can spare it, warms.
    const control = await browser.newPage();
    await control.goto('/about');
    await expect.poll(() => warmed(control), { timeout: 15_000 }).toBe(true);
    await control.close();
    expect(await warmed(page)).toBe(false);

    await mainNav(page).getByRole('link', { name: 'Communities', exact: true }).hover();
    await expect.poll(() => communities.length).toBeGreaterThan(0);
  });
});
