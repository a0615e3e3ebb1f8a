/**
 * `npm run bench`, front-end part: the budgets of the platform issue.
 *  - cold production build of all five apps (≤ 120 s) and of one remote alone (≤ a third of that);
 *  - JavaScript an anonymous user loads, gzip as sent, from Chromium's network log:
 *    ≤ 250 KB on a host-only page (/about) and ≤ 300 KB on / with its remote widgets, printed per
 *    file and per package (`js-breakdown.ts`);
 *  - JavaScript on the signed-in screens of the admin remote (issue 12): ≤ 350 KB on /manage (as a
 *    community lead) and on /admin-dashboard (as an admin, charts included). These start the back end
 *    too (auth emulator, IdP stand-in, API on a throwaway PGlite folder); `--anonymous-only` skips them.
 * `--js-only` skips the builds and measures what is already built (`HUB_DIST_DIR`, default `dist-bench`).
 */
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from './chromium';
import { breakDown, formatBreakdown, localFileOf, type LoadedScript } from './js-breakdown';

// Build and serve beside whatever site may be running: own output folders, own ports.
process.env.HUB_DIST_DIR ??= 'dist-bench';
const portBase = Number(process.env.HUB_BENCH_PORT_BASE ?? 4100);
process.env.HUB_HOST_PORT ??= String(portBase);
process.env.HUB_EVENTS_PORT ??= String(portBase + 1);
process.env.HUB_COMMUNITIES_PORT ??= String(portBase + 2);
process.env.HUB_ACCOUNT_PORT ??= String(portBase + 3);
process.env.HUB_ADMIN_PORT ??= String(portBase + 4);
process.env.HUB_SITE_ORIGIN ??= `http://localhost:${portBase}`;
process.env.HUB_API_PORT ??= String(portBase + 80);
process.env.HUB_AUTH_EMULATOR_PORT ??= String(portBase + 99);
process.env.HUB_IDP_PORT ??= String(portBase + 443);
const { buildAllApps, buildApp } = await import('./build-apps');
const { distDir, ports } = await import('./site-config');
const { StaticSite } = await import('./static-site');

const kb = (bytes: number) => bytes / 1024;

async function measureBuilds() {
  const env = { HUB_BUILD_CACHE: 'off' };
  const started = performance.now();
  const each = await buildAllApps(env, () => undefined);
  const all = (performance.now() - started) / 1000;
  const alone = await buildApp('events', env);
  return { all, alone, each };
}

/** The demo accounts' password (api/src/seed). */
const demoPassword = 'Demo!Passw0rd';

/**
 * The JavaScript one page load fetches, gzip as sent. With `signInAs`, the account signs in first
 * through the login screen (in the same browser context, so the page load measured restores that
 * session as a returning user's would); only the measured load's scripts are counted.
 */
async function measurePage(url: string, waitFor: string, signInAs?: string) {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable,
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage();
    if (signInAs) {
      await page.goto(new URL('/account/login', url).href);
      const form = page.getByRole('form', { name: 'Log in with e-mail and password' });
      await form.getByRole('textbox', { name: /E-mail address/ }).fill(signInAs);
      await form
        .getByLabel(/^Password/)
        .first()
        .fill(demoPassword);
      await form.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('button', { name: /^Account menu for / }).waitFor({ timeout: 60_000 });
    }
    const scripts: Promise<LoadedScript>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(request.sizes().then((s) => ({ url: request.url(), bytes: s.responseBodySize })));
    });
    await page.goto(url);
    await page.waitForSelector(waitFor);
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    return { bytes: loaded.reduce((sum, s) => sum + s.bytes, 0), files: loaded.length, scripts: loaded };
  } finally {
    await browser.close();
  }
}

const jsOnly = process.argv.includes('--js-only');
const signedIn = !process.argv.includes('--anonymous-only');
const builds = jsOnly ? undefined : await measureBuilds();
const site = new StaticSite();
const cleanups: Array<() => Promise<void> | void> = [() => site.stopAll()];
await site.startAll();
try {
  const base = `http://localhost:${ports.host}`;
  const about = await measurePage(`${base}/about`, 'main h1');
  const home = await measurePage(`${base}/`, '[data-remote="communities"]');
  let manage: Awaited<ReturnType<typeof measurePage>> | undefined;
  let adminDashboard: Awaited<ReturnType<typeof measurePage>> | undefined;
  if (signedIn) {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    // Its own database: never the folder a running site or test stack uses.
    process.env.HUB_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'hub-bench-api-'));
    const { startBackend } = await import('./backend');
    await startBackend(cleanups);
    manage = await measurePage(`${base}/manage`, '[data-remote="admin"] h1', 'lead@hub.test');
    // The charts are part of the screen: measured once their SVGs are drawn.
    adminDashboard = await measurePage(`${base}/admin-dashboard`, '[data-remote="admin"] svg', 'admin@hub.test');
  }
  type Row = [string, string, string, boolean];
  const rows: Row[] = [
    ...(builds
      ? ([
          ['build: all five apps, cold', `${builds.all.toFixed(1)} s`, '≤ 120 s', builds.all <= 120],
          [
            'build: remote-events alone, cold',
            `${builds.alone.toFixed(1)} s`,
            '≤ 40 s (a third of 120 s)',
            builds.alone <= 40,
          ],
        ] satisfies Row[])
      : []),
    [
      'JS on /about (host only), gzip',
      `${kb(about.bytes).toFixed(1)} KB in ${about.files} files`,
      '≤ 250 KB',
      kb(about.bytes) <= 250,
    ],
    [
      'JS on / with remote widgets, gzip',
      `${kb(home.bytes).toFixed(1)} KB in ${home.files} files`,
      '≤ 300 KB',
      kb(home.bytes) <= 300,
    ],
    ...(manage && adminDashboard
      ? ([
          [
            'JS on /manage (community lead), gzip',
            `${kb(manage.bytes).toFixed(1)} KB in ${manage.files} files`,
            '≤ 350 KB',
            kb(manage.bytes) <= 350,
          ],
          [
            'JS on /admin-dashboard (admin, charts included), gzip',
            `${kb(adminDashboard.bytes).toFixed(1)} KB in ${adminDashboard.files} files`,
            '≤ 350 KB',
            kb(adminDashboard.bytes) <= 350,
          ],
        ] satisfies Row[])
      : []),
  ];
  console.log('\nFront-end budgets');
  for (const [what, measured, budget, ok] of rows)
    console.log(`${ok ? 'within' : 'OVER  '}  ${what}: ${measured} (budget ${budget})`);
  if (builds)
    console.log(
      `per-app cold build (two at a time): ${Object.entries(builds.each)
        .map(([a, s]) => `${a} ${s.toFixed(1)} s`)
        .join(', ')}`,
    );
  const fileOf = localFileOf(ports, distDir);
  for (const [path, measured] of [
    ['/about', about],
    ['/', home],
    ...(manage ? [['/manage', manage] as const] : []),
    ...(adminDashboard ? [['/admin-dashboard', adminDashboard] as const] : []),
  ] as const) {
    console.log(`\nJavaScript on ${path}, gzip as sent, per file (largest packages inside) and per package:`);
    for (const line of formatBreakdown(breakDown(measured.scripts, fileOf))) console.log(line);
  }
  process.exitCode = rows.every((r) => r[3]) ? 0 : 1;
} finally {
  await Promise.allSettled(cleanups.map((cleanup) => cleanup()));
}
