import { expect, type Locator, type Page } from '@playwright/test';
import { loginAs } from './login';
import { remoteArea } from './site';

/**
 * A Fluent Dialog rendered by a remote itself (not through the host's dialog queue): the admin
 * dashboard's role dialog in remote-admin, opened as the demo admin. The platform's dialog checks
 * (theme, focus trap, axe) use it.
 */
export async function openRemoteDialog(page: Page): Promise<{ dialog: Locator; trigger: Locator }> {
  await loginAs(page, 'admin@hub.test');
  await page.goto('/admin-dashboard?view=users');
  const trigger = remoteArea(page, 'admin')
    .getByRole('button', { name: /^Change roles of/ })
    .first();
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: /^Roles of / });
  await expect(dialog).toBeVisible();
  return { dialog, trigger };
}

/** The hybrid event with several in-person places and an online one in the demo data (the picker's case). */
export const pickerEventPath = '/events/31';

/**
 * The host's Event-location picker, opened by the events remote through the shared dialog queue:
 * a signed-in user who does not attend event 31 presses "Attend in person" (a hybrid event offers
 * "Attend online" beside it). Cancel leaves everything as it was.
 */
export async function openHostDialogFromRemote(page: Page): Promise<Locator> {
  await loginAs(page, 'staff@hub.test');
  await page.goto(pickerEventPath);
  await remoteArea(page, 'events').getByRole('button', { name: 'Attend in person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Where will you be attending?' });
  await expect(dialog).toBeVisible();
  return dialog;
}
