import { expect, test, type Page } from '@playwright/test';
import { startApp, stopApp, whileStopped } from '../support/control';
import { remoteNames } from '../support/stack';
import {
  expectRemoteScreen,
  expectWidget,
  communitiesWidgetSlot,
  eventsWidgetSlot,
  expectChromeWorks,
  expectDashboardWidgets,
  expectSameDocument,
  footer,
  main,
  mainNav,
  markDocument,
  remoteArea,
  unavailable,
} from '../support/site';

const retryButton = (page: Page) => unavailable(main(page)).getByRole('button', { name: 'Retry' });

// Whatever a test did, every server is up again for the next one.
test.afterEach(async () => {
  for (const remote of remoteNames) await startApp(remote);
});

test.describe('fault isolation: a remote whose server is down', () => {
  test('events down: its route and widget show Retry, the rest works, Retry recovers without a reload', async ({
    page,
  }) => {
    await stopApp('events');
    await page.goto('/');
    await markDocument(page);
    await expect(unavailable(eventsWidgetSlot(page))).toBeVisible();
    await expect(unavailable(eventsWidgetSlot(page)).getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(communitiesWidgetSlot(page).locator('[data-remote="communities"]')).toBeVisible();
    await expectChromeWorks(page);

    await mainNav(page).getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL(/\/events\/event-list$/);
    await expect(unavailable(main(page))).toContainText('Events is not available right now.');
    await expect(retryButton(page)).toBeVisible();
    await expectChromeWorks(page);

    // Another area and the host's own pages still work while events is down.
    await mainNav(page).getByRole('link', { name: 'Communities' }).click();
    await expectRemoteScreen(page, 'communities');
    await footer(page).getByRole('link', { name: 'About' }).click();
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('About Community Hub');
    await mainNav(page).getByRole('link', { name: 'Events' }).click();
    await expect(retryButton(page)).toBeVisible();

    await startApp('events');
    await retryButton(page).click();
    await expectRemoteScreen(page, 'events');
    await expect(unavailable(main(page))).toHaveCount(0);
    await mainNav(page).getByRole('link', { name: 'Home' }).click();
    await expectDashboardWidgets(page);
    await expectSameDocument(page);
  });

  test('communities down: its route and widget show Retry, the rest works, Retry recovers without a reload', async ({
    page,
  }) => {
    await stopApp('communities');
    await page.goto('/');
    await markDocument(page);
    await expect(unavailable(communitiesWidgetSlot(page)).getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(eventsWidgetSlot(page).locator('[data-remote="events"]')).toBeVisible();
    await expectChromeWorks(page);

    await mainNav(page).getByRole('link', { name: 'Networks' }).click();
    await expect(unavailable(main(page))).toContainText('Communities and networks is not available right now.');
    await mainNav(page).getByRole('link', { name: 'Events' }).click();
    await expectRemoteScreen(page, 'events');
    await mainNav(page).getByRole('link', { name: 'Communities' }).click();
    await expect(page).toHaveURL(/\/communities$/);
    await expect(retryButton(page)).toBeVisible();
    await expectChromeWorks(page);

    await startApp('communities');
    await retryButton(page).click();
    await expectRemoteScreen(page, 'communities');
    await mainNav(page).getByRole('link', { name: 'Home' }).click();
    await expectDashboardWidgets(page);
    await expectSameDocument(page);
  });

  test('account down: its screen shows Retry, the rest works, Retry recovers without a reload', async ({ page }) => {
    await stopApp('account');
    await page.goto('/account/login');
    await markDocument(page);
    await expect(unavailable(main(page))).toContainText('Your account is not available right now.');
    await expect(retryButton(page)).toBeVisible();
    await expectChromeWorks(page);

    await mainNav(page).getByRole('link', { name: 'Home' }).click();
    await expectDashboardWidgets(page);
    await page.getByRole('banner').getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/account\/login$/);
    await expect(retryButton(page)).toBeVisible();

    await startApp('account');
    await retryButton(page).click();
    await expectRemoteScreen(page, 'account');
    await expectSameDocument(page);
  });

  test('admin down: the dashboard, host pages and navigation are unaffected', async ({ page }) => {
    await whileStopped('admin', async () => {
      await page.goto('/');
      await markDocument(page);
      await expectDashboardWidgets(page);
      await expectChromeWorks(page);
      await footer(page).getByRole('link', { name: 'About' }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('About Community Hub');
      await mainNav(page).getByRole('link', { name: 'Events' }).click();
      await expectRemoteScreen(page, 'events');
      await expect(unavailable(page)).toHaveCount(0);
      await expectSameDocument(page);
    });
  });
});

// `?hub-fault=<remote>` works only in builds made with HUB_FAULT_INJECTION=1 (`npm test` builds so).
const injectedBuild = (remote: string) => `the ${remote} remote served must be built with HUB_FAULT_INJECTION=1`;

test.describe('fault isolation: a remote that throws while rendering', () => {
  test('an events widget that throws is contained in its slot', async ({ page }) => {
    await page.goto('/?hub-fault=events');
    await expect(
      unavailable(eventsWidgetSlot(page)).getByRole('button', { name: 'Retry' }),
      injectedBuild('events'),
    ).toBeVisible();
    await expect(eventsWidgetSlot(page).locator('[data-remote="events"]')).toHaveCount(0);
    await expectWidget(communitiesWidgetSlot(page), 'communities');
    await expectChromeWorks(page);
  });

  test('a communities screen that throws is contained in the page area; navigation goes on', async ({ page }) => {
    await page.goto('/communities?hub-fault=communities');
    await expect(unavailable(main(page)), injectedBuild('communities')).toContainText(
      'Communities and networks is not available right now.',
    );
    await expect(remoteArea(page, 'communities')).toHaveCount(0);
    await expectChromeWorks(page);
    await mainNav(page).getByRole('link', { name: 'Events' }).click();
    await expectRemoteScreen(page, 'events');
  });
});
