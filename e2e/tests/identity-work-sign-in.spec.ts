import { expect, test, type Page, type Response } from '@playwright/test';
import { CspWatch } from '../support/csp';
import { accountMenu } from '../support/login';
import {
  expectLoggedOut,
  expectNavItems,
  localItem,
  logInLink,
  openAccountMenu,
  publicNavItems,
  recordPaths,
} from '../support/identity';
import { main } from '../support/site';

/**
 * Issue 4, Proof: work-account sign-in through the IdP stand-in's account chooser
 * (https://localhost:8443, devstack/idp), by popup and by redirect → /callback → the user sync with
 * the access token → the header shows the user and the Capgemini role's menu. Nothing is stubbed:
 * MSAL, the chooser, the bridge page, the Auth emulator and the API all run for real, under the
 * site's Content-Security-Policy (issue 9): no page of the site reports a violation on the way.
 * Issue 23: an account of the stand-in's second, foreign tenant is offered by the same chooser; the
 * API refuses it (code 5) and the user is signed out with a message saying what to do.
 */

const capgeminiMenu = [...publicNavItems, 'My account'];
const isSync = (response: Response) =>
  response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/user/sync';

/** The chooser of the IdP stand-in, in whatever page shows it: pick one of its demo accounts. */
async function chooseAccount(chooser: Page, name: string): Promise<void> {
  await expect(chooser).toHaveURL(new RegExp(`^https://localhost:${process.env.HUB_IDP_PORT ?? 8443}/interaction/`), {
    timeout: 30_000,
  });
  await expect(chooser.getByRole('heading', { level: 1, name: 'Pick an account' })).toBeVisible();
  await chooser.getByRole('button', { name: new RegExp(`^Sign in as ${name}, `) }).click();
}

/**
 * The start every test here shares: a page of the site visited first (remembered as the page to
 * come back to after sign-in), then the login screen, with the site's CSP watched from the first page.
 */
async function openLoginFrom(page: Page, from: string): Promise<CspWatch> {
  const csp = await CspWatch.on(page.context());
  await page.goto(from);
  await expect.poll(() => localItem(page, 'lastVisited')).toBe(from);
  await page.goto('/account/login');
  return csp;
}

/** Log in with work account: the popup with the stand-in's chooser. */
async function openWorkPopup(page: Page): Promise<Page> {
  const popupOpened = page.waitForEvent('popup');
  await main(page).getByRole('button', { name: 'Log in with work account' }).click();
  return popupOpened;
}

/**
 * Signs in by popup as one of the chooser's accounts: the paths the tab goes through and its user
 * sync are recorded from before the click; the popup closes once the bridge page has handed over.
 */
async function signInByPopup(page: Page, name: string): Promise<{ paths: string[]; sync: Promise<Response> }> {
  const paths = recordPaths(page);
  const sync = page.waitForResponse(isSync, { timeout: 45_000 });
  const popup = await openWorkPopup(page);
  await chooseAccount(popup, name);
  // The provider answers to the redirect bridge page, which hands the result to MSAL and closes.
  await popup.waitForEvent('close', { timeout: 30_000 });
  return { paths, sync };
}

/** Everything after the provider answered: /callback, the sync, back to the page, the user's header. */
async function expectSignedInAsStaff(page: Page, displayName: string, paths: string[], sync: Promise<Response>) {
  const answer = await sync;
  expect(answer.status(), 'POST api/user/sync').toBe(200);
  // SPEC §3 sync codes 0–3 are successes; the request carried the work account's access token and,
  // for the API to verify tenant and audience (issue 23), its ID token.
  expect([0, 1, 2, 3]).toContain(Number(await answer.text()));
  expect(answer.request().postDataJSON()).toEqual({
    msfAccessToken: expect.stringMatching(/^ey/),
    msfIdToken: expect.stringMatching(/^ey/),
  });

  await expect(accountMenu(page)).toHaveAccessibleName(`Account menu for ${displayName}`, { timeout: 30_000 });
  await expect(logInLink(page)).toHaveCount(0);
  expect(paths).toContain('/callback');
  expect(await localItem(page, 'auth-sync-pending')).toBeNull();

  // The Capgemini role's menu (SPEC §6): no Manage, no Admin dashboard.
  await expectNavItems(page, capgeminiMenu);
  await expect(await openAccountMenu(page)).toHaveText(['My account', 'My Community Hub', 'Log Out']);
  await page.keyboard.press('Escape');
}

