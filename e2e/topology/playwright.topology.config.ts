import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../../devstack/src/chromium.ts';
import { topologyPorts } from './topology-ports.ts';

/**
 * The production topology suite (`pnpm --filter @hub/e2e test:topology`): the global setup starts
 * nginx, two API replicas, the worker, the page server, PostgreSQL and Redis from the production
 * artefacts (start-topology.ts) on HUB_TOPOLOGY_PORT_BASE's ports; the tests walk the site through
 * nginx and do harm to the replicas. It serves the apps' builds the e2e step made before it: it
 * builds nothing. The API and serving's production commands must be compiled first (`pnpm --filter
 * @hub/api build`, `pnpm --filter @hub/serving build-dist`; npm test's step does both).
 */
const ports = topologyPorts();
const siteOrigin = `http://localhost:${ports.site}`;

// e2e/support's helpers (sign-in, API calls, the site's origin) follow these settings: here the site
// and the API are nginx's, the remotes nginx's servers, the Auth emulator the topology's.
Object.assign(process.env, {
  HUB_HOST_PORT: String(ports.site),
  HUB_EVENTS_PORT: String(ports.remotes.events),
  HUB_COMMUNITIES_PORT: String(ports.remotes.communities),
  HUB_ACCOUNT_PORT: String(ports.remotes.account),
  HUB_ADMIN_PORT: String(ports.remotes.admin),
  HUB_API_PORT: String(ports.site),
  HUB_API_URL: siteOrigin,
  HUB_AUTH_EMULATOR_PORT: String(ports.authEmulator),
  HUB_AUTH_EMULATOR_URL: `http://127.0.0.1:${ports.authEmulator}`,
});

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: siteOrigin,
    trace: 'retain-on-failure',
    ignoreHTTPSErrors: true,
    serviceWorkers: 'block',
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
  },
});
