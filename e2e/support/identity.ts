import { expect, type Locator, type Page } from '@playwright/test';
import { MailInbox, type CaughtMail } from '../../api/test/helpers/mail-inbox';
import { callApi } from './hub-api';
import { accountMenu, authEmulatorUrl, idTokenOf } from './login';
import { footer, mainNav } from './site';

/**
 * Identity helpers for the end-to-end specs (issue 4), all against the real stack: the Firebase
 * Auth emulator's REST API (out-of-band codes, accounts), the mail catcher's and the API itself.
 * Signing in through the login screen is `loginAs` in ./login.
 */

export const firebaseProjectId = process.env.HUB_FIREBASE_PROJECT_ID ?? 'demo-hub';
let inbox: MailInbox | undefined;
/**
 * The mails the API sent, read through the mail catcher's API (devstack/src/mail-catcher.ts): the
 * local site's catcher, or the one HUB_MAIL_CATCHER_URL names (the production topology's).
 */
export function mailInbox(): MailInbox {
  inbox ??= new MailInbox(
    process.env.HUB_MAIL_CATCHER_URL ?? `http://127.0.0.1:${process.env.HUB_MAIL_CATCHER_UI_PORT ?? 1080}`,
  );
  return inbox;
}

/** Unique for every call: registrations and password resets never reuse an address. */
export const uniqueEmail = (prefix: string) =>
  `e2e-${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@hub.test`;

// ---------------------------------------------------------------------------------------------
// The Auth emulator
// ---------------------------------------------------------------------------------------------

export type OobRequestType = 'VERIFY_EMAIL' | 'PASSWORD_RESET';

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** Every out-of-band code the emulator issued for `email` of that kind, oldest first. */
export async function oobCodesOf(email: string, requestType: OobRequestType): Promise<string[]> {
  const answer = await fetch(`${authEmulatorUrl}/emulator/v1/projects/${firebaseProjectId}/oobCodes`);
  if (!answer.ok) throw new Error(`The Auth emulator's code list answered ${answer.status}`);
  const { oobCodes } = (await answer.json()) as { oobCodes?: OobCode[] };
  return (oobCodes ?? [])
    .filter((c) => c.email.toLowerCase() === email.toLowerCase() && c.requestType === requestType)
    .map((c) => c.oobCode);
}

/**
 * Waits until the emulator has issued more than `known` codes of that kind for `email` (the mail is
 * sent in the background for password resets) and returns the newest.
 */
export async function nextOobCode(email: string, requestType: OobRequestType, known = 0): Promise<string> {
  let codes: string[] = [];
  await expect
    .poll(
      async () => {
        codes = await oobCodesOf(email, requestType);
        return codes.length;
      },
      { message: `a new ${requestType} code for ${email}`, timeout: 20_000 },
    )
    .toBeGreaterThan(known);
  return codes.at(-1)!;
}

async function emulatorAdmin<T>(call: string, body: unknown): Promise<T> {
  // The emulator takes "Bearer owner" as an administrator's credential.
  const answer = await fetch(
    `${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/projects/${firebaseProjectId}/${call}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify(body),
    },
  );
  const text = await answer.text();
  if (!answer.ok) throw new Error(`Auth emulator ${call} answered ${answer.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A new password account whose address is already verified (as if its owner had opened the link). */
export async function createVerifiedAccount(account: {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}): Promise<void> {
  await emulatorAdmin('accounts', {
    email: account.email,
    password: account.password,
    displayName: `${account.lastName}, ${account.firstName}`,
    emailVerified: true,
  });
}

/**
 * A new verified account that has signed in once (its user row made by `POST api/user/sync`, as the
 * site's /callback does), so the API knows it before the browser ever shows it.
 */
export async function createSignedUpAccount(account: {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}): Promise<void> {
  await createVerifiedAccount(account);
  const answer = await callApi<number>('POST', 'api/user/sync', {
    token: await idTokenOf(account.email, account.password),
    json: {},
  });
  if (answer.status !== 200) throw new Error(`POST api/user/sync for ${account.email} answered ${answer.status}`);
}

/** Disables (or enables again) an account, as an administrator would in the Firebase console. */
export async function setAccountDisabled(email: string, disabled: boolean): Promise<void> {
  const { users } = await emulatorAdmin<{ users?: Array<{ localId: string }> }>('accounts:lookup', { email: [email] });
  const localId = users?.[0]?.localId;
  if (!localId) throw new Error(`No account ${email} in the auth emulator`);
  await emulatorAdmin('accounts:update', { localId, disableUser: disabled });
}

/** The keys of the site's IndexedDB key-value store (idb-keyval's), where signed-in answers are kept. */
export const storedQueryEntries = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) {
            db.close();
            resolve([]);
            return;
          }
          const keys = db.transaction('keyval', 'readonly').objectStore('keyval').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String).filter((k) => k.startsWith('hub-queries:')));
          };
          keys.onerror = () => reject(keys.error);
        };
      }),
  );

/**
 * The stored query answers as text (every user's entry), to look for what they hold: the browser's
 * offline copy of signed-in answers (shared/src/query/query-persistence.ts).
 */
