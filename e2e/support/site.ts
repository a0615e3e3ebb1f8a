import { expect, type Locator, type Page } from '@playwright/test';
import { siteOrigin, type RemoteName } from './stack';

/** Selectors of the host's chrome and remote areas (host/src/components, remote-*\/src/components). */
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
export const footer = (page: Page) => page.getByRole('contentinfo');
export const main = (page: Page) => page.locator('main#main-content');

/** The wrapper the host puts around everything a remote renders in a route or widget. */
export const remoteArea = (page: Page, remote: RemoteName) => main(page).locator(`[data-remote="${remote}"]`);

/**
 * A remote's screen is shown in the main region by the app (not only the frame the HTML came with):
 * its wrapper has content and no failure message.
 */
export async function expectRemoteScreen(page: Page, remote: RemoteName, message?: string): Promise<void> {
  await expectAppStarted(page);
  await expect(remoteArea(page, remote), message).toBeVisible();
  await expect(remoteArea(page, remote), message).toContainText(/\S/);
  await expect(unavailable(main(page)), message).toHaveCount(0);
}

/** The fault-isolation message with its Retry button (host/src/components/remote-area). */
export const unavailable = (scope: Page | Locator) => scope.getByTestId('remote-unavailable');

/** Dashboard widget slots, found by their headings (host/src/pages/dashboard). */
export const eventsWidgetSlot = (page: Page) => page.getByRole('region', { name: 'Upcoming events' });
export const communitiesWidgetSlot = (page: Page) => page.getByRole('region', { name: 'Communities and networks' });

/** A dashboard widget slot shows its remote's widget, drawn by the app (with some content), and no failure message. */
export async function expectWidget(slot: Locator, remote: RemoteName): Promise<void> {
  await expectAppStarted(slot.page());
  await expect(slot.locator(`[data-remote="${remote}"]`)).toBeVisible();
  await expect(slot.locator(`[data-remote="${remote}"]`)).toContainText(/\S/);
  await expect(unavailable(slot)).toHaveCount(0);
}

export async function expectDashboardWidgets(page: Page): Promise<void> {
  await expectWidget(eventsWidgetSlot(page), 'events');
  await expectWidget(communitiesWidgetSlot(page), 'communities');
}

/** The header and footer are there and usable: the four public items, Log In, and the footer's links. */
export async function expectChromeWorks(page: Page): Promise<void> {
  const nav = mainNav(page);
  for (const name of ['Home', 'Events', 'Communities', 'Networks']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect(footer(page).getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await expect(footer(page)).toContainText(`Copyright © ${new Date().getFullYear()}`);
}

/**
 * The app has taken the prerendered page over: the header's theme switch, `aria-disabled` until
 * hydrated, is usable. The host's scripts are asked for once the page has painted
 * (host/build/startup-after-paint-plugin.js), which is often after the `load` event that
 * `page.goto` waits for; until then a link is followed as a plain link (a new document), and what
 * only the app does (remembering the last page, scrolling to an anchor, saving pages for offline
 * reading) has not happened yet.
 */
export async function expectAppStarted(page: Page): Promise<void> {
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Dark theme', includeHidden: true });
  await expect(toggle).toHaveCount(1);
  await expect(toggle).not.toHaveAttribute('aria-disabled', 'true');
}

/** Marks the current document; if the page is fully reloaded the mark is gone. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __noReload?: number }).__noReload = 1;
  });
}

export async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);
}

/**
 * The host's scripts arrive `delayMs` after they are asked for, as on a phone, so the page has
 * painted first: unthrottled here they often run first, and the app (rightly) takes over before the
 * HTML's early start has anything to ask for.
 */
export async function delayHostScripts(page: Page, delayMs = 400): Promise<void> {
  await page.route(
    (url) => url.origin === siteOrigin && url.pathname.endsWith('.js'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await route.continue();
    },
  );
}
