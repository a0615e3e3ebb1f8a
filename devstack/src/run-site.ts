/**
 * `npm start` (and the end-to-end suite's web server): builds every app for production, starts the
 * work-account identity provider stand-in, the Firebase Auth emulator with the demo accounts, the
 * mail catcher (maildev: the API's mails arrive there over SMTP and show in its web inbox), the API
 * on embedded PGlite with demo data, and the static servers of the host and the four remotes.
 * Ctrl-C stops all of it.
 *
 * Options: --no-build (serve what is built), --no-api (static site only), --quiet (warnings and
 *          errors only: no progress lines, no API request log; the benchmark runs it so),
 *          --control-port=<port> (test-only: stop/start single apps, restart the API with the waiting
 *          list on or off, over loopback).
 */
import path from 'node:path';
import { buildAllApps } from './build-apps';
import { run, spawnPrefixed, stopProcessGroup, waitForHttp } from './child-process';
import { startControlServer, type ApiControl } from './control-server';
import { mailCatcherPorts, mailForLocalSite } from './mail-catcher';
import { appConfigDocument, ports, repoRoot, siteOrigin } from '../../serving/src/site-config';
import { StaticSite } from './static-site';

const args = new Set(process.argv.slice(2));
const controlPort = [...args].find((a) => a.startsWith('--control-port='))?.split('=')[1];
const quiet = args.has('--quiet');
/**
 * The API's output. Quiet, only its log (pino's JSON lines, warnings and errors at HUB_LOG_LEVEL=warn)
 * and its errors (stderr) pass: its plain notices (started, stopping) are progress lines too. The
 * API prints those at every log level, as its own process tests wait for them.
 */
const apiOutput = { stdout: quiet ? (line: string) => line.trimStart().startsWith('{') : true };
/** A progress line, left out with --quiet. */
const progress = (line: string) => {
  if (!quiet) console.log(line);
};

const cleanups: Array<() => Promise<void> | void> = [];
let stopping = false;

async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  // All at once: whoever stops us (Playwright's web server, Ctrl-C) may follow up with SIGKILL after
  // a grace period, and whatever is still running in its own process group then (the auth emulator)
  // would be left behind holding its port.
  const results = await Promise.allSettled(cleanups.map((cleanup) => cleanup()));
  for (const r of results) if (r.status === 'rejected') console.error(r.reason);
  process.exit(code);
}
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));

/** Restarts the API (keeping its data) with the waiting list on or off; set once the backend runs. */
let apiControl: ApiControl | undefined;
/** Where a person reads the mails the site sent: the banner's last line (set once the backend runs). */
let mailLine: string | undefined;

