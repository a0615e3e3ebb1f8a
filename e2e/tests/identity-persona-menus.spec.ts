import { expect, test } from '@playwright/test';
import { accountMenu, loginAs } from '../support/login';
import {
  expectLoggedOut,
  expectNavItems,
  footerAccountColumn,
  logInLink,
  openAccountMenu,
  publicNavItems,
} from '../support/identity';
import { mainNav } from '../support/site';

/**
 * Issue 4, Proof: each demo persona sees exactly the header items SPEC §2/§6 give it — Manage for
 * core members and above (lead and admin included), Admin dashboard for admins only, My account
 * when logged in, Log In for nobody but the anonymous visitor, who gets no user menu. The roles
 * come from the real API's demo data (api/src/seed); the sign-in goes through the login screen.
 */
interface Persona {
  who: string;
  email: string | null;
  /** The part of the stored display name after the comma (SPEC §3). */
  shownName?: string;
  nav: string[];
  userMenu?: string[];
  /** Where the persona is after logging in with no page visited before. */
  landing: RegExp;
}

const home = /localhost:\d+\/$/;
const personas: Persona[] = [
  { who: 'anonymous visitor', email: null, nav: publicNavItems, landing: home },
  {
    who: 'admin',
    email: 'admin@hub.test',
    shownName: 'Ada',
    nav: [...publicNavItems, 'Manage', 'Admin dashboard', 'My account'],
    userMenu: ['My account', 'My Community Hub', 'Admin dashboard', 'Platform status', 'Log Out'],
    landing: home,
  },
  {
    who: 'community lead',
    email: 'lead@hub.test',
    shownName: 'Lena',
    nav: [...publicNavItems, 'Manage', 'My account'],
    userMenu: ['My account', 'My Community Hub', 'Log Out'],
    landing: home,
  },
  {
    who: 'core member',
    email: 'core@hub.test',
    shownName: 'Carl',
    nav: [...publicNavItems, 'Manage', 'My account'],
    userMenu: ['My account', 'My Community Hub', 'Log Out'],
    landing: home,
  },
  {
    who: 'Capgemini staff',
    email: 'staff@hub.test',
    shownName: 'Sam',
    nav: [...publicNavItems, 'My account'],
    userMenu: ['My account', 'My Community Hub', 'Log Out'],
    landing: home,
  },
  {
    who: 'Capgemini staff without a city',
    email: 'newstaff@hub.test',
    shownName: 'Nina',
    nav: [...publicNavItems, 'My account'],
    userMenu: ['My account', 'My Community Hub', 'Log Out'],
    landing: /\/my-account$/,
  },
  {
    who: 'external user',
    email: 'external@hub.test',
    shownName: 'Eve',
    nav: [...publicNavItems, 'My account'],
    userMenu: ['My account', 'My Community Hub', 'Log Out'],
    landing: home,
  },
];

/** Where each header item leads (SPEC §2 routes; the product slug is 'hub'). */
const targets: Record<string, string> = {
  Home: '/',
  Events: '/events/event-list',
  Communities: '/communities',
  Networks: '/networks',
  Manage: '/manage',
  'Admin dashboard': '/admin-dashboard',
  'My account': '/my-account',
};

for (const persona of personas) {
  test(`${persona.who} sees exactly: ${persona.nav.join(', ')}${persona.userMenu ? ` + user menu (${persona.userMenu.join(', ')})` : ' + Log In'}`, async ({
    page,
  }) => {
    if (persona.email) {
      await loginAs(page, persona.email);
    } else {
      await page.goto('/');
    }
    await expect(page).toHaveURL(persona.landing);

    const check = async (when: string) => {
      await test.step(`header and footer ${when}`, async () => {
        await expectNavItems(page, persona.nav);
        for (const item of persona.nav) {
          await expect(mainNav(page).getByRole('link', { name: item, exact: true })).toHaveAttribute(
            'href',
            targets[item]!,
          );
        }
        if (!persona.userMenu) {
          await expectLoggedOut(page);
          await expect(footerAccountColumn(page).getByRole('listitem')).toHaveText(['Log in', 'Sign up']);
          return;
        }
        await expect(logInLink(page)).toHaveCount(0);
        await expect(accountMenu(page)).toHaveAccessibleName(`Account menu for ${persona.shownName}`);
        await expect(await openAccountMenu(page)).toHaveText(persona.userMenu);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toHaveCount(0);
        await expect(footerAccountColumn(page).getByRole('listitem')).toHaveText([
          'Profile',
          'My Community Hub',
          'Log Out',
        ]);
      });
    };

    await check('after signing in');
    // A restored session (a new page load, no /callback) shows the same items.
    await page.reload();
    await expect(page).toHaveURL(persona.landing);
    if (persona.userMenu) await expect(accountMenu(page)).toBeVisible({ timeout: 20_000 });
    await check('after a reload');
  });
}
