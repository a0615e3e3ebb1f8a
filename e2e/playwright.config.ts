import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../devstack/src/chromium';

/**
 * End-to-end tests drive the built site in Debian's Chromium (`npx playwright install` cannot work
 * here). The web server is the same orchestration as `npm start`, minus the build (the test command
 * builds first, with fault injection on) and plus a loopback control port for outage tests.
 */
export const controlPort = 3999;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: 'http://localhost:3000',
    trace: 'retain-on-failure',
    // The work-account IdP stand-in on :8443 uses a self-signed certificate made at start.
    ignoreHTTPSErrors: true,
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
  },
  webServer: {
    command: `pnpm --silent --filter @hub/devstack exec tsx src/run-site.ts --no-build --control-port=${controlPort}`,
    url: 'http://localhost:3000/remotes.json',
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    // SIGTERM lets the site runner stop the API and the auth emulator it started.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stderr: 'pipe',
  },
});