/** My account lists the Capgemini role the API granted from the Graph profile, and the city it took. */
async function expectCapgeminiProfile(page: Page, city: string) {
  await page.goto('/my-account');
  await expect(main(page).getByRole('list', { name: 'Your roles' })).toContainText('Capgemini', { timeout: 20_000 });
  await expect(main(page).getByLabel(/^City/)).toHaveValue(city);
}

test('work account by popup: account chooser → /callback → sync → header shows Jane Doe and the Capgemini menu', async ({
  page,
}) => {
  const csp = await openLoginFrom(page, '/events/event-list');
  const { paths, sync } = await signInByPopup(page, 'Jane Doe');

  await expectSignedInAsStaff(page, 'Jane Doe', paths, sync);
  // Back on the page visited before login.
  await expect(page).toHaveURL(/\/events\/event-list$/);
  await expectCapgeminiProfile(page, 'Utrecht');
  expect(csp.violations).toEqual([]);
});

test('work account by redirect: popup closed → continue in this window → account chooser → /callback → sync → John Smith', async ({
  page,
}) => {
  // MSAL hears of a closed popup only when its bridge gives up waiting (popupBridgeTimeout, 60 s).
  test.setTimeout(180_000);
  const csp = await openLoginFrom(page, '/communities');

  // The user opens the popup, sees the chooser and closes the window instead of picking an account.
  const popup = await openWorkPopup(page);
  await expect(popup.getByRole('heading', { level: 1, name: 'Pick an account' })).toBeVisible({ timeout: 30_000 });
  await popup.close();
  const alert = main(page).getByRole('alert');
  await expect(alert).toContainText('The sign-in window was closed or blocked', { timeout: 90_000 });
  await expectLoggedOut(page);

  // The login screen offers the redirect instead: the whole tab goes to the chooser and comes back.
  const paths = recordPaths(page);
  const sync = page.waitForResponse(isSync, { timeout: 60_000 });
  await alert.getByRole('button', { name: 'Continue in this window' }).click();
  await chooseAccount(page, 'John Smith');

  await expectSignedInAsStaff(page, 'John Smith', paths, sync);
  // Out to the provider, back through the bridge page and /callback, then to the page visited before.
  expect(paths).toContain('/auth/redirect.html');
  expect(paths.lastIndexOf('/callback')).toBeGreaterThan(paths.indexOf('/auth/redirect.html'));
  await expect(page).toHaveURL(/\/communities$/);
  await expectCapgeminiProfile(page, 'Lyon');
  expect(csp.violations).toEqual([]);
});

test("a foreign tenant's work account is refused: not staff, signed out, and the login screen says what to do", async ({
  page,
}) => {
  const csp = await openLoginFrom(page, '/networks');
  // Mallory Reed of Fabrikam, another tenant: the stand-in signs her in as Entra would for any tenant.
  const { paths, sync } = await signInByPopup(page, 'Mallory Reed');

  const answer = await sync;
  expect(answer.status(), 'POST api/user/sync').toBe(200);
  expect(Number(await answer.text()), 'SPEC §3 code 5: not a work account of the company').toBe(5);
  expect(answer.request().postDataJSON()).toMatchObject({ msfIdToken: expect.stringMatching(/^ey/) });

  // Back on the login screen, signed out, with what happened and what to do.
  await expect(page).toHaveURL(/\/account\/login$/, { timeout: 30_000 });
  const alert = main(page).getByRole('alert');
  await expect(alert).toContainText('This work account cannot log in here');
  await expect(alert).toContainText('Log in with your company work account, or with your e-mail address and password.');
  await expectLoggedOut(page);
  expect(paths).toContain('/callback');
  expect(await localItem(page, 'auth-sync-pending')).toBeNull();
  // Nothing was kept: a reload is still logged out, and no staff menu ever appears.
  await page.reload();
  await expectLoggedOut(page);
  await expectNavItems(page, publicNavItems);
  expect(csp.violations).toEqual([]);
});