async function startBackend(): Promise<void> {
  const { startAuthEmulator, seedDemoAccounts } = await import('../auth-emulator/index.ts');
  const { startIdp } = await import('../idp/index.ts');
  // The stand-in's own defaults allow only the :3000 site; follow the host port actually used.
  const siteOrigins = [siteOrigin, siteOrigin.replace('localhost', '127.0.0.1')];
  const idp = await startIdp({
    redirectUris: process.env.HUB_IDP_REDIRECT_URIS
      ? undefined
      : siteOrigins.flatMap((origin) => [`${origin}/auth/redirect.html`, `${origin}/`]),
    corsOrigins: process.env.HUB_IDP_CORS_ORIGINS ? undefined : siteOrigins,
  });
  cleanups.push(() => idp.stop());
  progress(`Work-account sign-in stand-in on ${idp.url} (self-signed: open it once in your browser to trust it)`);

  progress('Starting the Firebase Auth emulator…');
  const emulator = await startAuthEmulator({ port: ports.authEmulator });
  cleanups.push(() => emulator.stop());
  await seedDemoAccounts({ host: emulator.host });
  progress(`Auth emulator on ${emulator.host} with the demo accounts`);

  const dataDir = process.env.HUB_DATA_DIR ?? path.join(repoRoot, '.data', 'api');
  const mail = await mailForLocalSite({
    ports: mailCatcherPorts(),
    // Kept under .data, so the inbox outlives a restart as the API's data does.
    mailDirectory: path.join(repoRoot, '.data', 'mail-catcher'),
    fallbackFolder: path.join(dataDir, 'mail'),
  });
  if (mail.stop) cleanups.push(mail.stop);
  mailLine = mail.banner;
  // The end-to-end suite (the control port) reads its mails from the catcher: no folder to fall back on.
  if (mail.problem && controlPort) throw new Error(mail.problem);
  if (mail.problem) console.warn(mail.problem);
  const smtpUrl = mail.smtpUrl;

  const env = {
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    HUB_GRAPH_URL: idp.url,
    NODE_EXTRA_CA_CERTS: idp.caCertPath,
    PORT: String(ports.api),
    // E-mail links lead to the site's origin (HUB_HOST_PORT), not the API's default of :3000.
    HUB_SITE_URL: process.env.HUB_SITE_URL ?? siteOrigin,
    // The API's own address as the browser reaches it (the one /app-config.json gives the site): calendar
    // feed links and the demo events' pictures (api/src/seed/demo-images.ts) are written with it.
    HUB_API_PUBLIC_URL: process.env.HUB_API_PUBLIC_URL ?? String(appConfigDocument().apiBaseUrl),
    // Quiet: the API logs warnings and errors, not every request (pino's info level).
    ...(quiet && !process.env.HUB_LOG_LEVEL ? { HUB_LOG_LEVEL: 'warn' } : {}),
    HUB_DATA_DIR: dataDir,
    // Over SMTP to the catcher (else to files under the data folder: HUB_MAIL_TRANSPORT's default).
    ...(smtpUrl ? { HUB_SMTP_URL: smtpUrl } : {}),
    // The catcher has no mailbox limit to respect (production's default is 30 a minute).
    HUB_MAIL_SEND_RATE_PER_MINUTE: process.env.HUB_MAIL_SEND_RATE_PER_MINUTE ?? '6000',
    // Under the end-to-end suite the weekly digest does not go out by itself mid-run (to every demo
    // member's inbox the specs read); `npm start` sends the week's digests five minutes after start.
    ...(controlPort && !process.env.HUB_DIGEST_SWEEP_MS ? { HUB_DIGEST_SWEEP_MS: '2147483647' } : {}),
    // And the reminders that fall due are looked for every second, not every minute: the reminders
    // spec (e2e/tests/mail-reminders-news.spec.ts) waits for them.
    ...(controlPort && !process.env.HUB_REMINDER_SWEEP_MS ? { HUB_REMINDER_SWEEP_MS: '1000' } : {}),
    // The API's CORS allowlist follows the site's port (HUB_HOST_PORT), not the API's default of :3000.
    HUB_CORS_ORIGINS:
      process.env.HUB_CORS_ORIGINS ?? `${siteOrigin},${siteOrigin.replace('//localhost', '//127.0.0.1')}`,
  };
  // The seed's one line is a summary (its failures go to stderr).
  await run('seed', 'pnpm', ['--silent', '--filter', '@hub/api', 'seed'], env, { stdout: !quiet });
  let api = spawnPrefixed('api', 'pnpm', ['--silent', '--filter', '@hub/api', 'start'], env, apiOutput);
  cleanups.push(() => stopProcessGroup(api));
  await waitForHttp(`http://127.0.0.1:${ports.api}/api/docs/json`, 60_000);
  apiControl = {
    async restart({ waitingList }) {
      // Stopped first: PGlite's files are locked by one process at a time. Not seeded again: the
      // data the tests arranged stays.
      await stopProcessGroup(api);
      api = spawnPrefixed(
        'api',
        'pnpm',
        ['--silent', '--filter', '@hub/api', 'start'],
        { ...env, HUB_WAITING_LIST: waitingList ? 'on' : 'off' },
        apiOutput,
      );
      await waitForHttp(`http://127.0.0.1:${ports.api}/api/docs/json`, 60_000);
    },
  };
}

async function main() {
  if (!args.has('--no-build')) {
    progress('Building the host and the four remotes for production…');
    await buildAllApps();
  }
  if (!args.has('--no-api')) await startBackend();

  const site = new StaticSite();
  cleanups.push(() => site.stopAll());
  await site.startAll();
  if (controlPort)
    cleanups.push(await startControlServer(site, Number(controlPort), apiControl).then((s) => () => void s.close()));

  progress(
    `\nCommunity Hub is running: http://localhost:${ports.host}\n` +
      (mailLine ? `${mailLine}\n` : '') +
      '(Ctrl-C stops everything)',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void stopAll(1);
});
