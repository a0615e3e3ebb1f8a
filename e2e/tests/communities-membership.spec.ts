import { CommunityBaseId } from '@hub/contract/enums';
import { expect, test, type Page } from '@playwright/test';
import {
  communitiesArea,
  confirmDialog,
  coreMembersOnDetail,
  errorAlert,
  expectCommunityPage,
  joinButton,
  leaveButton,
  manageNavItem,
  memberCount,
  memberCountText,
  readMemberCount,
} from '../support/communities';
import { ApiUser, publicApi, seededCommunity, uniqueName } from '../support/hub-api';
import { loginAs } from '../support/login';
import { expectSameDocument, main, markDocument } from '../support/site';

/**
 * Issue 5's membership toggle (SPEC §4, §8) on the real stack: join (PUT) and leave (DELETE), the
 * core member's confirmation, the 404 text, and an anonymous Join finished after the login. The database is shared and
 * persists: every test first puts the accounts it uses into the state it needs and restores it after.
 */
const admin = new ApiUser('admin@hub.test');
const external = new ApiUser('external@hub.test');
const core = new ApiUser('core@hub.test');

const coreConfirmText = 'This will remove you as a core member of this community. Are you sure you want to do this?';
const join404Text =
  'Could not subscribe to community, the community does not exist or you are already member of the community';

const myCommunitiesList = (page: Page) => main(page).getByRole('region', { name: 'My communities and networks' });

