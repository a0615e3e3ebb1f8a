import { expect, test, type Page } from '@playwright/test';
import type { AdminUserPage } from '@hub/contract/admin';
import { seriousViolations } from '../support/axe';
import { startApp, whileStopped } from '../support/control';
import { ApiUser } from '../support/hub-api';
import { loginAs } from '../support/login';
import { main, remoteArea } from '../support/site';
import { remoteNames } from '../support/stack';

/**
 * Issue 12, Proof: the admin screens against the real API and the five real servers. The role
 * change goes through the screen (users grid → dialog → confirm) and is read back from the audit
 * log; the user it changes is a filler account of the demo data, put back after the test.
 */
const admin = new ApiUser('admin@hub.test');
const target = 'member04@hub.test'; // External in the demo data (api/src/seed/index.ts)

async function rolesOf(email: string): Promise<number[]> {
  const page = await admin.call<AdminUserPage>('GET', `api/admin/users?q=${encodeURIComponent(email)}`);
  return page.body.items[0]!.roles;
}

async function setStoredRoles(email: string, roles: number[]): Promise<void> {
  const page = await admin.call<AdminUserPage>('GET', `api/admin/users?q=${encodeURIComponent(email)}`);
  await admin.call('PUT', `api/admin/users/${page.body.items[0]!.id}/roles`, { roles });
}

const usersGrid = (page: Page) => main(page).getByRole('grid', { name: 'Users' });
const rowOf = (page: Page, email: string) => usersGrid(page).getByRole('row').filter({ hasText: email });

