import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../support/login';
import { main } from '../support/site';

/**
 * Issue 23's polish: Fluent's `Text` (and Body1, Subtitle2…) is `display: inline` unless told
 * `block`, so a heading or sentence drawn with it in a block container ran into its neighbour
 * ("Your communitiesYou have not joined…", "Core membersThis network has…"). In Chromium, on the
 * screens of every area: no heading or paragraph is inline.
 */
async function inlineTextBlocks(page: Page): Promise<string[]> {
  return main(page).evaluate((root) =>
    [...root.querySelectorAll('h1, h2, h3, h4, h5, h6, p')]
      .filter((e) => getComputedStyle(e).display === 'inline')
      .map((e) => `<${e.tagName.toLowerCase()}> ${e.textContent?.trim().slice(0, 60)}`),
  );
}

async function settle(page: Page, path: string) {
  await page.goto(path);
  await expect(main(page).getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(main(page).getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
}

test('headings and paragraphs are blocks, for a visitor', async ({ page }) => {
  for (const path of [
    '/',
    '/communities',
    '/networks',
    '/community/1',
    '/events/event-list',
    '/events/31',
    '/about',
    '/about/hosting-event',
    '/account/login',
    '/account/register',
  ]) {
    await settle(page, path);
    expect(await inlineTextBlocks(page), path).toEqual([]);
  }
});

test('headings and paragraphs are blocks, for an admin who has joined nothing', async ({ page }) => {
  await loginAs(page, 'admin@hub.test');
  for (const path of ['/', '/my-hub', '/my-account', '/admin-dashboard', '/dashboard', '/community/1', '/events/31']) {
    await settle(page, path);
    expect(await inlineTextBlocks(page), path).toEqual([]);
  }
  // The home widget reads as two lines, not "Your communitiesYou have not joined…".
  await settle(page, '/');
  const mine = main(page).getByRole('region', { name: 'Your communities' });
  await expect(mine).toBeVisible();
  expect(await mine.innerText()).toMatch(
    /^Your communities\s*\n+\s*You have not joined any community or network yet\./,
  );
});