export const storedQueryText = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) {
            db.close();
            resolve('');
            return;
          }
          const values: unknown[] = [];
          const cursor = db.transaction('keyval', 'readonly').objectStore('keyval').openCursor();
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (!at) {
              db.close();
              resolve(JSON.stringify(values));
              return;
            }
            if (String(at.key).startsWith('hub-queries:')) values.push(at.value);
            at.continue();
          };
          cursor.onerror = () => reject(cursor.error);
        };
      }),
  );

/** Everything in the site's local and session storage, as text (to look for what it holds). */
export const webStorageText = (page: Page) =>
  page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));

/** The forms' drafts kept in local storage (shared/src/drafts/form-drafts.ts), by key. */
export const storedDraftKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('hub-draft:')));

/** Whether the emulator accepts this e-mail and password (without touching any browser session). */
export async function passwordAccepted(email: string, password: string): Promise<boolean> {
  try {
    await idTokenOf(email, password);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// The API's mails (the mail catcher)
// ---------------------------------------------------------------------------------------------

export interface SentMail extends CaughtMail {
  /** The first link of the body. */
  link: URL;
}

/** The account e-mails (those with a link) the API sent to `email`, oldest first. */
export async function mailsTo(email: string): Promise<SentMail[]> {
  return (await mailInbox().mails({ to: email })).flatMap((mail) => {
    const href = /https?:\/\/\S+/.exec(mail.text)?.[0];
    return href ? [{ ...mail, link: new URL(href) }] : [];
  });
}

/** Waits for the `count`-th mail to `email` and returns it. */
export async function nthMailTo(email: string, count: number): Promise<SentMail> {
  let mails: SentMail[] = [];
  await expect
    .poll(
      async () => {
        mails = await mailsTo(email);
        return mails.length;
      },
      { message: `mail number ${count} to ${email} at ${mailInbox().webUrl}`, timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return mails[count - 1]!;
}

/** The site's own e-mail action page for a code (remote-account/src/pages/email-action). */
export const emailActionPath = (mode: 'verifyEmail' | 'resetPassword', oobCode: string) =>
  `/account/action?mode=${mode}&oobCode=${encodeURIComponent(oobCode)}`;

// ---------------------------------------------------------------------------------------------
// The browser session
// ---------------------------------------------------------------------------------------------

export const logInLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Log In', exact: true });
export const loginForm = (page: Page) => page.getByRole('form', { name: 'Log in with e-mail and password' });

/** Fills and sends the login form on the screen that shows it (no waiting for the outcome). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = loginForm(page);
  await form.getByLabel(/E-mail address/).fill(email);
  await form
    .getByLabel(/^Password/)
    .first()
    .fill(password);
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Firebase's persisted session entries in local storage (none means nobody is signed in). */
export const firebaseSessionKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('firebase:authUser:')));

export const localItem = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** Nobody is logged in: the header offers Log In and no account menu. */
export async function expectLoggedOut(page: Page): Promise<void> {
  await expect(logInLink(page)).toBeVisible();
  await expect(accountMenu(page)).toHaveCount(0);
}

/** Opens the header's account menu and returns its items. */
export async function openAccountMenu(page: Page): Promise<Locator> {
  await accountMenu(page).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu.getByRole('menuitem');
}

/** Every path the page's main frame showed, SPA navigations included, in order. */
export function recordPaths(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
  });
  return seen;
}

// ---------------------------------------------------------------------------------------------
// Menus of SPEC §2 / §6
// ---------------------------------------------------------------------------------------------

export const publicNavItems = ['Home', 'Events', 'Communities', 'Networks'];

/** The header's main navigation shows exactly these items, in this order. */
export async function expectNavItems(page: Page, items: string[]): Promise<void> {
  await expect(mainNav(page).getByRole('link')).toHaveText(items.map((i) => new RegExp(`^\\s*${i}\\s*$`)));
}

/** The footer's "Your Account" column. */
export const footerAccountColumn = (page: Page) => footer(page).getByRole('list', { name: 'Your Account' });

// ---------------------------------------------------------------------------------------------
// The API, for arranging and restoring data
// ---------------------------------------------------------------------------------------------

interface ProfileInfo {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  city: string | null;
  businessUnitId?: number | null;
}

/** The user's profile as the API has it (GET api/user with their ID token). */
export async function profileOf(email: string, password?: string): Promise<ProfileInfo> {
  const answer = await callApi<ProfileInfo>('GET', 'api/user', { token: await idTokenOf(email, password) });
  if (answer.status !== 200) throw new Error(`GET api/user for ${email} answered ${answer.status}`);
  return answer.body;
}

/** Sets the user's city (null included) through `PUT api/user`, keeping the rest of the profile. */
export async function setCityOf(email: string, city: string | null, password?: string): Promise<void> {
  const token = await idTokenOf(email, password);
  const current = await profileOf(email, password);
  const answer = await callApi('PUT', 'api/user', {
    token,
    json: {
      firstName: current.firstName,
      lastName: current.lastName,
      phoneNumber: current.phoneNumber ?? '',
      city,
      businessUnitId: current.businessUnitId ?? null,
    },
  });
  if (answer.status !== 200) {
    throw new Error(`PUT api/user for ${email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}
