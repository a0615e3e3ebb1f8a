import path from 'node:path';
import { expect, test, type Page, type Response } from '@playwright/test';
import { buildIdOf, nextBuildOf, releaseIdIn, resetReleases, runReleaseCommand } from '../support/releases';
import { appDir } from '../support/stack';
import { loginAs } from '../support/login';
import { expectAppStarted, expectRemoteScreen, footer, remoteArea } from '../support/site';

// This spec alone lets the production build's worker run (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const installButton = (page: Page) => footer(page).getByRole('button', { name: 'Add to Home Screen' });
const offlineBanner = (page: Page) => page.getByText('You are offline', { exact: true });

const hostDist = path.join(appDir('host'), 'dist');

async function releaseHost(...args: string[]) {
  await releaseApp('host', ...args);
}

async function releaseApp(app: 'host' | 'communities', ...args: string[]) {
  const result = await runReleaseCommand('release', [app, ...args]);
  expect(result.code, result.output).toBe(0);
}

/** What says which release runs (caching-rules.ts, 'deployment-pointer'). */
const deploymentDocument = /\/(remotes\.json|mf-manifest\.json|remoteEntry\.js)$/;

/** Resolves once a worker controls the page and has stored what the first visit loaded. */
async function controlledAndWarm(page: Page) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 45_000 });
  await page.waitForFunction(
    async () =>
      (await caches.keys()).includes('hub-pages-v1') && (await (await caches.open('hub-chunks-v1')).keys()).length > 0,
    undefined,
    { timeout: 20_000 },
  );
}

test.describe('the installable app (SPEC §1, §9)', () => {
  test('the manifest is valid, its icons are there, and Chromium finds the page installable', async ({
    page,
    request,
  }) => {
    const answer = await request.get('/manifest.webmanifest');
    expect(answer.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await answer.json()) as Record<string, unknown> & { icons: Array<Record<string, string>> };
    expect(manifest).toMatchObject({
      name: 'Community Hub',
      short_name: 'Community Hub'.length <= 12 ? 'Community Hub' : 'Community',
      start_url: '/',
      display: 'standalone',
      theme_color: '#0f6cbd',
      background_color: '#ffffff',
    });
    for (const size of ['192x192', '512x512']) {
      for (const purpose of ['any', 'maskable']) {
        const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === purpose);
        expect(icon, `${size} ${purpose}`).toBeDefined();
        const png = await request.get(icon!.src!);
        expect(png.headers()['content-type']).toBe('image/png');
        const bytes = await png.body();
        expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(size);
      }
    }

    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const cdp = await page.context().newCDPSession(page);
    await expect
      .poll(async () => {
        const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: Array<{ errorId: string }>;
        };
        // Every Playwright context but a persistent one is incognito, where Chromium never installs:
        // 'in-incognito' is the one error left when the manifest, icons and worker meet its criteria.
        return installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
      })
      .toEqual([]);
  });

  test('Add to Home Screen appears after beforeinstallprompt, opens the prompt and goes after appinstalled', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The app listens for the offer once it has started (after the page has painted).
    await expectAppStarted(page);
    // Chromium decides itself when to offer installation; whatever it did, the button follows the event.
    await expect(installButton(page))
      .toHaveCount(0, { timeout: 1 })
      .catch(() => undefined);
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          (window as unknown as { prompted: boolean }).prompted = true;
        },
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      window.dispatchEvent(offer);
    });
    await expect(installButton(page)).toBeVisible();
    await installButton(page).click();
    expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
    // An offer is used once: the button goes; a new offer brings it back, and installing removes it.
    await expect(installButton(page)).toHaveCount(0);
    await page.evaluate(() =>
      window.dispatchEvent(Object.assign(new Event('beforeinstallprompt'), { prompt: async () => {} })),
    );
    await expect(installButton(page)).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect(installButton(page)).toHaveCount(0);
  });

  test('an offer the browser makes before the app has started is kept: Add to Home Screen appears', async ({
    page,
  }) => {
    // The app starts once the page has painted; the offer here comes as soon as the HTML is parsed.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => {
            (window as unknown as { prompted: boolean }).prompted = true;
          },
          userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
        });
        const kept = (window as unknown as { __hubInstallOffer?: { taken: boolean } }).__hubInstallOffer;
        (window as unknown as { offeredEarly: unknown }).offeredEarly = { keeper: Boolean(kept), taken: kept?.taken };
        window.dispatchEvent(offer);
        (window as unknown as { suppressed: boolean }).suppressed = offer.defaultPrevented;
      });
    });
    await page.goto('/about');
    await expectAppStarted(page);
    // Made before the app listened (the head's keeper had it), the browser's own infobar suppressed.
    expect(await page.evaluate(() => (window as unknown as { offeredEarly: unknown }).offeredEarly)).toEqual({
      keeper: true,
      taken: false,
    });
    expect(await page.evaluate(() => (window as unknown as { suppressed: boolean }).suppressed)).toBe(true);
    await expect(installButton(page)).toBeVisible();
    await installButton(page).click();
    expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
    await expect(installButton(page)).toHaveCount(0);
  });
});

