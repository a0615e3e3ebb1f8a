import { expect, test, type Page } from '@playwright/test';
import type { CommunityInput } from '@hub/contract/community';
import { CommunityBaseId } from '@hub/contract/enums';
import { communitiesArea, coreMembersOnDetail, expectCommunityPage } from '../support/communities';
import { ApiUser, publicApi, uniqueName } from '../support/hub-api';
import { loginAs } from '../support/login';
import { mainNav } from '../support/site';
import { siteOrigin } from '../support/stack';

/**
 * Issue 5's community administration on the real stack: an admin creates a community, the lead of
 * community 1 edits it and names a new core member, and an external user is kept out of the edit
 * form by the route guard and by the API. Whatever is changed is put back afterwards.
 */
const admin = new ApiUser('admin@hub.test');
const external = new ApiUser('external@hub.test');

const communityForm = (page: Page) => communitiesArea(page).getByRole('form', { name: 'Community details' });
const coreMemberPanel = (page: Page) => communitiesArea(page).getByRole('region', { name: 'Core members' });

async function inputOf(id: number): Promise<CommunityInput> {
  const { name, description, imageUrl, countryId, communityBaseId } = await publicApi.community(id);
  // Answers carry any integer base id; a body takes only the contract's bases.
  const base = Object.values(CommunityBaseId).find((b) => b === communityBaseId);
  if (base === undefined) throw new Error(`Community ${id} has an unknown base ${communityBaseId}.`);
  return { name, description, imageUrl, countryId, communityBaseId: base };
}

test.describe('community administration', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin creates a community in the form, and it appears in its list', async ({ page }) => {
    const name = uniqueName('E2E Created');
    let createdId: number | undefined;
    try {
      await loginAs(page, 'admin@hub.test');
      await page.goto('/communities');
      await communitiesArea(page).getByRole('link', { name: 'Create a community' }).click();
      await expect(page).toHaveURL(/\/community-form\?base=1$/);
      const form = communityForm(page);
      await expect(form).toBeVisible({ timeout: 20_000 });

      // Validation first: nothing is sent while the name and the country are missing.
      await form.getByRole('button', { name: 'Create community' }).click();
      await expect(form).toContainText('Enter a name.');
      await expect(form).toContainText('Choose a country.');
      await expect(page).toHaveURL(/\/community-form\?base=1$/);

      await form.getByLabel(/^Name/).fill(name);
      await form.getByLabel(/^Type/).selectOption({ label: 'Community' });
      await form.getByLabel(/^Country/).selectOption({ label: 'Germany' });
      await form.getByLabel(/^Description/).fill('Created through the form by the end-to-end tests.');
      await form.getByRole('button', { name: 'Create community' }).click();

      await expect(page).toHaveURL(/\/community\/\d+$/, { timeout: 20_000 });
      createdId = Number(new URL(page.url()).pathname.split('/').at(-1));
      await expectCommunityPage(page, name);
      await expect(communitiesArea(page)).toContainText('Created through the form by the end-to-end tests.');

      // In its list (client-side, through the shared cache the create cleared): search finds it…
      await mainNav(page).getByRole('link', { name: 'Communities', exact: true }).click();
      await expect(page).toHaveURL(/\/communities$/);
      await communitiesArea(page).getByRole('searchbox').fill(name);
      await expect(
        communitiesArea(page).getByRole('list', { name: 'Communities' }).getByRole('link', { name, exact: true }),
      ).toBeVisible();
      // …and the country's overview has its card.
      await communitiesArea(page).getByRole('searchbox').fill('');
      await communitiesArea(page)
        .getByRole('list', { name: 'Countries' })
        .getByRole('link', { name: 'Germany' })
        .click();
      await expect(
        communitiesArea(page)
          .getByRole('list', { name: 'Communities in Germany' })
          .getByRole('link', { name, exact: true }),
      ).toBeVisible();
    } finally {
      if (createdId !== undefined) await admin.deleteCommunity(createdId);
    }
  });

  test('the lead edits community 1 and names a new core member (then it is undone)', async ({ page }) => {
    const original = await inputOf(1);
    const appointee = await admin.userInfo();
    const appointeeName = `${appointee.firstName} ${appointee.lastName}`;
    const appointeeWasMember = await admin.isMemberOf(1);
    await admin.ensureNotCoreMember(1, appointee.email);
    const marker = uniqueName('Edited by the lead');
    try {
      await loginAs(page, 'lead@hub.test');
      await page.goto('/community/1');
      await expectCommunityPage(page, original.name);
      await communitiesArea(page).getByRole('link', { name: 'Edit community' }).click();
      await expect(page).toHaveURL(/\/community-form\/edit\/1$/);
      await expect(
        communitiesArea(page).getByRole('heading', { level: 1, name: `Edit ${original.name}` }),
      ).toBeVisible();

      const form = communityForm(page);
      await expect(form.getByLabel(/^Name/)).toHaveValue(original.name);
      await form.getByLabel(/^Description/).fill(`${original.description} ${marker}`);
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect(page).toHaveURL(/\/community\/1$/);
      await expectCommunityPage(page, original.name);
      await expect(communitiesArea(page)).toContainText(marker);
      expect((await publicApi.community(1)).description).toContain(marker);

      // Name a new core member in the form's core-member management.
      await communitiesArea(page).getByRole('link', { name: 'Edit community' }).click();
      const panel = coreMemberPanel(page);
      await panel.getByLabel('E-mail address of the new core member').fill(appointee.email);
      await panel.getByRole('button', { name: 'Add core member' }).click();
      const seats = panel.getByRole('list', { name: 'Core members' });
      await expect(seats.getByRole('listitem').filter({ hasText: appointee.email })).toBeVisible();
      await expect(panel.getByLabel('E-mail address of the new core member')).toHaveValue('');
      expect((await admin.coreMembers(1)).map((m) => m.email)).toContain(appointee.email);

      // The community's page lists them among its core members.
      await communitiesArea(page).getByRole('link', { name: 'Cancel' }).click();
      await expectCommunityPage(page, original.name);
      await expect(coreMembersOnDetail(page)).toContainText(appointeeName);

      // Undo through the same panel: remove the seat again.
      await communitiesArea(page).getByRole('link', { name: 'Edit community' }).click();
      await coreMemberPanel(page)
        .getByRole('button', { name: `Remove ${appointeeName} as core member` })
        .click();
      await expect(
        coreMemberPanel(page)
          .getByRole('list', { name: 'Core members' })
          .getByRole('listitem')
          .filter({ hasText: appointee.email }),
      ).toHaveCount(0);
      expect((await admin.coreMembers(1)).map((m) => m.email)).not.toContain(appointee.email);
    } finally {
      await admin.updateCommunity(1, original);
      await admin.ensureNotCoreMember(1, appointee.email);
      // Appointing also made them a member; take that back unless they were one before.
      if (!appointeeWasMember) await admin.setMembership(1, false);
    }
  });

  test('external@hub.test cannot reach the edit form (guard → /) and the API refuses the edit (403)', async ({
    page,
  }) => {
    await admin.ensureNotCoreMember(1, external.email);
    const before = await inputOf(1);

    await loginAs(page, 'external@hub.test');
    await page.goto('/community-form/edit/1');
    await expect(page).toHaveURL(`${siteOrigin}/`, { timeout: 20_000 });
    await expect(communityForm(page)).toHaveCount(0);

    // Called directly with external's own ID token, as the browser would send it.
    const answer = await external.call('PUT', 'api/community/1', { ...before, name: `${before.name} (hijacked)` });
    expect(answer.status).toBe(403);
    expect(await inputOf(1)).toEqual(before);
  });
});