test.describe('admin screens', () => {
  test.beforeAll(async () => setStoredRoles(target, [3]));
  test.afterAll(async () => setStoredRoles(target, [3]));
  test.afterEach(async () => {
    for (const remote of remoteNames) await startApp(remote);
  });

  test('the admin changes a user’s role and sees it in the audit log; their own admin role cannot be removed', async ({
    page,
  }) => {
    await loginAs(page, 'admin@hub.test');
    await page.goto('/admin-dashboard');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
    await expect(main(page).getByRole('list', { name: 'Key figures' })).toBeVisible();
    await expect(page).toHaveTitle('Admin dashboard · Community Hub');
    // The charts (their own chunk) render their SVGs.
    await expect(main(page).getByTestId('chart-sign-ups').locator('svg').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await main(page).getByRole('tab', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/admin-dashboard\?view=users$/);
    await main(page).getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(target);
    await expect(rowOf(page, target)).toHaveCount(1);
    await expect(usersGrid(page).getByRole('row')).toHaveCount(2); // header + the one match
    // Issue 23: each row's "Change roles" is named by its visible text first (WCAG 2.5.3, axe's label-in-name).
    await expect(rowOf(page, target).getByRole('button', { name: /^Change roles of / })).toHaveText('Change roles');
    expect(await seriousViolations(page)).toEqual([]);
    await rowOf(page, target)
      .getByRole('button', { name: /^Change roles of/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Capgemini staff' }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // (a filler may also hold a core-member seat, which the change keeps)
    await expect(dialog).toContainText(/From (Core member, )?External to (Core member, )?Capgemini staff\./);
    await dialog.getByRole('button', { name: 'Change roles' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, target)).toContainText('Capgemini staff');
    const after = await rolesOf(target);
    expect(after).toContain(2);
    expect(after).not.toContain(3);

    await main(page).getByRole('tab', { name: 'Audit log' }).click();
    const log = main(page).getByRole('table', { name: 'Audit log' });
    const entry = log.getByRole('row').filter({ hasText: target }).first();
    await expect(entry).toContainText('Roles changed');
    await expect(entry).toContainText('Admin, Ada');
    await main(page).getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Roles changed' }).click();
    await expect(log.getByRole('row').nth(1)).toContainText(target);
    expect(await seriousViolations(page)).toEqual([]);

    // Their own admin role: the API refuses (409) and the dialog says why.
    await main(page).getByRole('tab', { name: 'Users' }).click();
    await main(page).getByRole('searchbox', { name: 'Search by name or e-mail' }).fill('admin@hub.test');
    await expect(rowOf(page, 'admin@hub.test')).toContainText('(you)');
    await rowOf(page, 'admin@hub.test')
      .getByRole('button', { name: /^Change roles of/ })
      .click();
    await dialog.getByRole('checkbox', { name: 'Admin' }).uncheck();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Change roles' }).click();
    const refusal = dialog.getByRole('alert');
    await expect(refusal).toContainText('You cannot remove your own admin role');
    await expect(refusal).toContainText('Ask another admin to change it.');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await page.keyboard.press('Escape');
    await expect(rowOf(page, 'admin@hub.test')).toContainText('Admin');
    expect(await rolesOf('admin@hub.test')).toContain(0);
  });

  test("the admin revokes a user's calendar feed: its address answers 404 at once and the audit log says so", async ({
    page,
  }) => {
    const owner = new ApiUser('external@hub.test');
    const made = await owner.call<{ url: string }>('POST', 'api/user/calendar-feed');
    expect(made.status).toBe(200);
    expect((await page.request.get(made.body.url)).status()).toBe(200);

    await loginAs(page, 'admin@hub.test');
    await page.goto('/admin-dashboard?view=users');
    await main(page).getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(owner.email);
    await expect(usersGrid(page).getByRole('row')).toHaveCount(2); // header + the one match
    await rowOf(page, owner.email)
      .getByRole('button', { name: /^Revoke feed of / })
      .click();
    const confirm = page.getByRole('dialog', { name: /^Revoke the calendar feed of / });
    await expect(confirm).toContainText('Their private calendar address stops working at once');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Calendar feed revoked', { exact: true })).toBeVisible();
    expect((await page.request.get(made.body.url)).status()).toBe(404);
    expect((await owner.call<{ active: boolean }>('GET', 'api/user/calendar-feed')).body.active).toBe(false);

    await main(page).getByRole('tab', { name: 'Audit log' }).click();
    const log = main(page).getByRole('table', { name: 'Audit log' });
    const entry = log.getByRole('row').filter({ hasText: owner.email }).first();
    await expect(entry).toContainText('Calendar feed revoked');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/dashboard lists the four areas with their build ids, and one as not answering while its server is stopped', async ({
    page,
  }) => {
    await loginAs(page, 'admin@hub.test');
    // Issue 23: reached from the admin dashboard and from the admin's account menu.
    await page.goto('/admin-dashboard');
    await main(page).getByRole('link', { name: 'Platform status' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Platform status' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Platform status' })).toBeVisible();
    await expect(page).toHaveTitle('Platform status · Community Hub');
    // The one-line summary first, from the same answers as the cards below.
    const summary = main(page).getByTestId('status-summary');
    const detail = summary.getByTestId('status-detail');
    await expect(detail).toHaveText('4 of 4 areas live, all shared versions satisfied');
    await expect(summary).toContainText('All four areas are working');
    // One compact table, a row group per area (issue 27).
    const card = (name: string) =>
      main(page).getByRole('table', { name: 'Areas' }).getByRole('rowgroup', { name, exact: true });
    const buildIds: Record<string, string> = {};
    for (const name of ['Events', 'Communities', 'Account', 'Admin']) {
      await expect(card(name).getByTestId('remote-answer')).toHaveText('Answered');
      buildIds[name] = (await card(name).getByTestId('build-id').textContent()) ?? '';
      expect(buildIds[name], name).toMatch(/\S/);
    }
    // The admin area's deployed build is the one running this page.
    await expect(remoteArea(page, 'admin')).toHaveAttribute('data-remote-build', buildIds.Admin!);
    await card('Events').getByRole('button', { name: 'Details of the events area' }).click();
    await expect(card('Events').getByRole('table', { name: 'Shared packages of the events area' })).toContainText(
      'Satisfied',
    );
    await expect(main(page).getByRole('region', { name: 'API' })).toContainText(/PGlite|PostgreSQL/);
    expect(await seriousViolations(page)).toEqual([]);

    await whileStopped('communities', async () => {
      await main(page).getByRole('button', { name: 'Refresh' }).click();
      await expect(card('Communities').getByTestId('remote-answer')).toHaveText('Did not answer');
      await expect(card('Communities').getByRole('alert')).toContainText('Its server could not be reached.');
      await expect(detail).toHaveText('3 of 4 areas live (Communities did not answer), all shared versions satisfied');
      await expect(summary).toContainText('1 of 4 areas has a problem');
      for (const name of ['Events', 'Account', 'Admin'])
        await expect(card(name).getByTestId('build-id')).toHaveText(buildIds[name]!);
    });
    await main(page).getByRole('button', { name: 'Refresh' }).click();
    await expect(card('Communities').getByTestId('build-id')).toHaveText(buildIds.Communities!);
    await expect(detail).toHaveText('4 of 4 areas live, all shared versions satisfied');
  });
});
