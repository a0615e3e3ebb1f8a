/**
 * `npm run bench`, front-end part: the budgets of the platform issue.
 *  - cold production build of all five apps (≤ 120 s) and of one remote alone (≤ a third of that);
 *  - JavaScript an anonymous user loads, gzip as sent, from Chromium's network log:
 *    ≤ 250 KB on a host-only page (/about), ≤ 300 KB on / with its remote widgets, on
 *    /events/event-list and on an event's page (/events/31, the demo seed's hybrid summit, its
 *    Markdown description rendered), printed per file and per package (`js-breakdown.ts`);
 *  - JavaScript a signed-in core member loads on `/manage` (issue 12: ≤ 350 KB gzip), measured on
 *    the whole stack (`run-site.ts --no-build`: the API with demo data and the Auth emulator beside
 *    the static servers, on the bench's own ports and data folder), signed in as the demo lead;
 *  - JavaScript a signed-in admin loads on `/admin-dashboard`, in two parts (issue 23, the product
 *    owner's decision): its first render (key figures, tabs, tables) ≤ 350 KB gzip, and the charts,
 *    asked for after it (from remote-admin's `hub:admin-charts` performance mark on), ≤ 100 KB gzip;
 *    measured once both charts are drawn.
 *  - issue 14: Lighthouse 12 (mobile, simulated throttling), the median of three runs per public
 *    page as an anonymous visitor (`lighthouse.ts`), and the time to open the events area from the
 *    home page (`area-open.ts`).
 *  - issue 24, through the production topology (`topology-bench.ts`: Debian's nginx in front of two
 *    API replicas from the compiled JavaScript on PostgreSQL): reads at ≥ 70 % of one replica hit
 *    directly with p99 ≤ 40 ms, the registration rush (≥ 100 attends/s, exact seats), and the
 *    Lighthouse table again as nginx serves the same build (what users get), beside the one from
 *    `npm start`'s Node server.
 *  - issue 26, the mail job queue (`api/bench/mail-fan-out.ts`): a new event in a community of
 *    10,000 members queued for all of them in ≤ 1 s (one statement), then sent over SMTP by two job
 *    runners at the configured rate (HUB_BENCH_MAIL_RATE a minute, default 12,000) with no duplicate.
 * Parts: `--js-only` (JavaScript weight), `--lighthouse-only` (Lighthouse table), `--area-only`
 * (area-open time), `--topology-only` (issue 24's topology budgets, with its Lighthouse table when
 * `--lighthouse-only` is given too), `--mail-only` (issue 26's mail budget); each skips the builds and measures what is already built
 * (`HUB_DIST_DIR`, default `dist-bench`), as does `--no-build`. `HUB_LIGHTHOUSE_REPORTS` keeps every
 * Lighthouse run's whole JSON report. `--strict` exits non-zero when any goal is missed
 * (without it, only the build and JavaScript budgets fail the run: Lighthouse is too noisy on a
 * shared machine to fail on by default).
 */
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
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
// The signed-in measurement runs the API and the Auth emulator too, beside any running site.
process.env.HUB_API_PORT ??= String(portBase + 80);
process.env.HUB_AUTH_EMULATOR_PORT ??= String(portBase + 99);
process.env.HUB_IDP_PORT ??= String(portBase + 443);
process.env.HUB_MAIL_CATCHER_PORT ??= String(portBase + 25);
process.env.HUB_MAIL_CATCHER_UI_PORT ??= String(portBase + 26);
process.env.HUB_API_BASE_URL ??= `http://localhost:${portBase + 80}/`;
// The production topology (issue 24) runs before the site stack, on its own run of ports.
process.env.HUB_TOPOLOGY_PORT_BASE ??= String(portBase + 50);
const { buildAllApps, buildApp } = await import('./build-apps');
const { distDir, ports, repoRoot } = await import('../../serving/src/site-config');
const { run: runCommand, spawnPrefixed, stopProcessGroup, waitForHttp } = await import('./child-process');
// Imported only now: chromium.ts reads the ports (site-config) when it loads.
const { chromiumArgs, chromiumExecutable } = await import('./chromium');
const { formatLighthouseTable, lighthousePaths, missedGoals, runLighthouse } = await import('./lighthouse');
const { areaOpenGoalMs, measureAreaOpen, medianOf } = await import('./area-open');
process.env.HUB_DATA_DIR ??= path.join(repoRoot, '.data', 'bench-api');

