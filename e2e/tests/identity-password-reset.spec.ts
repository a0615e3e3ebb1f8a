import { expect, test } from '@playwright/test';
import { accountMenu } from '../support/login';
import {
  createVerifiedAccount,
  emailActionPath,
  expectLoggedOut,
  firebaseSessionKeys,
  loginForm,
  nextOobCode,
  nthMailTo,
  passwordAccepted,
  submitLogin,
  uniqueEmail,
} from '../support/identity';
import { main } from '../support/site';

/**
 * Issue 4, Proof: forgot password → the reset link → the new password works and the old one no
 * longer does. The account is a fresh, verified one (never a demo account other specs rely on).
 */
const oldPassword = 'OldPassw0rd1';
const newPassword = 'NewPassw0rd2';

test('forgot password → reset link → the new password works, the old one fails', async ({ page }) => {
  const email = uniqueEmail('reset');
  await createVerifiedAccount({ email, password: oldPassword, firstName: 'Rita', lastName: 'Reset' });
  expect(await passwordAccepted(email, oldPassword)).toBe(true);

  // From the login screen's link.
  await page.goto('/account/login');
  await main(page).getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/account\/forgot-password$/);
  const request = page.getByRole('form', { name: 'Request a password reset link' });
  await request.getByLabel(/E-mail address/).fill(email);
  await request.getByRole('button', { name: 'Send reset link' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(main(page)).toContainText(`If an account exists for ${email}`);

  // The API sends the mail in the background: the emulator's code and the e-mail carry the same code.
  const oobCode = await nextOobCode(email, 'PASSWORD_RESET');
  const mail = await nthMailTo(email, 1);
  expect(mail.subject).toBe('Reset your password');
  expect(mail.link.searchParams.get('mode')).toBe('resetPassword');
  expect(mail.link.searchParams.get('oobCode')).toBe(oobCode);
  // Asking only sends a link: the old password still works until the link is used.
  expect(await passwordAccepted(email, oldPassword)).toBe(true);

  await page.goto(emailActionPath('resetPassword', oobCode));
  await expect(main(page).getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(main(page)).toContainText(`For the account ${email}`);
  const choose = page.getByRole('form', { name: 'Choose a new password' });
  await choose
    .getByLabel(/^New password/)
    .first()
    .fill(newPassword);
  await choose.getByLabel(/^Confirm new password/).fill(newPassword);
  await choose.getByRole('button', { name: 'Save new password' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Your password is changed' })).toBeVisible({
    timeout: 20_000,
  });
  await expectLoggedOut(page);

  // The old password is refused on the login screen…
  await main(page).getByRole('link', { name: 'Go to log in' }).click();
  await expect(loginForm(page)).toBeVisible();
  await submitLogin(page, email, oldPassword);
  await expect(main(page).getByRole('alert')).toContainText('Wrong e-mail or password', { timeout: 20_000 });
  await expectLoggedOut(page);
  expect(await firebaseSessionKeys(page)).toEqual([]);

  // …and the new one signs in, back on the home page (nothing was visited before).
  await submitLogin(page, email, newPassword);
  await expect(accountMenu(page)).toHaveAccessibleName('Account menu for Rita', { timeout: 30_000 });
  await expect(page).toHaveURL(/localhost:\d+\/$/);

  // The identity provider agrees, and the link works once only.
  expect(await passwordAccepted(email, oldPassword)).toBe(false);
  expect(await passwordAccepted(email, newPassword)).toBe(true);
  await page.goto(emailActionPath('resetPassword', oobCode));
  await expect(
    main(page).getByRole('heading', { level: 1, name: 'We cannot reset your password with this link' }),
  ).toBeVisible({ timeout: 20_000 });
});
