import { expect, type Locator, type Page } from '@playwright/test';
import { mainNav, remoteArea } from './site';

/** Locators of the communities area's screens (remote-communities/src/pages), as a user finds them. */
export const communitiesArea = (page: Page) => remoteArea(page, 'communities');

export const joinButton = (page: Page, name: string) =>
  communitiesArea(page).getByRole('button', { name: `Join ${name}`, exact: true });
export const leaveButton = (page: Page, name: string) =>
  communitiesArea(page).getByRole('button', { name: `Leave ${name}`, exact: true });

/** The detail page's "N members" (the only member count on that screen). */
export const memberCount = (page: Page) => communitiesArea(page).getByText(/^\d+ members?$/);

export const memberCountText = (count: number) => (count === 1 ? '1 member' : `${count} members`);

export async function readMemberCount(page: Page): Promise<number> {
  await expect(memberCount(page)).toBeVisible();
  return Number((await memberCount(page).textContent())?.match(/\d+/)?.[0]);
}

/** The community detail page of `name` is shown (its h1) and its upcoming events have loaded. */
export async function expectCommunityPage(page: Page, name: string): Promise<void> {
  const area = communitiesArea(page);
  await expect(area.getByRole('heading', { level: 1, name, exact: true })).toBeVisible({ timeout: 20_000 });
  const events = area.getByRole('region', { name: 'Upcoming events' });
  await expect(events.getByRole('list').or(events.getByText(/has no upcoming events/))).toBeVisible();
}

/** The detail page's list of core members (names, lead marked). */
export const coreMembersOnDetail = (page: Page): Locator =>
  communitiesArea(page).getByRole('region', { name: 'Core members' });

/** The header's Manage item: shown to core members and above. */
export const manageNavItem = (page: Page) => mainNav(page).getByRole('link', { name: 'Manage', exact: true });

/** The shared dialogs (host/src/components/dialogs): the Confirm, and the Alert with its error flag. */
export const confirmDialog = (page: Page) => page.getByRole('dialog');
export const errorAlert = (page: Page) => page.getByRole('alertdialog');