test.describe('community membership', () => {
  test.describe.configure({ timeout: 120_000 });

  test('external@hub.test joins a community (button, count, /my-hub, reload) and leaves it', async ({ page }) => {
    const target = await seededCommunity(CommunityBaseId.Community, 'Security Champions');
    await external.setMembership(target.id, false);
    try {
      await loginAs(page, 'external@hub.test');
      await page.goto(`/community/${target.id}`);
      await expectCommunityPage(page, target.name);
      await expect(joinButton(page, target.name)).toBeEnabled();
      const before = await readMemberCount(page);

      // Join: the button and the count change in place, without a reload.
      await markDocument(page);
      await joinButton(page, target.name).click();
      await expect(leaveButton(page, target.name)).toBeEnabled();
      await expect(memberCount(page)).toHaveText(memberCountText(before + 1));
      await expectSameDocument(page);
      expect(await external.isMemberOf(target.id)).toBe(true);

      // It is the user's now: /my-hub lists it, and it all survives a reload.
      await page.goto('/my-hub');
      await expect(myCommunitiesList(page).getByRole('link', { name: target.name, exact: true })).toBeVisible({
        timeout: 20_000,
      });
      await page.reload();
      await expect(myCommunitiesList(page).getByRole('link', { name: target.name, exact: true })).toBeVisible({
        timeout: 20_000,
      });
      await myCommunitiesList(page).getByRole('link', { name: target.name, exact: true }).click();
      await expectCommunityPage(page, target.name);
      await page.reload();
      await expectCommunityPage(page, target.name);
      await expect(leaveButton(page, target.name)).toBeEnabled();
      await expect(memberCount(page)).toHaveText(memberCountText(before + 1));

      // Leave: a plain member is not asked; the button and the count go back.
      await markDocument(page);
      await leaveButton(page, target.name).click();
      await expect(joinButton(page, target.name)).toBeEnabled();
      await expect(memberCount(page)).toHaveText(memberCountText(before));
      await expect(confirmDialog(page)).toHaveCount(0);
      await expectSameDocument(page);
      expect(await external.isMemberOf(target.id)).toBe(false);

      await page.goto('/my-hub');
      await expect(myCommunitiesList(page)).toBeVisible();
      await expect(myCommunitiesList(page).getByRole('link', { name: target.name, exact: true })).toHaveCount(0);
    } finally {
      await external.setMembership(target.id, false);
    }
  });

  test('core@hub.test leaving community 1 is asked first: Cancel keeps them a core member, Yes removes them', async ({
    page,
  }) => {
    await admin.ensureCoreMember(1, 'core@hub.test');
    const { firstName, lastName } = await core.userInfo();
    const coreName = `${firstName} ${lastName}`;
    try {
      const { name } = await publicApi.community(1);
      await loginAs(page, 'core@hub.test');
      await page.goto('/community/1');
      await expectCommunityPage(page, name);
      await expect(coreMembersOnDetail(page)).toContainText(coreName);
      await expect(manageNavItem(page)).toBeVisible();

      await leaveButton(page, name).click();
      await expect(confirmDialog(page)).toBeVisible();
      // A titled dialog; SPEC §8's sentence is its text.
      await expect(confirmDialog(page).getByRole('heading')).toHaveText(`Leave ${name}?`);
      await expect(confirmDialog(page)).toContainText(coreConfirmText);
      await confirmDialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(confirmDialog(page)).toHaveCount(0);

      // Nothing changed: still Leave, still listed as a core member, still allowed to edit and manage.
      await expect(leaveButton(page, name)).toBeEnabled();
      await expect(coreMembersOnDetail(page)).toContainText(coreName);
      await expect(communitiesArea(page).getByRole('link', { name: 'Edit community' })).toBeVisible();
      await expect(manageNavItem(page)).toBeVisible();
      expect((await admin.coreMembers(1)).map((m) => m.email)).toContain('core@hub.test');
      expect(await core.isMemberOf(1)).toBe(true);

      await leaveButton(page, name).click();
      // A titled dialog; SPEC §8's sentence is its text.
      await expect(confirmDialog(page).getByRole('heading')).toHaveText(`Leave ${name}?`);
      await expect(confirmDialog(page)).toContainText(coreConfirmText);
      await confirmDialog(page).getByRole('button', { name: 'Yes', exact: true }).click();
      await expect(confirmDialog(page)).toHaveCount(0);

      // Gone as member and as core member; the page and the header's permissions follow at once.
      await expect(joinButton(page, name)).toBeEnabled();
      await expect(coreMembersOnDetail(page)).not.toContainText(coreName);
      await expect(communitiesArea(page).getByRole('link', { name: 'Edit community' })).toHaveCount(0);
      await expect(manageNavItem(page)).toHaveCount(0);
      expect((await admin.coreMembers(1)).map((m) => m.email)).not.toContain('core@hub.test');
      expect(await core.isMemberOf(1)).toBe(false);
    } finally {
      // Other specs (and the next run) find core@hub.test as a core member of community 1 again.
      await admin.ensureCoreMember(1, 'core@hub.test');
    }
  });

  test('joining a community deleted meanwhile shows the exact 404 text', async ({ page }) => {
    const { id: countryId } = (await publicApi.countries()).find((c) => c.name === 'Netherlands')!;
    const doomed = await admin.createCommunity({
      name: uniqueName('E2E Doomed'),
      description: 'Created and deleted by the end-to-end tests.',
      imageUrl: '',
      countryId,
      communityBaseId: CommunityBaseId.Community,
    });
    try {
      await loginAs(page, 'external@hub.test');
      await page.goto(`/community/${doomed.id}`);
      await expectCommunityPage(page, doomed.name);
      await expect(joinButton(page, doomed.name)).toBeEnabled();

      await admin.deleteCommunity(doomed.id);
      await joinButton(page, doomed.name).click();

      await expect(errorAlert(page)).toBeVisible();
      await expect(errorAlert(page).getByRole('heading')).toHaveText(join404Text);
      await errorAlert(page).getByRole('button', { name: 'Ok', exact: true }).click();
      await expect(errorAlert(page)).toHaveCount(0);
      await expect(joinButton(page, doomed.name)).toBeEnabled();
    } finally {
      await admin.deleteCommunity(doomed.id);
    }
  });

  test('an anonymous visitor who presses Join logs in, is back on the same community and is a member', async ({
    page,
  }) => {
    const target = await seededCommunity(CommunityBaseId.Community, 'Frontend Craft');
    await external.setMembership(target.id, false);
    try {
      await page.goto(`/community/${target.id}`);
      await expectCommunityPage(page, target.name);
      const before = await readMemberCount(page);
      await joinButton(page, target.name).click();
      await expect(page).toHaveURL(/\/account\/login$/);

      await loginAs(page, 'external@hub.test');
      await expect(page).toHaveURL(new RegExp(`/community/${target.id}$`));
      await expectCommunityPage(page, target.name);
      // The Join pressed before the login is finished on arrival: the intent is not lost.
      await expect(leaveButton(page, target.name)).toBeEnabled();
      await expect(memberCount(page)).toHaveText(memberCountText(before + 1));
      expect(await external.isMemberOf(target.id)).toBe(true);

      // Once: a reload does not join again (nor fail as "already a member").
      await page.reload();
      await expectCommunityPage(page, target.name);
      await expect(leaveButton(page, target.name)).toBeEnabled();
      await expect(errorAlert(page)).toHaveCount(0);
    } finally {
      await external.setMembership(target.id, false);
    }
  });
});
