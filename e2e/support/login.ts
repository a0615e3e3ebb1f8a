import { expect, type Page } from '@playwright/test';
import { ports } from '../../serving/src/site-config';

/**
 * Signing in for end-to-end tests, against the real stack: through the account area's login screen
 * (remote-account/src/pages/login) in the browser, or straight at the Firebase Auth emulator for an
 * ID token to call the API with (as the browser's bearer header would).
 */

/** The password of every seeded demo account (api/src/seed). */
export const demoPassword = 'Demo!Passw0rd';

export const authEmulatorUrl = process.env.HUB_AUTH_EMULATOR_URL ?? `http://127.0.0.1:${ports.authEmulator}`;
/** The web API key the devstack gives the site (serving/src/site-config.ts); the emulator accepts any. */
const firebaseApiKey = process.env.HUB_FIREBASE_API_KEY ?? 'demo-api-key';

/** The header's account menu button, shown once somebody is logged in (host/src/components/header). */
export const accountMenu = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Account menu for / });

export interface LoginOptions {
  password?: string;
  /** How long the whole sign-in (emulator, /callback, user sync, user info) may take. */
  timeout?: number;
}

/**
 * Logs in with e-mail and password through the login screen. If the page already shows the login
 * screen (e.g. a guard or a Join button sent it there) that screen is used, otherwise /account/login
 * is opened. Resolves once the header shows the account menu and the sign-in return screen
 * (/callback) has been left, i.e. on the page the app sends the user to after login.
 */
export async function loginAs(page: Page, email: string, options: LoginOptions = {}): Promise<void> {
  const { password = demoPassword, timeout = 30_000 } = options;
  if (!/\/account\/login(?:[?#]|$)/.test(page.url())) await page.goto('/account/login');
  const form = page.getByRole('form', { name: 'Log in with e-mail and password' });
  await form.getByLabel(/E-mail address/).fill(email);
  await form
    .getByLabel(/^Password/)
    .first()
    .fill(password);
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(accountMenu(page)).toBeVisible({ timeout });
  await expect(page).not.toHaveURL(/\/(?:account\/login|callback)(?:[?#]|$)/, { timeout });
}

interface SignInAnswer {
  idToken?: string;
  error?: { message?: string };
}

/** A fresh Firebase ID token for a password account, from the Auth emulator's REST API. */
export async function idTokenOf(email: string, password = demoPassword): Promise<string> {
  const response = await fetch(
    `${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${firebaseApiKey}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const answer = (await response.json()) as SignInAnswer;
  if (!response.ok || !answer.idToken) {
    throw new Error(`Could not sign ${email} in at the Auth emulator: ${answer.error?.message ?? response.status}`);
  }
  return answer.idToken;
}
