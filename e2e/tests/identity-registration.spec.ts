import { expect, test } from '@playwright/test';
import { accountMenu } from '../support/login';
import {
  emailActionPath,
  expectLoggedOut,
  firebaseSessionKeys,
  localItem,
  loginForm,
  logInLink,
  nextOobCode,
  nthMailTo,
  oobCodesOf,
  submitLogin,
  uniqueEmail,
} from '../support/identity';
import { main } from '../support/site';

/**
 * Issue 4, Proof: register → the verification link → log in → back on the page visited before
 * login; an unverified user is not logged in and is offered to resend the e-mail. Real stack: the
 * Firebase Auth emulator issues the codes, the API sends the e-mails to the mail catcher, and the
 * site's own e-mail action page applies the code.
 */
const password = 'Verif1edPassw0rd';

test('register → unverified is not logged in (resend offered) → verification link → log in → back on the page visited before', async ({
  page,
}) => {
  const email = uniqueEmail('register');

  // The page the visitor was on before deciding to log in.
  await page.goto('/communities');
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => localItem(page, 'lastVisited')).toBe('/communities');

  // Log In → Create an account, inside the app.
  await logInLink(page).click();
  await expect(page).toHaveURL(/\/account\/login$/);
  await main(page).getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/account\/register$/);

  const form = page.getByRole('form', { name: 'Create your account' });
  await form.getByLabel('First name').fill('Erin');
  await form.getByLabel('Last name').fill('Example');
  await form.getByLabel('E-mail address').fill(email);
  await form
    .getByLabel(/^Password/)
    .first()
    .fill(password);
  await form.getByLabel('Confirm password').fill(password);
  await form.getByRole('button', { name: 'Create account' }).click();

  await expect(main(page).getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(main(page)).toContainText(email);
  // Registering signs nobody in.
  await expectLoggedOut(page);
  expect(await firebaseSessionKeys(page)).toEqual([]);

  // The API sent the verification e-mail (POST api/user/activate-account) with the emulator's code.
  const firstCode = await nextOobCode(email, 'VERIFY_EMAIL');
  const firstMail = await nthMailTo(email, 1);
  expect(firstMail.subject).toBe('Confirm your e-mail address');
  expect(firstMail.link.searchParams.get('mode')).toBe('verifyEmail');
  expect(firstMail.link.searchParams.get('oobCode')).toBe(firstCode);

  // Not verified yet: the sign-in is refused, nobody is logged in, and a resend is offered.
  await main(page).getByRole('link', { name: 'Go to log in' }).click();
  await expect(page).toHaveURL(/\/account\/login$/);
  await submitLogin(page, email, password);
  const alert = main(page).getByRole('alert');
  await expect(alert).toContainText('Your e-mail address is not verified yet', { timeout: 20_000 });
  await expectLoggedOut(page);
  await expect(page).toHaveURL(/\/account\/login$/);
  expect(await firebaseSessionKeys(page)).toEqual([]);
  expect(await localItem(page, 'auth-sync-pending')).toBeNull();

  const codesBefore = (await oobCodesOf(email, 'VERIFY_EMAIL')).length;
  await alert.getByRole('button', { name: 'Resend verification e-mail' }).click();
  await expect(main(page).getByRole('status')).toContainText(`We sent a new link to ${email}`, { timeout: 20_000 });
  await expect(main(page).getByRole('alert')).toHaveCount(0);
  const secondCode = await nextOobCode(email, 'VERIFY_EMAIL', codesBefore);
  const secondMail = await nthMailTo(email, 2);
  expect(secondMail.link.searchParams.get('oobCode')).toBe(secondCode);
  await expectLoggedOut(page);

  // The link of the newest e-mail, opened on the site's e-mail action page.
  await page.goto(emailActionPath('verifyEmail', secondCode));
  await expect(main(page).getByRole('heading', { level: 1, name: 'Your e-mail address is verified' })).toBeVisible({
    timeout: 20_000,
  });
  // Verifying does not sign anybody in either.
  await expectLoggedOut(page);

  await main(page).getByRole('link', { name: 'Go to log in' }).click();
  await expect(loginForm(page)).toBeVisible();
  await submitLogin(page, email, password);

  // Through /callback and the user sync back to the page visited before login.
  await expect(page).toHaveURL(/\/communities$/, { timeout: 30_000 });
  // Registration stored 'Example, Erin'; the header shows the part after the comma (SPEC §3).
  await expect(accountMenu(page)).toHaveAccessibleName('Account menu for Erin');
  await expect(logInLink(page)).toHaveCount(0);
  expect(await localItem(page, 'auth-sync-pending')).toBeNull();
  expect(await firebaseSessionKeys(page)).toHaveLength(1);

  // The session survives a reload without another trip through /callback.
  await page.reload();
  await expect(accountMenu(page)).toHaveAccessibleName('Account menu for Erin', { timeout: 20_000 });
  await expect(page).toHaveURL(/\/communities$/);
});
