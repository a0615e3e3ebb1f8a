import { expect, test } from '@playwright/test';
import { accountMenu, loginAs } from '../support/login';
import {
  createVerifiedAccount,
  expectLoggedOut,
  firebaseSessionKeys,
  logInLink,
  setAccountDisabled,
  storedQueryEntries,
  uniqueEmail,
  localItem,
  openAccountMenu,
  recordPaths,
  setCityOf,
  profileOf,
} from '../support/identity';
import { expectAppStarted, main, mainNav, markDocument } from '../support/site';

/**
 * Issue 4, Proof — the session rules of SPEC §2/§4 on the real stack: a logged-in user is kept off
 * the account entry screens, a Capgemini user without a city is held on /my-account until one is
 * saved, and logging out forgets the last visited page and loads the site afresh at /.
 */

test('a logged-in user opening /account/login, /account/register or /account/forgot-password lands on /my-account', async ({
  page,
}) => {
  await loginAs(page, 'staff@hub.test');
  for (const entry of ['/account/login', '/account/register', '/account/forgot-password']) {
    await page.goto(entry);
    await expect(page, `${entry} sends a logged-in user on`).toHaveURL(/\/my-account$/, { timeout: 20_000 });
    await expect(main(page).getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    // My account's own forms (the profile, the mail preferences), none of the entry screens'.
    await expect(main(page).getByRole('form', { name: 'Profile' })).toBeVisible();
    await expect(
      main(page).getByRole('form', { name: /Log in with e-mail|Create your account|Request a password reset/ }),
    ).toHaveCount(0);
    await expect(accountMenu(page)).toHaveAccessibleName('Account menu for Sam');
  }
});

test.describe('newstaff@hub.test: Capgemini staff without a city', () => {
  const newstaff = 'newstaff@hub.test';

  // Whatever an earlier, interrupted run left: the demo account has no city (api/src/seed).
  test.beforeEach(async () => {
    if ((await profileOf(newstaff)).city !== null) await setCityOf(newstaff, null);
  });
  // Reruns (and other specs) still find newstaff held on /my-account.
  test.afterEach(async () => {
    await setCityOf(newstaff, null);
    expect((await profileOf(newstaff)).city).toBeNull();
  });

  test('is held on /my-account (every way of leaving returns there) until a city is saved, then free', async ({
    page,
  }) => {
    const paths = recordPaths(page);
    await page.goto('/events/event-list');
    await loginAs(page, newstaff);
    // Not back to the last visited page: held on /my-account, and told why.
    await expect(page).toHaveURL(/\/my-account$/);
    const notice = main(page).getByText('Add your city to continue');
    await expect(notice).toBeVisible({ timeout: 20_000 });

    // In-app navigation: the header's items lead straight back to /my-account.
    for (const item of ['Communities', 'Events', 'Home']) {
      const before = paths.length;
      await mainNav(page).getByRole('link', { name: item, exact: true }).click();
      await expect
        .poll(() => paths.length, { message: `the router handled the click on ${item}` })
        .toBeGreaterThan(before);
      await expect(page).toHaveURL(/\/my-account$/);
      expect(paths.slice(before).every((p) => p === '/my-account')).toBe(true);
      await expect(notice).toBeVisible();
    }
    // Full page loads of other addresses too.
    for (const address of ['/about', '/communities', '/my-hub']) {
      await page.goto(address);
      await expect(page, `${address} returns to /my-account`).toHaveURL(/\/my-account$/, { timeout: 20_000 });
      await expect(notice).toBeVisible();
    }

    // Saving a city completes the profile…
    await main(page).getByLabel(/^City/).fill('Rotterdam');
    await main(page).getByRole('button', { name: 'Save profile' }).click();
    await expect(main(page).getByText('Your profile is complete')).toBeVisible({ timeout: 20_000 });
    expect((await profileOf(newstaff)).city).toBe('Rotterdam');

    // …and the user is free to go anywhere.
    await mainNav(page).getByRole('link', { name: 'Communities', exact: true }).click();
    await expect(page).toHaveURL(/\/communities$/);
    await page.goto('/about');
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/about$/);
    await expect(accountMenu(page)).toBeVisible();
  });
});