const kb = (bytes: number) => bytes / 1024;

async function measureBuilds() {
  const env = { HUB_BUILD_CACHE: 'off' };
  const started = performance.now();
  const each = await buildAllApps(env, () => undefined);
  const all = (performance.now() - started) / 1000;
  const alone = await buildApp('events', env);
  return { all, alone, each };
}

/** Signs in through the login screen, as a user would (the session stays in the browser context). */
async function signIn(page: Page, base: string, email: string) {
  await page.goto(`${base}/account/login`);
  const form = page.getByRole('form', { name: 'Log in with e-mail and password' });
  await form.getByRole('textbox', { name: /E-mail address/ }).fill(email);
  await form
    .getByLabel(/^Password/)
    .first()
    .fill('Demo!Passw0rd');
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('button', { name: /^Account menu for / }).waitFor({ timeout: 60_000 });
}

/**
 * The JavaScript a first visit to `url` loads until `waitFor` shows and the network is quiet, up to
 * the host's idle warming. With `laterMark`, the scripts requested from that performance mark on are
 * counted apart (`later`): code the page asks for after its first render.
 */
async function measurePage(
  url: string,
  waitFor: string,
  { signedInAs, laterMark }: { signedInAs?: string; laterMark?: string } = {},
) {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable,
    args: chromiumArgs,
  });
  try {
    // A signed-in first visit: the session (Firebase keeps it in localStorage) is carried into a
    // fresh context, whose HTTP cache is empty like a new visitor's.
    let storageState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
    if (signedInAs) {
      const login = await browser.newContext();
      await signIn(await login.newPage(), new URL(url).origin, signedInAs);
      storageState = await login.storageState();
      await login.close();
    }
    const page = await (await browser.newContext({ storageState })).newPage();
    const scripts: { startTime: number; script: Promise<LoadedScript> }[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      const script = request.sizes().then((s) => ({ url: request.url(), bytes: s.responseBodySize }));
      scripts.push({ startTime: request.timing().startTime, script });
    });
    await page.goto(url);
    await page.waitForSelector(waitFor);
    await page.waitForLoadState('networkidle');
    // The page's own JavaScript ends where the host's deferred work begins, once the page has
    // settled: idle warming of the next pages or the service worker's registration, the first of them.
    const markTime = (name: string) =>
      page.evaluate(`(() => {
        const mark = performance.getEntriesByName(${JSON.stringify(name)}, 'mark')[0];
        return mark ? performance.timeOrigin + mark.startTime : Infinity;
      })()`);
    const settled = Math.min(
      Number(await markTime('hub:idle-warming')),
      Number(await markTime('hub:service-worker-registration')),
    );
    const laterFrom = laterMark ? Number(await markTime(laterMark)) : Infinity;
    const sum = (list: LoadedScript[]) => ({
      bytes: list.reduce((total, s) => total + s.bytes, 0),
      files: list.length,
      scripts: list,
    });
    const own = scripts.filter((s) => s.startTime < settled);
    const first = await Promise.all(own.filter((s) => s.startTime < laterFrom).map((s) => s.script));
    const later = await Promise.all(own.filter((s) => s.startTime >= laterFrom).map((s) => s.script));
    return { ...sum(first), later: sum(later) };
  } finally {
    await browser.close();
  }
}

