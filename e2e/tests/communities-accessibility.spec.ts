import { CommunityBaseId } from '@hub/contract/enums';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { communitiesArea, confirmDialog, expectCommunityPage, leaveButton } from '../support/communities';
import { publicApi, seededCommunity } from '../support/hub-api';
import { loginAs } from '../support/login';

/**
 * Issue 5: axe-core reports no serious or critical violations on the communities area's screens,
 * each checked once its data is shown (not while skeletons are up).
 */
const area = communitiesArea;

async function listReady(page: Page) {
  await expect(area(page).getByRole('list', { name: 'Countries' }).getByRole('link').first()).toBeVisible({
    timeout: 20_000,
  });
}

test.describe('communities accessibility (axe): no serious or critical violations', () => {
  // Each axe run takes seconds on a loaded machine; one test checks several screens.
  test.describe.configure({ timeout: 150_000 });

  for (const theme of ['light', 'dark'] as const) {
    test(`list, overview and detail screens (${theme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      const network = await seededCommunity(CommunityBaseId.Network, 'Women in Tech');
      const community = await publicApi.community(1);

      await page.goto('/communities');
      await listReady(page);
      expect(await seriousViolations(page), '/communities').toEqual([]);

      // The list while searching (its results list and the status line).
      await area(page).getByRole('searchbox').fill('guild');
      await expect(page).toHaveURL(/search=guild/);
      await expect(area(page).getByRole('list', { name: 'Communities' })).toBeVisible();
      expect(await seriousViolations(page), '/communities (searching)').toEqual([]);

      await page.goto('/networks');
      await listReady(page);
      expect(await seriousViolations(page), '/networks').toEqual([]);

      await page.goto(`/communities/overview/${community.countryId}`);
      await expect(area(page).getByRole('list', { name: `Communities in ${community.countryName}` })).toBeVisible({
        timeout: 20_000,
      });
      expect(await seriousViolations(page), 'communities overview').toEqual([]);

      await page.goto(`/networks/overview/${network.countryId}`);
      await expect(area(page).getByRole('list', { name: `Networks in ${network.countryName}` })).toBeVisible({
        timeout: 20_000,
      });
      expect(await seriousViolations(page), 'networks overview').toEqual([]);

      await page.goto('/community/1');
      await expectCommunityPage(page, community.name);
      expect(await seriousViolations(page), '/community/1').toEqual([]);

      await page.goto('/community/99999999');
      await expect(area(page).getByRole('heading', { level: 1, name: 'Community not found' })).toBeVisible();
      expect(await seriousViolations(page), 'unknown community').toEqual([]);
    });
  }

  test('the create form (admin), with its validation messages', async ({ page }) => {
    await loginAs(page, 'admin@hub.test');
    await page.goto('/community-form');
    const form = area(page).getByRole('form', { name: 'Community details' });
    await expect(form.getByLabel(/^Country/)).toBeVisible({ timeout: 20_000 });
    expect(await seriousViolations(page), 'empty form').toEqual([]);
    await form.getByRole('button', { name: 'Create community' }).click();
    await expect(form).toContainText('Enter a name.');
    expect(await seriousViolations(page), 'form with errors').toEqual([]);
  });

  test('the edit form with core-member management (lead), and the Confirm of a core member leaving', async ({
    page,
  }) => {
    const community = await publicApi.community(1);
    await loginAs(page, 'lead@hub.test');
    await page.goto('/community-form/edit/1');
    await expect(area(page).getByRole('heading', { level: 1, name: `Edit ${community.name}` })).toBeVisible({
      timeout: 20_000,
    });
    await expect(
      area(page).getByRole('region', { name: 'Core members' }).getByRole('list', { name: 'Core members' }),
    ).toBeVisible();
    expect(await seriousViolations(page), 'edit form').toEqual([]);

    // The lead is a core member: leaving asks first. Check the dialog, then answer Cancel (nothing changes).
    await page.goto('/community/1');
    await expectCommunityPage(page, community.name);
    await leaveButton(page, community.name).click();
    await expect(confirmDialog(page)).toBeVisible();
    expect(await seriousViolations(page), 'confirm dialog').toEqual([]);
    await confirmDialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(confirmDialog(page)).toHaveCount(0);
    await expect(leaveButton(page, community.name)).toBeEnabled();
  });
});