test('a user lacking access is sent to / and told why in a toast (SPEC §4 guard)', async ({ page }) => {
  await loginAs(page, 'staff@hub.test');
  await page.goto('/admin-dashboard');
  await expect(page).toHaveURL(/\/$/);
  // exact: the toaster's live region holds the same words for screen readers.
  await expect(page.getByText('Not allowed', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByText('That page is for admins, so you were brought to the home page.', { exact: true }),
  ).toBeVisible();
});

test('logout signs out, clears lastVisited and loads the site afresh at /', async ({ page }) => {
  // What each newly loaded document found in local storage before the app ran.
  await page.addInitScript(() => {
    (window as unknown as { __lastVisitedAtStart?: string | null }).__lastVisitedAtStart =
      localStorage.getItem('lastVisited');
  });
  await page.goto('/about');
  await expect.poll(() => localItem(page, 'lastVisited')).toBe('/about');
  await loginAs(page, 'core@hub.test');
  await expect(page).toHaveURL(/\/about$/);
  await mainNav(page).getByRole('link', { name: 'Communities', exact: true }).click();
  await expect(page).toHaveURL(/\/communities$/);
  await expect.poll(() => localItem(page, 'lastVisited')).toBe('/communities');
  expect(await firebaseSessionKeys(page)).toHaveLength(1);

  await markDocument(page);
  const menuItems = await openAccountMenu(page);
  await menuItems.filter({ hasText: 'Log Out' }).click();

  // A new document at / (the mark of the old one is gone), which started with no lastVisited.
  // (A read that meets the navigation itself is asked again: the reload destroys its context.)
  await expect
    .poll(
      () =>
        page
          .evaluate(() => (window as unknown as { __noReload?: number }).__noReload ?? 'new document')
          .catch(() => 'navigating'),
      { timeout: 20_000 },
    )
    .toBe('new document');
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  expect(
    await page.evaluate(() => (window as unknown as { __lastVisitedAtStart?: string | null }).__lastVisitedAtStart),
  ).toBeNull();
  await expectLoggedOut(page);
  expect(await firebaseSessionKeys(page)).toEqual([]);
  expect(await localItem(page, 'auth-sync-pending')).toBeNull();
  // Only what the fresh page itself recorded, nothing from before the logout.
  expect(['/', null]).toContain(await localItem(page, 'lastVisited'));

  // Still logged out after another reload.
  await page.reload();
  await expectLoggedOut(page);
});

// ---------------------------------------------------------------------------------------------
// Issue 23: the session's edges
// ---------------------------------------------------------------------------------------------

test('Back after signing in leaves the page as on any site: the login screen is not in the history (issue 23)', async ({
  page,
}) => {
  const paths = recordPaths(page);
  await page.goto('/events/event-list');
  // Followed inside the app, which remembers where to come back to (it starts once the page has painted).
  await expectAppStarted(page);
  await mainNav(page).getByRole('link', { name: 'Networks', exact: true }).click();
  await expect(page).toHaveURL(/\/networks$/);
  await expectAppStarted(page);
  await logInLink(page).click();
  await expect(page).toHaveURL(/\/account\/login$/);
  await loginAs(page, 'staff@hub.test');
  await expect(page).toHaveURL(/\/networks$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/networks$/);
  await expect(accountMenu(page)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/events\/event-list$/);
  // Never back on the login screen, nor sent on from it to /my-account.
  const afterSignIn = paths.slice(paths.lastIndexOf('/callback'));
  expect(afterSignIn).not.toContain('/my-account');
  expect(afterSignIn.filter((p) => p === '/account/login')).toEqual([]);
});

test('a signed-in user never sees Log In in the header while the page loads; nothing moves (issue 23)', async ({
  page,
}) => {
  // A phone: the account menu (its avatar alone) fits the Log In button's box there, so the header
  // keeps its place from the first paint to the end. (Wider, the menu shows the name, a wider box.)
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'staff@hub.test');
  await page.goto('/about');
  await expect(accountMenu(page)).toBeVisible();
  // From the first frame on: whether a Log In link was ever painted, and where the theme switch was.
  await page.addInitScript(() => {
    const seen = { logIn: 0, frames: 0, toggleLeft: [] as number[] };
    (window as unknown as { __header: typeof seen }).__header = seen;
    const look = () => {
      const header = document.querySelector('header');
      if (header) {
        seen.frames++;
        const login = header.querySelector<HTMLElement>('a[href="/account/login"]');
        if (login && getComputedStyle(login).visibility !== 'hidden' && login.offsetWidth > 0) seen.logIn++;
        const toggle = header.querySelector<HTMLElement>('button[aria-label="Dark theme"]');
        if (toggle) {
          const left = Math.round(toggle.getBoundingClientRect().left);
          if (!seen.toggleLeft.includes(left)) seen.toggleLeft.push(left);
        }
      }
      if (seen.frames < 600) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  for (const address of ['/about', '/events/event-list']) {
    await page.goto(address);
    await expect(accountMenu(page)).toBeVisible({ timeout: 20_000 });
    const seen = await page.evaluate(
      () => (window as unknown as { __header: { logIn: number; frames: number; toggleLeft: number[] } }).__header,
    );
    expect(seen.frames, address).toBeGreaterThan(0);
    expect(seen.logIn, `${address}: frames with Log In painted`).toBe(0);
    expect(seen.toggleLeft, `${address}: the theme switch's place`).toHaveLength(1);
  }
});

test('an account disabled while signed in: its answers kept for offline reading leave the device (issue 23)', async ({
  page,
}) => {
  const email = uniqueEmail('disabled');
  const password = 'Disable-me-1';
  await createVerifiedAccount({ email, password, firstName: 'Dana', lastName: 'Disabled' });
  await loginAs(page, email, { password });
  await page.goto('/my-hub');
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => storedQueryEntries(page), { timeout: 10_000 }).toHaveLength(1);

  // An administrator disables the account; the next page load finds the session gone.
  await setAccountDisabled(email, true);
  try {
    await page.reload();
    await expectLoggedOut(page);
    await expect.poll(() => storedQueryEntries(page), { timeout: 10_000 }).toEqual([]);
  } finally {
    await setAccountDisabled(email, false);
  }
});

test('a return address of another origin (//evil.example/x) is not followed: sign-in ends on / (issue 23)', async ({
  page,
}) => {
  await page.goto('/account/login');
  await page.evaluate(() => localStorage.setItem('lastVisited', '//evil.example/x'));
  await loginAs(page, 'staff@hub.test');
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(main(page).getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
});
