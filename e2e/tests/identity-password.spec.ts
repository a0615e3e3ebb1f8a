import { expect, test, type Page } from '@playwright/test';
import { authEmulatorUrl } from '../support/login';
import { main } from '../support/site';

/**
 * Password accounts end to end (issue 4) against the real stack: the Firebase Auth emulator, the
 * API and the account remote. The verification link is read from the emulator's list of codes.
 */
const emulator = authEmulatorUrl;
const projectId = 'demo-hub';
const password = 'Str0ng!Passw0rd';

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
}

/** The newest code of `requestType` the emulator issued for `email`. */
async function latestCode(email: string, requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET'): Promise<string> {
  let found: OobCode | undefined;
  await expect
    .poll(async () => {
      const answer = await fetch(`${emulator}/emulator/v1/projects/${projectId}/oobCodes`);
      const { oobCodes } = (await answer.json()) as { oobCodes: OobCode[] };
      found = oobCodes.filter((c) => c.email === email && c.requestType === requestType).at(-1);
      return found !== undefined;
    })
    .toBe(true);
  return found!.oobCode;
}

async function register(page: Page, email: string): Promise<void> {
  await page.goto('/account/register');
  await page.getByLabel(/First name/).fill('Erin');
  await page.getByLabel(/Last name/).fill('Example');
  await page.getByLabel(/E-mail address/).fill(email);
  const passwords = main(page).locator('input[type="password"]');
  await passwords.nth(0).fill(password);
  await passwords.nth(1).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
}

async function logIn(page: Page, email: string): Promise<void> {
  await page.goto('/account/login');
  await page.getByLabel(/E-mail address/).fill(email);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Opens a host page and waits until it is shown (and so remembered as the last visited page). */
async function visit(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(main(page).getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

const firebaseKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('firebase:authUser:')));

test.describe('password accounts', () => {
  test('register → unverified is not logged in → verification link → log in → back on the page visited before', async ({
    page,
  }) => {
    const email = `e2e-${Date.now()}@hub.test`;
    await page.goto('/communities');
    await expect(page.locator('main [data-remote="communities"]')).toContainText(/\S/);
    await register(page, email);

    // Not verified yet: the sign-in is refused and nobody is logged in.
    await logIn(page, email);
    await expect(main(page).getByRole('alert')).toContainText(/not verified/i);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
    expect(await firebaseKeys(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('auth-sync-pending'))).toBeNull();

    // The link of the verification e-mail, opened on the site's e-mail action page.
    const oobCode = await latestCode(email, 'VERIFY_EMAIL');
    await page.goto(`/account/action?mode=verifyEmail&oobCode=${encodeURIComponent(oobCode)}`);
    await expect(main(page)).toContainText(/verified/i);

    await logIn(page, email);
    await expect(page).toHaveURL(/\/communities$/);
    await expect(page.getByRole('banner')).toContainText('Erin');
    expect(await page.evaluate(() => localStorage.getItem('auth-sync-pending'))).toBeNull();

    // A reload restores the session without going through /callback again.
    await page.reload();
    await expect(page).toHaveURL(/\/communities$/);
    await expect(page.getByRole('banner')).toContainText('Erin');
  });

  test('a logged-in user opening /account/login lands on /my-account; logout clears lastVisited and reloads at /', async ({
    page,
  }) => {
    await visit(page, '/about', 'About Community Hub');
    // The heading is in the prerendered HTML: the app records the page once it has hydrated.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lastVisited'))).toBe('/about');
    await page.goto('/account/login');
    await page.getByLabel(/E-mail address/).fill('staff@hub.test');
    await page
      .getByLabel(/^Password/)
      .first()
      .fill('Demo!Passw0rd');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);

    await page.goto('/account/login');
    await expect(page).toHaveURL(/\/my-account$/);

    await page.getByRole('banner').getByRole('button', { name: 'Account menu for Sam' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
    // lastVisited was removed; the page loaded at / may have recorded / since, nothing older.
    expect(['/', null]).toContain(await page.evaluate(() => localStorage.getItem('lastVisited')));
    expect(await firebaseKeys(page)).toEqual([]);
  });

  test('newstaff@hub.test (staff, no city) is held on /my-account', async ({ page }) => {
    await page.goto('/events/event-list');
    await expect(page.locator('main [data-remote="events"]')).toContainText(/\S/);
    await page.goto('/account/login');
    await page.getByLabel(/E-mail address/).fill('newstaff@hub.test');
    await page
      .getByLabel(/^Password/)
      .first()
      .fill('Demo!Passw0rd');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/my-account$/);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Communities', exact: true })
      .click();
    await expect(page).toHaveURL(/\/my-account$/);
  });
});