test.describe('the service worker (SPEC §4, §9)', () => {
  test('registers /ngsw-worker.js only once the page is stable, never before it has loaded', async ({ page }) => {
    await page.addInitScript(() => {
      const original = navigator.serviceWorker.register.bind(navigator.serviceWorker);
      navigator.serviceWorker.register = (url, options) => {
        (window as unknown as { registeredAt: number }).registeredAt = performance.now();
        return original(url, options);
      };
    });
    await page.goto('/events/event-list');
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    await page.waitForFunction(() => 'registeredAt' in window, undefined, { timeout: 35_000 });
    const timing = await page.evaluate(() => {
      const registeredAt = (window as unknown as { registeredAt: number }).registeredAt;
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      // Registering itself loads workbox-window, and idle warming (which also waits for a settled
      // page, and marks its start) fetches the next pages' code: neither is this page's loading.
      const warmingAt = performance.getEntriesByName('hub:idle-warming')[0]?.startTime ?? Infinity;
      const before = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (r) => r.startTime < Math.min(registeredAt, warmingAt) && !r.name.includes('workbox-window'),
      );
      const lastFetch = Math.max(...before.map((r) => r.responseEnd));
      return { registeredAt, loadEnd: navigation!.loadEventEnd, lastFetch };
    });
    expect(timing.registeredAt).toBeGreaterThan(timing.loadEnd);
    // A quiet second after the page's last fetch (its remote, chunks and reads), or 30 s.
    expect(timing.registeredAt - timing.lastFetch >= 900 || timing.registeredAt >= 30_000).toBe(true);
    const registration = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(registration).toMatch(/\/ngsw-worker\.js$/);
    const worker = await page.request.get('/ngsw-worker.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });

  test('offline after a visit: the shell, a visited community, the events list and My hub stay readable; Join needs the network', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    // The worker runs from the first stable page on; what is visited from then on is kept. The page
    // had read /remotes.json before the worker ran it, and the next page reads it in parallel with
    // its remote's manifest: the worker reads it itself as it installs, so from the moment it takes
    // the page it knows the remotes' origins, and stores the manifest whichever answer comes first.
    await page.addInitScript(() =>
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        void caches
          .open('hub-deployment-v1')
          .then((cache) => cache.match('/remotes.json'))
          .then((copy) => sessionStorage.setItem('test:remotes-known-when-taken', String(Boolean(copy))));
      }),
    );
    await loginAs(page, 'external@hub.test');
    await controlledAndWarm(page);
    expect(await page.evaluate(() => sessionStorage.getItem('test:remotes-known-when-taken'))).toBe('true');
    // The browser stops an idle worker: the next page wakes it, and its first requests wait for the
    // origins it reads from the cache as it starts, rather than being judged against none.
    const devtools = await context.newCDPSession(page);
    await devtools.send('ServiceWorker.enable');
    await devtools.send('ServiceWorker.stopAllWorkers');
    await devtools.detach();
    const communityUrl = '/community/2';
    await page.goto(communityUrl);
    await expect(
      page
        .getByRole('main')
        .getByRole('button', { name: /^(Join|Leave) / })
        .first(),
    ).toBeVisible();
    const communityName = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
    // Each page is left by a full load as soon as it shows (issue 23): an answer is stored when it
    // arrives, not on a timer a page load may cut short.
    await page.goto('/events/event-list');
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await page.goto('/my-hub');
    await expect(page.getByRole('heading', { level: 1, name: /My Community Hub/ })).toBeVisible();

    // The community was read once, and left at once: it is there offline.
    await context.setOffline(true);
    await page.goto(communityUrl);
    await expect(offlineBanner(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: communityName })).toBeVisible({ timeout: 20_000 });
    const join = page
      .getByRole('main')
      .getByRole('button', { name: /^(Join|Leave) / })
      .first();
    await expect(join).toHaveAttribute('aria-disabled', 'true');
    await expect(join).toHaveAccessibleDescription(
      /^You are offline\. (Joining|Leaving) needs a network connection\.$/,
    );

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();

    await page.goto('/my-hub');
    await expect(offlineBanner(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /My Community Hub/ })).toBeVisible({ timeout: 20_000 });

    await context.setOffline(false);
    await expect(offlineBanner(page)).toHaveCount(0);
  });

  test('a host release: the open page is told with the toast, and Reload runs the new release', async ({ page }) => {
    // The first run builds the second host once (about a minute here); later runs reuse it.
    test.setTimeout(240_000);
    const variant = await nextBuildOf('host');
    const [firstBuild, secondBuild] = [await buildIdOf(hostDist), await buildIdOf(variant)];
    expect(secondBuild).not.toBe(firstBuild);
    await resetReleases();
    // The host as `npm test` built it is the live release, so that there is one to roll back to.
    await releaseHost('--no-build');
    let released = false;
    try {
      await page.goto('/about');
      await controlledAndWarm(page);
      await expect(page.locator('html')).toHaveAttribute('data-hub-build', firstBuild);
      // A page run by the worker asks for a newer version as soon as it has registered.
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-hub-version-events', 'no-new-version', {
        timeout: 35_000,
      });

      // The host team releases a new build while the page stays open.
      await releaseHost(`--from=${variant}`);
      released = true;
      expect((await (await page.request.get('/mf-manifest.json')).json()).metaData.buildInfo.hubBuildId).toBe(
        secondBuild,
      );
      // The page asks again whenever it is shown again (and hourly): here, the tab comes back to the front.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      // (.first(): Fluent's live region repeats the title for screen readers.)
      const toast = page.getByText('A new version of Community Hub is available', { exact: true });
      await expect(toast.first()).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('html')).toHaveAttribute('data-hub-version-events', 'no-new-version detected ready');
      // Until Reload, the open page keeps running the release it started with.
      await expect(page.locator('html')).toHaveAttribute('data-hub-build', firstBuild);

      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-hub-build', secondBuild);
      // The new worker runs the page and knows of nothing newer; no toast is left over.
      await expect(page.locator('html')).toHaveAttribute('data-hub-version-events', 'no-new-version', {
        timeout: 35_000,
      });
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting)).toBeFalsy();
      await expect(toast).toHaveCount(0);
    } finally {
      // Other specs expect the host as built: roll the release back, then forget the test's releases.
      if (released) {
        const rollback = await runReleaseCommand('rollback', ['host']);
        expect(rollback.code, rollback.output).toBe(0);
        expect((await (await page.request.get('/mf-manifest.json')).json()).metaData.buildInfo.hubBuildId).toBe(
          firstBuild,
        );
      }
      await resetReleases();
    }
  });
  test('a remote released while the page is open runs on the next load: the worker fetches its entry, never a cached one', async ({
    page,
    context,
  }) => {
    // The first run builds the second communities build (or reuses federation-releases.spec.ts's).
    test.setTimeout(240_000);
    const variant = await nextBuildOf('communities');
    const [firstBuild, secondBuild] = [
      await buildIdOf(path.join(appDir('communities'), 'dist')),
      await buildIdOf(variant),
    ];
    expect(secondBuild).not.toBe(firstBuild);
    await resetReleases();
    await releaseApp('communities', '--no-build');
    let released = false;
    try {
      await page.goto('/communities');
      await controlledAndWarm(page);
      // Loaded again under the worker: from here on every deployment document of the page goes through it
      // (a rule that stored them would answer the next load from this copy).
      await page.reload();
      await expectRemoteScreen(page, 'communities');
      await expect(remoteArea(page, 'communities')).toHaveAttribute('data-remote-build', firstBuild);

      // The communities team releases its next build while the page stays open.
      await releaseApp('communities', `--from=${variant}`);
      released = true;
      const remotes = (await (await page.request.get('/remotes.json')).json()) as Record<string, string>;
      const newRelease = releaseIdIn(remotes.communities!);

      const workerFetched = new Set<string>();
      context.on('request', (request) => {
        if (request.serviceWorker()) workerFetched.add(request.url());
      });
      const answers: Response[] = [];
      page.on('response', (response) => {
        if (deploymentDocument.test(new URL(response.url()).pathname)) answers.push(response);
      });
      await page.reload();
      await expect(remoteArea(page, 'communities')).toHaveAttribute('data-remote-build', secondBuild);
      await expectRemoteScreen(page, 'communities');

      expect(answers.map((a) => new URL(a.url()).pathname)).toEqual(
        expect.arrayContaining([
          '/remotes.json',
          `/releases/${newRelease}/mf-manifest.json`,
          `/releases/${newRelease}/remoteEntry.js`,
        ]),
      );
      for (const answer of answers) {
        // The worker answered (it controls the page and knows the remotes' origins) with what it had just
        // fetched from the network for this load.
        expect(answer.fromServiceWorker(), answer.url()).toBe(true);
        expect(workerFetched, answer.url()).toContain(answer.url());
      }
      // Only the offline copy keeps them (used when the device is offline); no cache the worker answers from does.
      const cachedElsewhere = await page.evaluate(async (pattern) => {
        const found: string[] = [];
        for (const name of await caches.keys()) {
          if (name === 'hub-deployment-v1') continue;
          const keys = await (await caches.open(name)).keys();
          found.push(...keys.filter((k) => new RegExp(pattern).test(new URL(k.url).pathname)).map((k) => k.url));
        }
        return found;
      }, deploymentDocument.source);
      expect(cachedElsewhere).toEqual([]);
    } finally {
      // Other specs expect communities as built: roll the release back, then forget the test's releases.
      if (released) {
        const rollback = await runReleaseCommand('rollback', ['communities']);
        expect(rollback.code, rollback.output).toBe(0);
      }
      await resetReleases();
    }
  });
});
