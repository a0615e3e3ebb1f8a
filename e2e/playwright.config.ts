import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../devstack/src/chromium';
import { ports, repoRoot } from '../serving/src/site-config';
import { controlPort } from './support/control';

// The suite's own release store (read by the web server, written by the release tests): releases a
// developer made under .releases/ are never served to the tests nor reset by them.
process.env.HUB_RELEASES_DIR ??= path.join(repoRoot, 'e2e', '.releases');

/**
 * End-to-end tests drive the built site in Debian's Chromium (`npx playwright install` cannot work
 * here). The web server is the same orchestration as `npm start`, minus the build (the test command
 * builds first, with fault injection on) and plus a loopback control port for outage tests. Every port
 * follows devstack's HUB_*_PORT settings (and HUB_CONTROL_PORT), so two checkouts can run it side by side.
 */

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // Visual regression (tests/visual.spec.ts): a pixel counts as changed past Playwright's colour
    // threshold (antialiasing stays under it), and a shot fails past 0.2 % changed pixels (about 660
    // at 390x844): a button a few pixels off fails, a column 80 px narrower fails by far.
    toHaveScreenshot: { threshold: 0.2, maxDiffPixelRatio: 0.002, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  // CI (a fresh clone) compares with the committed baselines and never writes one: a missing
  // baseline fails. Locally a missing one is written (and the test fails, to be looked at).
  updateSnapshots: process.env.CI ? 'none' : 'missing',
  reporter: process.env.CI ? [['list']] : [['list']],
  // The visual baselines are shot first, on the demo data as seeded: later specs add events, members
  // and edits that would change what the lists show first. One worker runs the projects in this order.
  projects: [
    { name: 'visual', testMatch: /visual\.spec\.ts$/ },
    { name: 'site', testIgnore: /visual\.spec\.ts$/ },
  ],
  use: {
    baseURL: `http://localhost:${ports.host}`,
    // A trace costs about a quarter of the suite's time (the browser screencasts every action for
    // it): CI records one for a test's retry, the run that fails the step; a developer's run
    // (no retry) keeps the trace of a failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The work-account IdP stand-in on :8443 uses a self-signed certificate made at start.
    ignoreHTTPSErrors: true,
    // The production build registers a service worker: off unless a spec opts in (pwa.spec.ts), so no
    // spec ever meets another's cached files. Each context is a fresh profile with no registration.
    serviceWorkers: 'block',
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
  },
  webServer: {
    command: `pnpm --silent --filter @hub/devstack exec tsx src/run-site.ts --no-build --control-port=${controlPort}`,
    url: `http://localhost:${ports.host}/remotes.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    // SIGTERM lets the site runner stop the API and the auth emulator it started.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stderr: 'pipe',
  },
});