const flag = (name: string) => process.argv.includes(name);
const only = {
  js: flag('--js-only'),
  lighthouse: flag('--lighthouse-only'),
  area: flag('--area-only'),
  topology: flag('--topology-only'),
  mail: flag('--mail-only'),
};
const anyOnly = only.js || only.lighthouse || only.area || only.topology || only.mail;
const run = {
  builds: !anyOnly && !flag('--no-build'),
  js: !anyOnly || only.js,
  // With --topology-only alone, the topology's Lighthouse table is left out (it takes minutes).
  lighthouse: !anyOnly || only.lighthouse,
  area: !anyOnly || only.area,
  topology: !anyOnly || only.topology,
  mail: !anyOnly || only.mail,
};
const strict = flag('--strict');
// Every Lighthouse run's whole report, when asked for: the failing audits and long tasks behind a figure.
const reportDir = (server: string) =>
  process.env.HUB_LIGHTHOUSE_REPORTS ? path.join(process.env.HUB_LIGHTHOUSE_REPORTS, server) : undefined;
const builds = run.builds ? await measureBuilds() : undefined;
const missed: string[] = [];
if (run.mail) {
  const { benchMailFanOut } = await import('../../api/bench/mail-fan-out.ts');
  console.log('\nIssue 26: a new event in a community of 10,000 members (the mail job queue)');
  const result = await benchMailFanOut();
  for (const line of result.lines) console.log(`  ${line}`);
  missed.push(...result.missed.map((m) => `mail: ${m}`));
}
if (run.topology) {
  // The images' entries, as the topology runs them: the API compiled to JavaScript, and devstack's
  // production commands (page server, deploy documents, nginx configuration) bundled.
  await runCommand('api build', 'pnpm', ['--silent', '--filter', '@hub/api', 'build']);
  await runCommand('serving build-dist', 'pnpm', ['--silent', '--filter', '@hub/serving', 'build-dist']);
  const { startTopology } = await import('../../e2e/topology/start-topology.ts');
  const { benchTopology } = await import('./topology-bench');
  const topology = await startTopology();
  try {
    console.log('\nIssue 24: through the production topology (nginx + two API replicas on PostgreSQL)');
    const result = await benchTopology(topology);
    for (const line of result.lines) console.log(line);
    missed.push(...result.missed.map((m) => `topology: ${m}`));
    if (run.lighthouse) {
      console.log(
        '\nLighthouse 12, mobile preset, as the production topology serves the build (nginx), median of three:',
      );
      const pages = await runLighthouse(
        lighthousePaths.map((p) => `${topology.siteOrigin}${p}`),
        { reportDir: reportDir('topology') },
      );
      for (const line of formatLighthouseTable(pages)) console.log(`  ${line}`);
      for (const page of pages)
        if (missedGoals(page.median).length) missed.push(`Lighthouse goals on ${page.url} (topology)`);
    }
  } finally {
    await topology.stop();
  }
}
// The whole stack (static servers, API with demo data, Auth emulator), as `npm start` runs it.
const stack = !(run.js || run.lighthouse || run.area)
  ? undefined
  : spawnPrefixed('site', 'pnpm', [
      '--silent',
      '--filter',
      '@hub/devstack',
      'exec',
      'tsx',
      'src/run-site.ts',
      '--no-build',
      // Warnings and errors only: the bench's output is its tables.
      '--quiet',
    ]);
