import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../support/login';
import { expectAppStarted, main } from '../support/site';
import { visualScreens, visualViewports, volatileContent, type VisualScreen } from '../support/visual-screens';

/**
 * Visual regression (issue 27): every screen of support/visual-screens.ts at a phone's and a
 * desktop's size, light and dark, compared with the baselines committed beside this file
 * (visual.spec.ts-snapshots/). A change that moves the layout (a column 80 px narrower, a heading a
 * size up) fails here; font antialiasing does not (the tolerance in the config's `expect`). The
 * shot is the first screen a visitor sees (the viewport), which is where a layout change shows and
 * what the demo data other specs add (events, members) changes least.
 */

const dark = '#292929';
const providerBackground = (page: Page) =>
  page
    .locator('#root > .fui-FluentProvider')
    .evaluate((el) => getComputedStyle(el).getPropertyValue('--colorNeutralBackground1').trim());

/** The screen is drawn: its heading, no progress bar or skeleton, fonts loaded, nothing moving. */
async function settle(page: Page, screen: VisualScreen) {
  // The header's app-only buttons are disabled in the page's HTML until the app has started.
  await expectAppStarted(page);
  await expect(main(page).getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  if (!screen.progressBelowTheFold) {
    await expect(main(page).getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
    await expect(main(page).locator('.fui-Skeleton')).toHaveCount(0, { timeout: 15_000 });
  }
  if (screen.ready) await expect(screen.ready(page)).toBeVisible({ timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready);
  // Nothing hovered or focused: the pointer away from every control.
  await page.mouse.move(0, 0);
}

async function shoot(page: Page, screen: VisualScreen, viewport: string, theme: 'light' | 'dark') {
  await expect
    .soft(page, `${screen.name} ${viewport} ${theme}`)
    .toHaveScreenshot(`${screen.name}-${viewport}-${theme}.png`, {
      mask: [...volatileContent(page), ...(screen.mask?.(page) ?? [])],
    });
}

/** Dark through the header's own toggle, as a visitor switches it (no second page load). */
async function switchToDark(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Dark theme' }).click();
  await expect.poll(() => providerBackground(page)).toBe(dark);
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

// One signed-in session for every signed-in shot: the Firebase session lives in IndexedDB.
const sessionFile = (email: string) => path.join(os.tmpdir(), `hub-visual-${process.pid}-${email}.json`);
const accounts = [...new Set(visualScreens.flatMap((s) => (s.signedInAs ? [s.signedInAs] : [])))];

test.describe('visual regression', () => {
  test.beforeAll(async ({ browser }) => {
    for (const email of accounts) {
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'block' });
      const page = await context.newPage();
      await loginAs(page, email);
      await context.storageState({ path: sessionFile(email), indexedDB: true });
      await context.close();
    }
  });

  for (const screen of visualScreens) {
    for (const viewport of visualViewports) {
      test.describe(() => {
        test.use({
          viewport: { width: viewport.width, height: viewport.height },
          ...(screen.signedInAs ? { storageState: sessionFile(screen.signedInAs) } : {}),
        });
        test(`${screen.name} ${viewport.name}`, async ({ page }) => {
          await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
          await page.goto(screen.path);
          await settle(page, screen);
          await shoot(page, screen, viewport.name, 'light');
          await switchToDark(page);
          await settle(page, screen);
          await shoot(page, screen, viewport.name, 'dark');
        });
      });
    }
  }
});
