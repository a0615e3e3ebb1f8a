/**
 * `pnpm --filter @hub/api test`: starts the shared services once (Firebase Auth emulator with the
 * demo accounts, the mail catcher every test API sends to over SMTP, and a throwaway PostgreSQL when
 * its binaries are installed), makes the migrated and seeded templates each test API's database
 * copies (a PGlite folder, a PostgreSQL database), runs every
 * test/*.it.ts and every *.test.ts under src with node's test runner, then stops everything. Exits with the runner's code.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDemoAccounts, startAuthEmulator, type RunningAuthEmulator } from '../../devstack/auth-emulator/index.ts';
import { startMailCatcher, type RunningMailCatcher } from '../../devstack/src/mail-catcher.ts';
import { findPostgresBinDir, startPostgres, type PostgresServer } from './helpers/postgres-server.ts';
import { freePortRun } from './helpers/ports.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connectDatabase } from '../src/db/connect.ts';
import { seedDemoData, type SeedResult } from '../src/seed/index.ts';
import pg from 'pg';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const srcDir = join(here, '..', 'src');
// Integration tests here (test/*.it.ts), unit tests beside the code they test (src/**/*.test.ts).
const files = [
  ...readdirSync(here)
    .filter((f) => f.endsWith('.it.ts'))
    .map((f) => join(here, f)),
  ...readdirSync(srcDir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join(srcDir, f)),
]
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

/**
 * The PostgreSQL twin of the PGlite template: a database migrated and seeded once, which each test
 * API's database copies (CREATE DATABASE … TEMPLATE, about 0.1 s against 3–5 s of migrations and
 * seed). Nothing stays connected to it, as CREATE DATABASE … TEMPLATE requires.
 */
const postgresTemplate = 'hub_template';
async function seedPostgresTemplate(server: PostgresServer): Promise<SeedResult> {
  const admin = new pg.Client({ connectionString: server.urlFor('postgres') });
  await admin.connect();
  try {
    await admin.query(`create database ${postgresTemplate}`);
  } finally {
    await admin.end();
  }
  const database = await connectDatabase({ databaseUrl: server.urlFor(postgresTemplate), dataDir: templateRoot });
  try {
    return await seedDemoData(database.db);
  } finally {
    await database.close();
  }
}

let emulator: RunningAuthEmulator | undefined;
let postgres: PostgresServer | undefined;
let mailCatcher: RunningMailCatcher | undefined;
let exitCode: number;
let pgliteSeed: SeedResult | undefined;
let postgresSeed: SeedResult | undefined;
// A fresh PGlite folder costs an initdb (5–25 s here); it is made, migrated and seeded once, and each
// test copies it (under a second). The fresh path itself is exercised right here.
const templateRoot = mkdtempSync(join(tmpdir(), 'hub-pglite-template-'));
const cleanup = async () => {
  await Promise.allSettled([emulator?.stop(), postgres?.stop(), mailCatcher?.stop()]);
  rmSync(templateRoot, { recursive: true, force: true });
};
process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
process.once('SIGTERM', () => void cleanup().then(() => process.exit(143)));

try {
  const started = Date.now();
  // allSettled, and each service recorded as soon as it is up: if one fails, cleanup still stops the others.
  const outcomes = await Promise.allSettled([
    (async () => {
      const database = await connectDatabase({ dataDir: templateRoot });
      pgliteSeed = await seedDemoData(database.db);
      await database.close();
    })(),
    (async () => {
      // Under heavy load the CLI sometimes gives up on its first start: one more try on other ports.
      try {
        emulator = await startAuthEmulator({ port: await freePortRun() });
      } catch (error) {
        console.log(`The auth emulator did not start (${(error as Error).message.split('\n')[0]}); trying once more`);
        emulator = await startAuthEmulator({ port: await freePortRun() });
      }
    })(),
    (async () => {
      // One for the whole run: each test API reads only its own mails (its own sender, test-env.ts).
      mailCatcher = await startMailCatcher({ smtpPort: 0, webPort: 0 });
    })(),
    (async () => {
      const bin = findPostgresBinDir();
      if (!bin) {
        console.log(
          "NOTICE: no PostgreSQL server binaries under /usr/lib/postgresql: the PostgreSQL variants of the API tests are SKIPPED (install Debian's `postgresql` to run them).",
        );
        return;
      }
      // Its databases live only as long as the run: commits need not wait for the disk.
      postgres = await startPostgres(bin, { crashSafe: false });
      postgresSeed = await seedPostgresTemplate(postgres);
    })(),
  ]);
  const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failure) throw failure.reason;
  if (!emulator) throw new Error('The auth emulator did not start');
  if (!mailCatcher) throw new Error('The mail catcher did not start');
  await seedDemoAccounts({ host: emulator.host });
  console.log(
    `API tests: auth emulator on ${emulator.host}, mail catcher on ${mailCatcher.webUrl}` +
      (postgres ? `, PostgreSQL on 127.0.0.1:${postgres.port}` : ', no PostgreSQL') +
      ` (ready in ${((Date.now() - started) / 1000).toFixed(1)} s); ${files.length} test files`,
  );
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        HUB_TEST_AUTH_EMULATOR: emulator.host,
        HUB_TEST_PG_ADMIN_URL: postgres ? postgres.urlFor('postgres') : '',
        HUB_TEST_PGLITE_TEMPLATE: join(templateRoot, 'pglite'),
        HUB_TEST_PG_TEMPLATE: postgres ? postgresTemplate : '',
        // What seeding a copy of a template would answer (the same ids): a test API on a copy skips it.
        HUB_TEST_PGLITE_SEED: JSON.stringify(pgliteSeed),
        HUB_TEST_PG_SEED: postgresSeed ? JSON.stringify(postgresSeed) : '',
        HUB_TEST_SMTP_URL: mailCatcher.smtpUrl,
        HUB_TEST_MAIL_CATCHER: mailCatcher.webUrl,
        // The API under test reads the emulator address from its config; never from a stray variable.
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      },
    },
  );
  exitCode = await new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  );
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
