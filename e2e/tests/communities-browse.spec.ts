import { CommunityBaseId } from '@hub/contract/enums';
import { expect, test, type Page } from '@playwright/test';
import { seededCommunity } from '../support/hub-api';
import { expectRemoteScreen, mainNav, main, remoteArea } from '../support/site';

/**
 * Issue 5, browsing as an anonymous visitor on the real stack: the communities and networks lists,
 * a country's overview, a community's detail page, and the header's highlight for each.
 */
const area = (page: Page) => remoteArea(page, 'communities');
const navLink = (page: Page, name: string) => mainNav(page).getByRole('link', { name, exact: true });

async function expectHighlighted(page: Page, name: 'Communities' | 'Networks'): Promise<void> {
  await expect(navLink(page, name)).toHaveAttribute('aria-current', 'page');
  const other = name === 'Communities' ? 'Networks' : 'Communities';
  await expect(navLink(page, other)).not.toHaveAttribute('aria-current', 'page');
}

test.describe('browsing communities and networks anonymously', () => {
  test('communities: list → country overview → detail', async ({ page }) => {
    const guild = await seededCommunity(CommunityBaseId.Community, 'Cloud Native Guild');

    await page.goto('/communities');
    await expectRemoteScreen(page, 'communities');
    await expect(area(page).getByRole('heading', { level: 1, name: 'Communities' })).toBeVisible();
    const countries = area(page).getByRole('list', { name: 'Countries' });
    await expect(countries.getByRole('listitem')).toHaveCount(4);
    await expect(countries.getByRole('listitem').filter({ hasText: 'Netherlands' })).toContainText(/\d+/);
    await expectHighlighted(page, 'Communities');

    // The search narrows the grid (name or description) after a pause in typing.
    await area(page).getByRole('searchbox').fill('cloud nat');
    const grid = area(page).getByRole('list', { name: 'Communities' });
    await expect(grid.getByRole('link', { name: guild.name })).toBeVisible();
    await expect(grid.getByRole('link', { name: 'Java Community' })).toHaveCount(0);
    await area(page).getByRole('searchbox').fill('');

    await countries.getByRole('link', { name: 'Netherlands' }).click();
    await expect(page).toHaveURL(new RegExp(`/communities/overview/${guild.countryId}$`));
    await expect(area(page).getByRole('heading', { level: 1, name: 'Communities in Netherlands' })).toBeVisible();
    const cards = area(page).getByRole('list', { name: 'Communities in Netherlands' });
    const card = cards.getByRole('listitem').filter({ has: page.getByRole('link', { name: guild.name, exact: true }) });
    await expect(card).toContainText(/\d+ members?/);
    await expect(card.getByRole('button', { name: `Join ${guild.name}` })).toBeEnabled();
    // Networks are not communities: none of them is listed here.
    await expect(cards.getByRole('link', { name: 'Women in Tech' })).toHaveCount(0);
    await expectHighlighted(page, 'Communities');

    await card.getByRole('link', { name: guild.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/community/${guild.id}$`));
    await expect(area(page).getByRole('heading', { level: 1, name: guild.name })).toBeVisible();
    await expect(area(page)).toContainText(guild.description);
    await expect(area(page)).toContainText(/\d+ members?/);
    await expect(area(page).getByRole('link', { name: 'Netherlands' })).toBeVisible();
    const core = area(page).getByRole('region', { name: 'Core members' });
    await expect(core.getByRole('listitem').filter({ hasText: 'Lead' })).toHaveCount(1);
    await expect(area(page).getByRole('region', { name: 'Upcoming events' })).toBeVisible();
    await expect(area(page).getByRole('button', { name: `Join ${guild.name}` })).toBeEnabled();
    await expect(area(page).getByRole('link', { name: /^Edit / })).toHaveCount(0);
    await expectHighlighted(page, 'Communities');
  });

  test('networks: list → country overview → detail, and the detail page highlights Networks', async ({ page }) => {
    const network = await seededCommunity(CommunityBaseId.Network, 'Women in Tech');

    await page.goto('/networks');
    await expectRemoteScreen(page, 'communities');
    await expect(area(page).getByRole('heading', { level: 1, name: 'Networks' })).toBeVisible();
    await expectHighlighted(page, 'Networks');
    const countries = area(page).getByRole('list', { name: 'Countries' });
    await countries.getByRole('link', { name: 'Netherlands' }).click();

    await expect(page).toHaveURL(new RegExp(`/networks/overview/${network.countryId}$`));
    await expect(area(page).getByRole('heading', { level: 1, name: 'Networks in Netherlands' })).toBeVisible();
    const cards = area(page).getByRole('list', { name: 'Networks in Netherlands' });
    await expect(cards.getByRole('link', { name: 'Cloud Native Guild' })).toHaveCount(0);
    await cards.getByRole('link', { name: network.name, exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/community/${network.id}$`));
    await expect(area(page).getByRole('heading', { level: 1, name: network.name })).toBeVisible();
    await expect(area(page)).toContainText(network.description);
    // The route is /community/:id; the header finds out from the community's base that it is a network.
    await expectHighlighted(page, 'Networks');
    await expect(mainNav(page).locator('[aria-current="page"]')).toHaveCount(1);
  });

  test('a network’s detail page opened directly highlights Networks', async ({ page }) => {
    const network = await seededCommunity(CommunityBaseId.Network, 'Pride Network');
    await page.goto(`/community/${network.id}`);
    await expect(area(page).getByRole('heading', { level: 1, name: network.name })).toBeVisible();
    await expectHighlighted(page, 'Networks');
  });

  test('an unknown community, country or a non-numeric id says so instead of a blank page', async ({ page }) => {
    await page.goto('/community/99999999');
    await expect(area(page).getByRole('heading', { level: 1, name: 'Community not found' })).toBeVisible();
    await page.goto('/community/not-a-number');
    await expect(area(page).getByRole('heading', { level: 1, name: 'Community not found' })).toBeVisible();
    await page.goto('/communities/overview/99999');
    await expect(area(page)).toContainText('Unknown country');
    await expect(main(page).getByTestId('remote-unavailable')).toHaveCount(0);
  });
});
