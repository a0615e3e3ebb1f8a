import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { NetworkLog } from '../support/network-log';
import { appOrigin, containerName, type RemoteName } from '../support/stack';
import { openHostDialogFromRemote, openRemoteDialog } from '../support/remote-dialogs';
import { expectDashboardWidgets, expectRemoteScreen, mainNav, remoteArea } from '../support/site';

/** The share keys of the Fluent components the host shares with the remotes, from the build's own list. */
const fluentComponentKeys = createRequire(import.meta.url)('../../shared/build/fluent-component-shares.cjs')
  .fluentComponentShareKeys as string[];

/** The singletons issue 2 names, as the federation runtime keys them. */
const singletons = [
  'react',
  'react-dom',
  'react-router',
  'jotai',
  '@hub/shared',
  '@fluentui/react-shared-contexts',
  '@griffel/react',
  '@tanstack/react-query',
  // The Fluent token names, shared by their file inside @fluentui/tokens (one copy on the page).
  '@fluentui/tokens/lib/tokens.js',
  // The Fluent components the host's start-up draws, shared by their files (fluent-component-shares.cjs).
  ...fluentComponentKeys,
];

interface SharedView {
  version: string;
  from: string;
  loaded: boolean;
  useIn: string[];
}

/** `__FEDERATION__.__SHARE__`: instance name → share scope → package → version → shared info. */
async function shareScopes(page: Page): Promise<Record<string, Record<string, SharedView[]>>> {
  return page.evaluate(() => {
    type Info = { from: string; loaded?: boolean; useIn?: string[] };
    const share = (
      globalThis as unknown as {
        __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Info>>>> };
      }
    ).__FEDERATION__.__SHARE__;
    const out: Record<string, Record<string, SharedView[]>> = {};
    for (const [instance, scopes] of Object.entries(share)) {
      const scope = scopes.default ?? {};
      out[instance] = {};
      for (const [pkg, versions] of Object.entries(scope)) {
        out[instance][pkg] = Object.entries(versions).map(([version, info]) => ({
          version,
          from: info.from,
          loaded: Boolean(info.loaded),
          useIn: [...(info.useIn ?? [])],
        }));
      }
    }
    return out;
  });
}

const reactInternals = '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE';

