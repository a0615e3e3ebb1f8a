import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { openHostDialogFromRemote, openRemoteDialog } from '../support/remote-dialogs';
import { expectDashboardWidgets, expectRemoteScreen, main } from '../support/site';

const pages: Array<[string, (page: Page) => Promise<void>]> = [
  ['/', expectDashboardWidgets],
  ['/about', async (page) => expect(main(page).getByRole('heading', { level: 1 })).toBeVisible()],
  ['/about/hosting-event', async (page) => expect(main(page).getByRole('heading', { level: 1 })).toBeVisible()],
  ['/privacy', async (page) => expect(main(page).getByRole('heading', { level: 1 })).toBeVisible()],
  ['/nope', async (page) => expect(main(page).getByRole('heading', { name: 'Page not found' })).toBeVisible()],
  ['/events/event-list', async (page) => expectRemoteScreen(page, 'events')],
];

test.describe('accessibility (axe): no serious or critical violations', () => {
  // Every page in the light theme; the dark theme on a dashboard, a text page and a remote screen.
  const darkToo = new Set(['/', '/privacy', '/events/event-list']);
  for (const theme of ['light', 'dark'] as const) {
    for (const [path, ready] of pages.filter(([p]) => theme === 'light' || darkToo.has(p))) {
      test(`${path} (${theme})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(path);
        await ready(page);
        await expect(page.locator('.fui-FluentProvider[data-theme]').first()).toHaveAttribute('data-theme', theme);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }

  test('with a remote’s Dialog open', async ({ page }) => {
    await openRemoteDialog(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('with the host’s dialog open (opened by a remote through the dialog queue)', async ({ page }) => {
    await openHostDialogFromRemote(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('with the side menu open', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('home: each landmark has a name of its own (issue 23)', async ({ page }) => {
  await page.goto('/');
  await expectDashboardWidgets(page);
  // axe rates a repeated landmark name "moderate": checked on its own, whatever its rating.
  const results = await new AxeBuilder({ page }).withRules(['landmark-unique']).analyze();
  expect(results.violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
});
