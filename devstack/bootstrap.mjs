#!/usr/bin/env node
// The entry of `npm start`, `npm test` and `npm run bench`. Plain Node with no dependencies, because
// on a fresh machine (Node 20 and npm only) nothing else is installed yet: it installs pnpm, the
// workspace's packages and, for tests, Debian's chromium, postgresql and redis-server, then hands over.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runSteps } from './run-steps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pnpmVersion = '10.34.8';
const mode = process.argv[2];
// Flags after the mode go to the front-end benchmark (`npm run bench -- --strict`), quoted for the shell.
const passedFlags = process.argv
  .slice(3)
  .map((arg) => `'${arg.replaceAll("'", "'\\''")}'`)
  .join(' ');

function sh(command, options = {}) {
  const result = spawnSync(command, { shell: true, stdio: 'inherit', cwd: root, ...options });
  return result.status ?? 1;
}

function has(command) {
  return spawnSync(`command -v ${command}`, { shell: true, stdio: 'ignore' }).status === 0;
}

function ensurePnpm() {
  if (has('pnpm')) return;
  console.log(`Installing pnpm ${pnpmVersion}…`);
  if (sh(`npm install --global pnpm@${pnpmVersion}`) !== 0 || !has('pnpm')) {
    throw new Error(
      `Could not install pnpm. Install it yourself (npm install --global pnpm@${pnpmVersion}) and try again.`,
    );
  }
}

function ensurePackages() {
  const marker = path.join(root, 'node_modules', '.modules.yaml');
  const lock = path.join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing packages…');
  if (sh('pnpm install --frozen-lockfile') !== 0) throw new Error('pnpm install failed (see above).');
}

let aptUpdated = false;
function aptInstall(packages) {
  if (!has('apt-get')) throw new Error(`Please install ${packages.join(', ')}: apt-get is not available here.`);
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  if (!aptUpdated) {
    sh(`${sudo}apt-get update -qq`);
    aptUpdated = true;
  }
  console.log(`Installing ${packages.join(', ')} from Debian…`);
  const status = sh(
    `${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${packages.join(' ')}`,
  );
  if (status !== 0) throw new Error(`Could not install ${packages.join(', ')}.`);
}

function postgresBinary() {
  if (has('postgres')) return true;
  const base = '/usr/lib/postgresql';
  return existsSync(base) && readdirSync(base).some((v) => existsSync(path.join(base, v, 'bin', 'postgres')));
}

function ensureTestTools() {
  if (!existsSync('/usr/bin/chromium')) aptInstall(['chromium']);
  if (!postgresBinary()) aptInstall(['postgresql']);
  // The API's shared rate-limit store is tested against a real Redis.
  if (!has('redis-server')) aptInstall(['redis-server']);
  // The production topology suite serves the builds through Debian's nginx (in /usr/sbin, which a
  // non-root PATH may lack).
  if (!has('nginx') && !existsSync('/usr/sbin/nginx')) aptInstall(['nginx']);
  // Optional: without them the Brotli serving test and the PgBouncer transaction-mode test are skipped
  // with a NOTICE, so a machine whose mirror lacks them still runs everything else.
  const optional = [
    ['libnginx-mod-http-brotli-filter', '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so'],
    ['libnginx-mod-http-brotli-static', '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'],
    ['pgbouncer', '/usr/sbin/pgbouncer'],
  ].filter(([, file]) => !existsSync(file));
  if (optional.length > 0) {
    try {
      aptInstall(optional.map(([name]) => name));
    } catch (error) {
      console.log(`NOTICE: ${error instanceof Error ? error.message : error} The tests that need them are skipped.`);
    }
  }
}

const buildForE2e = `pnpm --silent --filter @hub/devstack exec tsx src/build-all.ts`;

try {
  ensurePnpm();
  ensurePackages();
  switch (mode) {
    case 'start':
      process.exitCode = sh('pnpm --silent --filter @hub/devstack start');
      break;
    case 'test':
      ensureTestTools();
      process.exitCode = await runSteps(
        [
          {
            // Two lanes of about one core each: the checks and unit tests (on two cores jest runs in
            // band, one process) beside the API tests (one test file at a time).
            lanes: [
              [
                ['formatting (prettier --check)', 'pnpm --silent format:check'],
                ['lint', 'pnpm --silent lint'],
                // Not --silent: a recursive run's silent reporter drops tsc's errors, leaving a failure
                // without its message.
                ['type-check', 'pnpm typecheck'],
                ['unit tests', 'pnpm --silent test:unit --ci'],
                [
                  'serving tests (serving rules, headers, nginx configuration, deploy documents, page server)',
                  'pnpm --silent --filter @hub/serving test',
                ],
                // The apps' build (two at a time) takes the API tests' last minutes beside it.
                [
                  'production build (fault injection on, for the outage tests)',
                  buildForE2e,
                  { HUB_FAULT_INJECTION: '1' },
                ],
              ],
              [['API tests (PGlite and PostgreSQL)', 'pnpm --silent --filter @hub/api test']],
            ],
          },
          // Not beside the API tests: its deploy-artefacts test rebuilds api/dist, which they run.
          [
            'devstack tests (local servers and their parity with nginx, releases, bench tools)',
            'pnpm --silent --filter @hub/devstack test',
          ],
          ['end-to-end tests in Chromium', 'pnpm --silent --filter @hub/e2e test'],
          // Serves the builds the e2e step used (it builds no app); the API and serving's production commands are compiled as their images do.
          [
            'production topology (nginx, two API processes on PostgreSQL and Redis, worker, page server)',
            'pnpm --silent --filter @hub/api build && pnpm --silent --filter @hub/serving build-dist && pnpm --silent --filter @hub/e2e test:topology',
          ],
        ],
        root,
      );
      break;
    case 'bench':
      ensureTestTools();
      process.exitCode = await runSteps(
        [
          [
            'front-end budgets (build time, JavaScript weight, Lighthouse, area-open time)',
            `pnpm --silent --filter @hub/devstack exec tsx src/bench.ts ${passedFlags}`.trimEnd(),
          ],
          // A part asked for alone (`--js-only`, `--lighthouse-only`, `--area-only`) leaves the API budgets out.
          ...(process.argv.slice(3).some((arg) => arg.endsWith('-only'))
            ? []
            : [['API budgets', 'pnpm --silent --filter @hub/api bench']]),
        ],
        root,
      );
      break;
    default:
      console.error('Usage: node devstack/bootstrap.mjs <start|test|bench>');
      process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