/** Relative luminance (0 black … 1 white) of a computed `rgb(...)` colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r ?? 0) + 0.7152 * lin(g ?? 0) + 0.0722 * lin(b ?? 0);
}

test.use({ colorScheme: 'light' });

test.describe('shared singletons', () => {
  test('exactly one copy of each singleton is loaded, the host’s, and no remote serves React', async ({
    page,
    request,
  }) => {
    const log = new NetworkLog(page);
    const bodies: Array<Promise<{ app: string; url: string; body: string }>> = [];
    page.on('response', (response) => {
      const entry = log.requests.find((r) => r.request === response.request());
      if (entry?.app && entry.app !== 'host' && entry.resourceType === 'script') {
        bodies.push(response.text().then((body) => ({ app: entry.app!, url: entry.url, body })));
      }
    });

    // Three remotes in one page: the dashboard's two widgets, a screen of the account area, then the
    // events list (the remote-rendered Dialog is checked in the tests below, as the admin).
    await page.goto('/');
    await expectDashboardWidgets(page);
    await page.getByRole('banner').getByRole('link', { name: 'Log In' }).click();
    await expectRemoteScreen(page, 'account');
    await mainNav(page).getByRole('link', { name: 'Events' }).click();
    await expectRemoteScreen(page, 'events');
    await expect(remoteArea(page, 'events').getByRole('heading', { level: 1 })).toBeVisible();
    const loadedRemotes: RemoteName[] = ['events', 'communities', 'account'];

    const scopes = await shareScopes(page);
    const instances = Object.keys(scopes);
    expect(instances).toContain('host:1.0.0');
    for (const remote of loadedRemotes)
      expect(instances.some((i) => i.startsWith(`${containerName(remote)}:`))).toBe(true);

    for (const [instance, packages] of Object.entries(scopes)) {
      for (const pkg of singletons) {
        const versions = packages[pkg];
        if (!versions && instance !== 'host:1.0.0') continue; // a remote that does not use it
        expect(versions, `${pkg} in ${instance}`).toHaveLength(1);
        expect(versions![0]!.from, `${pkg} in ${instance} provided by`).toBe('host');
        expect(versions![0]!.loaded, `${pkg} in ${instance} loaded`).toBe(true);
      }
    }
    // The remotes really consumed the host's copies rather than never asking.
    const hostScope = scopes['host:1.0.0']!;
    for (const pkg of ['react', 'react/jsx-runtime', '@hub/shared', '@griffel/react']) {
      for (const remote of loadedRemotes)
        expect(hostScope[pkg]![0]!.useIn, `${pkg} used in`).toContain(containerName(remote));
    }
    // The events screen uses the host's Fluent contexts too (react-dom is asked for by a remote only
    // when it renders a portal; wherever asked, the loop above proves it is the host's one copy).
    expect(hostScope['@fluentui/react-shared-contexts']![0]!.useIn).toContain(containerName('events'));
    // Atoms are reached only through @hub/shared (lint: jotai only in shared/src/store), so jotai is
    // the host's copy, used by the host's shared module alone, whatever the remotes render.
    expect(hostScope['jotai']![0]!.useIn, 'jotai used in').toEqual(['host']);
    // The communities widgets style their Fluent components with the host's copy of the token names.
    expect(hostScope['@fluentui/tokens/lib/tokens.js']![0]!.useIn).toContain(containerName('communities'));
    // Their buttons, message bars, skeletons and text are the host's, which its start-up had loaded.
    for (const key of [
      '@fluentui/react-button/lib/components/Button/Button.js',
      '@fluentui/react-message-bar/lib/MessageBar.js',
      '@fluentui/react-skeleton/lib/SkeletonItem.js',
      '@fluentui/react-text/lib/components/Text/index.js',
    ])
      for (const remote of ['events', 'communities'] as const)
        expect(hostScope[key]![0]!.useIn, `${key} used in`).toContain(containerName(remote));

    // The network log: every loaded remote's fallback chunks of the singletons stayed unrequested…
    for (const remote of loadedRemotes) {
      const paths = log.pathsTo(remote);
      expect(paths).toContain('/remoteEntry.js');
      const manifest = (await (await request.get(`${appOrigin(remote)}/mf-manifest.json`)).json()) as {
        shared: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
      };
      for (const shared of manifest.shared) {
        for (const file of [...shared.assets.js.sync, ...shared.assets.js.async]) {
          expect(paths, `${remote} served its own ${shared.name} (${file})`).not.toContain(`/${file}`);
        }
      }
    }
    // …and no script a remote port served carries React's (or react-dom's) code.
    const served = await Promise.all(bodies);
    expect(served.length).toBeGreaterThan(0);
    for (const { url, body } of served) expect(body.includes(reactInternals), `${url} contains React`).toBe(false);
  });

  test('the host’s theme reaches a remote’s Fluent Button and the Dialog the remote renders', async ({ page }) => {
    const { dialog, trigger } = await openRemoteDialog(page);
    const provider = page.locator('.fui-FluentProvider[data-theme]').first();
    await expect(provider).toHaveAttribute('data-theme', 'light');
    const remoteButton = dialog.getByRole('button', { name: 'Cancel' });
    const buttonLight = await remoteButton.evaluate((el) => getComputedStyle(el).backgroundColor);
    const surfaceLight = await dialog.evaluate((el) => getComputedStyle(el).backgroundColor);
    await remoteButton.click();
    await expect(dialog).toBeHidden();
    expect(luminance(buttonLight)).toBeGreaterThan(0.8);
    expect(luminance(surfaceLight)).toBeGreaterThan(0.8);

    await page.getByRole('banner').getByRole('button', { name: 'Dark theme' }).click();
    await expect(provider).toHaveAttribute('data-theme', 'dark');
    await trigger.click();
    await expect(dialog).toBeVisible();
    // Fluent's Button animates its background: wait for the transition to end, not just to start.
    await expect
      .poll(async () => luminance(await remoteButton.evaluate((el) => getComputedStyle(el).backgroundColor)))
      .toBeLessThan(0.1);
    const surfaceDark = await dialog.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(surfaceDark).not.toBe(surfaceLight);
    expect(luminance(surfaceDark)).toBeLessThan(0.1);
  });

  test('a remote opens the host’s dialog through the shared dialog queue; Cancel closes it', async ({ page }) => {
    const log = new NetworkLog(page);
    await page.goto('/');
    await expectDashboardWidgets(page);
    log.clear();
    const dialog = await openHostDialogFromRemote(page);
    // The picker is the host's (SPEC §2): its select offers the in-person places with an address.
    await expect(dialog.getByRole('combobox', { name: 'Event Location' })).toBeVisible();
    expect(log.to('host').filter((r) => r.resourceType === 'script').length).toBeGreaterThan(0);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(remoteArea(page, 'events').getByRole('button', { name: 'Attend in person' })).toBeVisible();
  });

  test('focus is trapped in a Dialog rendered by a remote', async ({ page }) => {
    const { dialog, trigger } = await openRemoteDialog(page);
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    // More Tabs (and Shift+Tabs) than the dialog has stops: focus wraps around inside it.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((el) => el.contains(document.activeElement));
      expect(inside, `focus left the dialog on ${key}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    // One focus manager on the page: the remote's Dialog trapped focus with the host's tabster.
    const hostScope = (await shareScopes(page))['host:1.0.0']!;
    for (const pkg of ['tabster', 'keyborg']) {
      expect(hostScope[pkg], pkg).toHaveLength(1);
      expect(hostScope[pkg]![0]!.loaded, `${pkg} loaded`).toBe(true);
      expect(hostScope[pkg]![0]!.useIn, `${pkg} used in`).toContain(containerName('admin'));
    }
  });

  test('one style renderer: no Griffel rule is inserted twice', async ({ page }) => {
    await page.goto('/');
    await expectDashboardWidgets(page);
    await mainNav(page).getByRole('link', { name: 'Events' }).click();
    await expectRemoteScreen(page, 'events');
    await expect(remoteArea(page, 'events').getByRole('heading', { level: 1 })).toBeVisible();

    const sheets = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLStyleElement>('style[data-make-styles-bucket]')].map((style) => ({
        key: `${style.dataset.makeStylesBucket}|${style.dataset.priority ?? ''}|${style.media}`,
        rules: [...(style.sheet?.cssRules ?? [])].map((r) => r.cssText),
      })),
    );
    expect(sheets.length).toBeGreaterThan(0);
    const keys = sheets.map((s) => s.key);
    expect(keys, 'one style element per bucket').toEqual([...new Set(keys)]);
    const rules = sheets.flatMap((s) => s.rules);
    const duplicates = rules.filter((rule, i) => rules.indexOf(rule) !== i);
    expect(duplicates).toEqual([]);
  });
});
