import { expect, test, type Page } from '@playwright/test';
import { startApp, stopApp } from '../support/control';
import { loginAs } from '../support/login';
import { NetworkLog } from '../support/network-log';
import { expectRemoteScreen, footer, main, mainNav, unavailable } from '../support/site';

/**
 * Issue 12, "Lazy and contained": not one request reaches the admin remote's server unless the
 * persona opens a screen of it — /manage for core members, the three admin routes for admins —
 * read from the browser's network log, page by page, for each persona. The pages are visited
 * inside one page load (the router's own navigation), as a user clicking through would; the
 * guarded routes are included, since a guard that let the remote load before refusing would leak it.
 */
const everyonesPages = [
  '/',
  '/events/event-list',
  '/communities',
  '/networks',
  '/communities/overview/1',
  '/community/1',
  '/about',
  '/about/hosting-event',
  '/privacy',
  '/no-such-page',
];
const signedInPages = ['/my-hub', '/my-account'];
const corePages = ['/event-form', '/community-form/edit/1'];
const adminRoutes = ['/admin-dashboard', '/dashboard'];

/**
 * Navigates inside the running app (react-router follows popstate) and waits for the page it lands
 * on (a guarded route redirects) to show its heading and any remote area to finish loading.
 */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(main(page).getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(main(page).getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * The assertion is that something does NOT happen, so the lazy loads the quiet pages could start
 * once shown (idle preloading, hover prefetches) are given time to start before the walk is judged.
 * Once per walk, not per page: a late request still lands in the log before the own pages are opened.
 */
const lateLoadGrace = 1_000;

interface Persona {
  who: string;
  email: string | null;
  /** Pages on which nothing of the admin remote may be fetched. */
  quiet: string[];
  /** Pages that are the admin remote's own screens for this persona (fetched there, and only there). */
  own: string[];
}

const personas: Persona[] = [
  { who: 'anonymous visitor', email: null, quiet: [...everyonesPages, ...adminRoutes, '/manage'], own: [] },
  {
    who: 'external user',
    email: 'external@hub.test',
    quiet: [...everyonesPages, ...signedInPages, ...adminRoutes, '/manage'],
    own: [],
  },
  {
    who: 'Capgemini staff',
    email: 'staff@hub.test',
    quiet: [...everyonesPages, ...signedInPages, ...adminRoutes, '/manage'],
    own: [],
  },
  {
    who: 'core member',
    email: 'core@hub.test',
    quiet: [...everyonesPages, ...signedInPages, ...corePages, ...adminRoutes],
    own: ['/manage'],
  },
  {
    who: 'admin',
    email: 'admin@hub.test',
    quiet: [...everyonesPages, ...signedInPages, ...corePages, '/community-form'],
    own: [...adminRoutes, '/manage'],
  },
];

test.describe('the admin remote is lazy (network log, per persona)', () => {
  for (const persona of personas) {
    test(`${persona.who}: ${persona.own.length ? `fetched only on ${persona.own.join(', ')}` : 'never fetched'}`, async ({
      page,
    }) => {
      test.slow();
      if (persona.email) await loginAs(page, persona.email);
      else await page.goto('/');
      const log = new NetworkLog(page);
      for (const path of persona.quiet) {
        await visit(page, path);
        expect(log.pathsTo('admin'), `${persona.who} on ${path}`).toEqual([]);
      }
      await page.waitForTimeout(lateLoadGrace);
      expect(log.pathsTo('admin'), `${persona.who}, after the walk through ${persona.quiet.join(', ')}`).toEqual([]);
      for (const path of persona.own) {
        await visit(page, path);
        await expectRemoteScreen(page, 'admin', `${persona.who} on ${path}`);
        expect(log.pathsTo('admin'), `${persona.who} on ${path}`).toContain('/remoteEntry.js');
      }
    });
  }
});

test.describe('the admin remote is contained', () => {
  test.afterEach(async () => startApp('admin'));

  test('admin remote down: its routes show Retry, the rest of the site works; Retry recovers', async ({ page }) => {
    await loginAs(page, 'admin@hub.test');
    await stopApp('admin');
    await page.goto('/admin-dashboard');
    const retry = unavailable(main(page)).getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Admin dashboard' })).toBeVisible();
    await expect(footer(page)).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Communities' }).click();
    await expectRemoteScreen(page, 'communities');
    await page
      .getByRole('banner')
      .getByRole('link', { name: 'Manage' })
      .or(mainNav(page).getByRole('link', { name: 'Manage' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/manage$/);
    await expect(retry).toBeVisible();

    await mainNav(page).getByRole('link', { name: 'Home' }).click();
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();

    await startApp('admin');
    await mainNav(page).getByRole('link', { name: 'Admin dashboard' }).click();
    await retry.click();
    await expectRemoteScreen(page, 'admin');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
  });
});