try {
  const base = `http://localhost:${ports.host}`;
  if (stack) await waitForHttp(`${base}/remotes.json`, 240_000);
  if (run.js) {
    const about = await measurePage(`${base}/about`, 'main h1');
    const home = await measurePage(`${base}/`, '[data-remote="communities"]');
    // The events list as an anonymous visitor, with the demo data's first page.
    const eventList = await measurePage(`${base}/events/event-list`, '[data-remote="events"] h1');
    // An event's page as an anonymous visitor, once its Markdown description (a lazy chunk) is shown.
    const eventDetail = await measurePage(`${base}/events/31`, '[data-remote="events"] [data-markdown]');
    const manage = await measurePage(`${base}/manage`, '[data-remote="admin"] h2', {
      signedInAs: 'lead@hub.test',
    });
    const adminDashboard = await measurePage(`${base}/admin-dashboard`, '[data-remote="admin"] figure svg', {
      signedInAs: 'admin@hub.test',
      laterMark: 'hub:admin-charts',
    });
    const charts = adminDashboard.later;
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
        'JS on /events/event-list, gzip',
        `${kb(eventList.bytes).toFixed(1)} KB in ${eventList.files} files`,
        '≤ 300 KB',
        kb(eventList.bytes) <= 300,
      ],
      [
        'JS on /events/:id (anonymous, Markdown shown), gzip',
        `${kb(eventDetail.bytes).toFixed(1)} KB in ${eventDetail.files} files`,
        '≤ 300 KB',
        kb(eventDetail.bytes) <= 300,
      ],
      [
        'JS on /manage (the lead, signed in), gzip',
        `${kb(manage.bytes).toFixed(1)} KB in ${manage.files} files`,
        '≤ 350 KB',
        kb(manage.bytes) <= 350,
      ],
      [
        'JS on /admin-dashboard (an admin, first render: figures, tabs, tables), gzip',
        `${kb(adminDashboard.bytes).toFixed(1)} KB in ${adminDashboard.files} files`,
        '≤ 350 KB',
        kb(adminDashboard.bytes) <= 350,
      ],
      [
        'JS of the charts on /admin-dashboard (loaded after the first render), gzip',
        `${kb(charts.bytes).toFixed(1)} KB in ${charts.files} files`,
        '≤ 100 KB',
        // Nothing at all would mean the charts came with the first render (or the mark is gone).
        charts.files > 0 && kb(charts.bytes) <= 100,
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
      ['/events/event-list', eventList],
      ['/events/31', eventDetail],
      ['/manage', manage],
      ['/admin-dashboard (first render)', adminDashboard],
      ['/admin-dashboard (the charts, after the first render)', charts],
    ] as const) {
      console.log(`\nJavaScript on ${path}, gzip as sent, per file (largest packages inside) and per package:`);
      for (const line of formatBreakdown(breakDown(measured.scripts, fileOf))) console.log(line);
    }
    if (!rows.every((r) => r[3])) missed.push('build or JavaScript budgets');
  }
  if (run.lighthouse) {
    console.log(
      "\nLighthouse 12, mobile preset (simulated throttling), anonymous, median of three runs per page, as npm start's Node server serves the build:",
    );
    const pages = await runLighthouse(
      lighthousePaths.map((p) => `${base}${p}`),
      { reportDir: reportDir('node-server') },
    );
    for (const line of formatLighthouseTable(pages)) console.log(`  ${line}`);
    for (const page of pages) if (missedGoals(page.median).length) missed.push(`Lighthouse goals on ${page.url}`);
  }
  if (run.area) {
    const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
    try {
      const area = await measureAreaOpen(browser, base);
      const settled = medianOf(area.settled);
      const whileLoading = medianOf(area.whileLoading);
      const runs = (values: number[]) => values.map((v) => Math.round(v)).join(', ');
      console.log('\nOpening the events area from the home page (click on Events → list shown), median of three:');
      console.log(
        `${settled <= areaOpenGoalMs ? 'within' : 'OVER  '}  home page settled: ${Math.round(settled)} ms (runs ${runs(area.settled)}; goal ≤ ${areaOpenGoalMs} ms)`,
      );
      console.log(
        `        clicked while the home page still loads: ${Math.round(whileLoading)} ms (runs ${runs(area.whileLoading)})`,
      );
      if (!(settled <= areaOpenGoalMs)) missed.push('area-open time');
    } finally {
      await browser.close();
    }
  }
} finally {
  // SIGTERM lets the site runner stop the API and the emulator it started.
  if (stack) await stopProcessGroup(stack);
}
if (missed.length)
  console.log(
    `\nGoals missed: ${missed.join('; ')}${strict ? '' : ' (only the build and JavaScript budgets and a wrong seat count fail the run without --strict)'}`,
  );
// A wrong seat count is a bug, not noise: it fails the run whatever the flags.
const alwaysFatal = new Set(['build or JavaScript budgets', 'topology: exact seats in the registration rush']);
const fatal = strict ? missed : missed.filter((m) => alwaysFatal.has(m));
process.exitCode = fatal.length ? 1 : 0;
