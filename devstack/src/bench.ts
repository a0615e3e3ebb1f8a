/**
 * `npm run bench`, front-end part: the budgets of the platform issue.
 *  - cold production build of all five apps (≤ 120 s) and of one remote alone (≤ a third of that);
 *  - JavaScript an anonymous user loads, gzip as sent, from Chromium's network log:
 *    ≤ 250 KB on a host-only page (/about), ≤ 300 KB on / with its remote widgets and ≤ 300 KB on an
 *    event's page (/events/1, its Markdown description rendered), printed per file and per package
 *    (`js-breakdown.ts`). The event page's API answers are given by the browser itself (no API runs
 *    here): what is measured is the JavaScript, which does not depend on where the data came from.
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

/** The event the bench's /events/1 shows: a Markdown description and two places, like the demo seed's. */
const benchEvent = {
  id: 1,
  title: 'Platform engineering meetup',
  description: '## Agenda\n\n- Welcome\n- **Talks** about [Kubernetes](https://kubernetes.io)\n\n> Drinks after.',
  imageUrl: '',
  startsAt: '2030-03-01T17:00:00.000Z',
  endsAt: '2030-03-01T19:00:00.000Z',
  timeZone: 'Europe/Amsterdam',
  communityId: 1,
  communityName: 'Cloud Native Guild',
  communityBaseId: 1,
  countryId: 1,
  countryName: 'Netherlands',
  capacity: 40,
  attendeeCount: 12,
  seatsLeft: 28,
  cancelled: false,
  format: 'hybrid',
  locations: [
    {
      eventLocationId: 1,
      cityName: 'Amsterdam',
      address: 'Herengracht 1',
      online: 'No',
      capacity: null,
      attendeeCount: 8,
    },
    { eventLocationId: 2, cityName: 'Teams', address: null, online: 'Yes', capacity: null, attendeeCount: 4 },
  ],
  waitingListCount: 0,
  waitingListEnabled: false,
};

/** API answers by path for a page measured without the API; anything else answers 404 like the API. */
type FakeApi = Record<string, unknown>;

async function measurePage(url: string, waitFor: string, api?: FakeApi) {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable,
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage();
    if (api) {
      await page.route(/\/api\//, (route) => {
        const body = api[new URL(route.request().url()).pathname];
        const headers = { 'access-control-allow-origin': '*' };
        return body === undefined
          ? route.fulfill({ status: 404, headers, json: { message: 'Not found', details: [] } })
          : route.fulfill({ headers, json: body });
      });
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
const builds = jsOnly ? undefined : await measureBuilds();
const site = new StaticSite();
await site.startAll();
try {
  const base = `http://localhost:${ports.host}`;
  const about = await measurePage(`${base}/about`, 'main h1');
  const home = await measurePage(`${base}/`, '[data-remote="communities"]');
  const event = await measurePage(`${base}/events/1`, '[data-markdown]', { '/api/events/1': benchEvent });
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
    [
      'JS on /events/:id (anonymous, Markdown shown), gzip',
      `${kb(event.bytes).toFixed(1)} KB in ${event.files} files`,
      '≤ 300 KB',
      kb(event.bytes) <= 300,
    ],
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
    ['/events/1', event],
  ] as const) {
    console.log(`\nJavaScript on ${path}, gzip as sent, per file (largest packages inside) and per package:`);
    for (const line of formatBreakdown(breakDown(measured.scripts, fileOf))) console.log(line);
  }
  process.exitCode = rows.every((r) => r[3]) ? 0 : 1;
} finally {
  await site.stopAll();
}
