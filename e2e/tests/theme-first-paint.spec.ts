import { expect, test, type Page } from '@playwright/test';

/**
 * The first paint in the visitor's theme (host/src/app/dark-first-paint.ts): the prerendered page is
 * light, and the dark theme used to arrive only with the app. With the app's scripts held back, the
 * HTML alone must already show the chosen theme; with them, the app takes over without a change.
 */
const light = '#ffffff';
const dark = '#292929';

const provider = (page: Page) => page.locator('#root > .fui-FluentProvider');
const background = (page: Page) =>
  provider(page).evaluate((el) => getComputedStyle(el).getPropertyValue('--colorNeutralBackground1').trim());

async function firstPaint(page: Page, system: 'light' | 'dark', stored?: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: system });
  if (stored) await page.addInitScript((choice) => localStorage.setItem('hub-theme', choice), stored);
  // Only the HTML: no script file of any app arrives, as on a phone before they have loaded.
  await page.route(/\.js(\?|$)/, (route) => route.abort());
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Community Hub' })).toBeVisible();
  return background(page);
}

test.describe('the first paint in the chosen theme', () => {
  test('a dark system, no choice stored: dark from the HTML', async ({ page }) => {
    expect(await firstPaint(page, 'dark')).toBe(dark);
  });

  test('a light system, no choice stored: light', async ({ page }) => {
    expect(await firstPaint(page, 'light')).toBe(light);
  });

  test('a stored dark choice on a light system: dark from the HTML', async ({ page }) => {
    expect(await firstPaint(page, 'light', 'dark')).toBe(dark);
  });

  test('a stored light choice on a dark system: light', async ({ page }) => {
    expect(await firstPaint(page, 'dark', 'light')).toBe(light);
  });

  test('the app takes over: dark throughout, then the toggle alone decides', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    // The provider's background at every frame from the first paint to the app's dark theme.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __themeFrames: string[] }).__themeFrames = seen;
      const sample = () => {
        const el = document.querySelector('#root > .fui-FluentProvider');
        if (el) seen.push(getComputedStyle(el).getPropertyValue('--colorNeutralBackground1').trim());
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await page.goto('/events/event-list');
    await expect(provider(page)).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('#hub-dark-first-paint')).toHaveCount(0);
    const frames = await page.evaluate(() => (window as unknown as { __themeFrames: string[] }).__themeFrames);
    expect(frames.length).toBeGreaterThan(0);
    expect(new Set(frames)).toEqual(new Set([dark]));
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await toggle.click();
    await expect(provider(page)).toHaveAttribute('data-theme', 'light');
    expect(await background(page)).toBe(light);
    await toggle.click();
    await expect(provider(page)).toHaveAttribute('data-theme', 'dark');
    expect(await background(page)).toBe(dark);
  });
});
