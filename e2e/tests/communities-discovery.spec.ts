import { expect, test, type Page } from '@playwright/test';
import { apiOrigin } from '../support/hub-api';
import { loginAs } from '../support/login';
import { expectRemoteScreen, main, remoteArea } from '../support/site';

/**
 * Issue 27 on the real stack: /communities opens on a grid of every community, which search, the
 * country filter and the order change through the URL (a link reproduces the view); the home page
 * features an event and the most active communities to a visitor, and greets a signed-in user by
 * first name with their next event.
 */
const area = (page: Page) => remoteArea(page, 'communities');
const grid = (page: Page) => area(page).getByRole('list', { name: 'Communities' });
const cardNames = (page: Page) => grid(page).getByTestId('community-card').getByRole('heading').allTextContents();

test.describe('discovering communities', () => {
  test('the grid shows every community; search, country and order change it through the URL', async ({
    page,
    request,
  }) => {
    const api = apiOrigin;
    const all = (await (await request.get(`${api}/api/community/base/1`)).json()) as { name: string }[];
    await page.goto('/communities');
    await expectRemoteScreen(page, 'communities');
    await expect(grid(page).getByTestId('community-card')).toHaveCount(all.length);
    expect(await cardNames(page)).toEqual(all.map((c) => c.name));
    // Every card: its face, its members and its next event (or that there is none).
    const first = grid(page).getByTestId('community-card').first();
    await expect(first.getByTestId('community-next-event')).toContainText(/Next: |No upcoming events/);
    await expect(first).toContainText(/\d+ members?/);

    await area(page).getByRole('searchbox', { name: 'Search communities' }).fill('java');
    await expect(page).toHaveURL(/\/communities\?search=java$/);
    await expect(grid(page).getByTestId('community-card')).not.toHaveCount(all.length);
    for (const name of await cardNames(page)) expect(name.toLowerCase()).toContain('java');

    await area(page).getByRole('button', { name: 'Clear filters' }).click();
    await area(page).getByRole('combobox', { name: 'Sort by' }).selectOption('members');
    await expect(page).toHaveURL(/\/communities\?sort=members$/);
    const byMembers = (await (await request.get(`${api}/api/community/base/1?sort=members`)).json()) as {
      name: string;
    }[];
    await expect.poll(() => cardNames(page)).toEqual(byMembers.map((c) => c.name));

    const country = area(page).getByRole('combobox', { name: 'Country' });
    const germany = await country.getByRole('option', { name: /^Germany/ }).getAttribute('value');
    await country.selectOption(germany ?? '');
    await expect(page).toHaveURL(/countryId=\d+&sort=members$/);
    const view = page.url();
    // The address changes at once, the grid once its answer is in (a skeleton, or the last answer, until then).
    await expect
      .poll(async () => {
        const count = (await cardNames(page)).length;
        return count > 0 && count < all.length;
      }, "the grid narrowed to Germany's communities")
      .toBe(true);
    const germanCards = await cardNames(page);

    // The link reproduces the view.
    await page.goto('/');
    await page.goto(view);
    await expect(area(page).getByRole('combobox', { name: 'Sort by' })).toHaveValue('members');
    await expect.poll(() => cardNames(page)).toEqual(germanCards);
  });
});

test.describe('a home page that knows you', () => {
  test('a visitor sees a featured event and the most active communities', async ({ page }) => {
    await page.goto('/');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Welcome to Community Hub' })).toBeVisible();
    const featured = main(page).getByRole('list', { name: 'Featured event' });
    await expect(featured.getByRole('article')).toHaveCount(1);
    const active = main(page).getByRole('region', { name: 'Most active' });
    await expect(active.getByRole('listitem')).toHaveCount(4);
  });

  test('a signed-in demo user is welcomed back by first name, with their next event', async ({ page }) => {
    await loginAs(page, 'staff@hub.test');
    await page.goto('/');
    await expect(main(page).getByRole('heading', { level: 1, name: /^Welcome back, \S+/ })).toBeVisible();
    const next = main(page).getByRole('region', { name: 'Your next event' });
    await expect(next).toBeVisible();
    await expect(next.getByRole('article').or(next.getByText('Nothing planned yet'))).toHaveCount(1);
    await expect(main(page).getByRole('region', { name: 'Communities you may like' })).toBeVisible();
  });
});
