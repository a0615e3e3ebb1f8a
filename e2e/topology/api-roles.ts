import path from 'node:path';
import type { RunningIdp } from '../../devstack/idp/index.ts';
import { repoRoot } from '../../serving/src/site-config.ts';
import { baseEnvironment, runToEnd, ServiceProcess } from './service-process.ts';

/**
 * The API's roles as the image runs them: `node dist/main.js api|migrate|worker` from the compiled
 * JavaScript (`pnpm --filter @hub/api build`), with the production settings given one by one.
 *
 * Production except identity: NODE_ENV stays unset, because the API refuses the Auth emulator with
 * NODE_ENV=production (api/src/auth/emulator-guard.ts) and identity must stay on the loopback
 * emulator here. Every other setting production depends on is given explicitly rather than left to
 * a development default: PostgreSQL, Redis, the worker apart, the production log level, the site's
 * origin, the proxy in front, mail through the outbox over SMTP (to the mail catcher). The environment is built from nothing (PATH
 * and HOME only), so nothing of the developer's shell leaks in. docs/decisions.md, "Production
 * topology (issue 24)", lists what NODE_ENV=production would change beyond that.
 */
export interface ApiSettings {
  databaseUrl: string;
  redisUrl: string;
  /** The site's origin (nginx): CORS, e-mail links and the API's public address are on it. */
  siteOrigin: string;
  /** host:port of the Firebase Auth emulator. */
  authEmulatorHost: string;
  /** The work-account identity provider stand-in (Graph and the work ID tokens' keys). */
  idp: Pick<RunningIdp, 'url' | 'caCertPath' | 'tenantId' | 'clientId' | 'authority' | 'jwksUrl'>;
  /** The topology's data folder: each process gets one of its own under it (dataDirOf), as each container has its own disk. */
  dataRoot: string;
  /** Where each process's log goes. */
  logDir: string;
  /** The SMTP server every role sends through (the topology's mail catcher), and the sender. */
  mail: { smtpUrl: string; from: string };
}

export const apiDir = path.join(repoRoot, 'api');
/** The compiled entry (`pnpm --filter @hub/api build`). */
export const compiledEntry = path.join(apiDir, 'dist', 'main.js');

/** The data folder of one process of the topology (`api-1`, `worker`…). */
export const dataDirOf = (settings: ApiSettings, processName: string) => path.join(settings.dataRoot, processName);

/** The environment production gives every role, with identity on the loopback stand-ins. */
export function productionEnvironment(settings: ApiSettings, port: number, processName: string): NodeJS.ProcessEnv {
  const { idp } = settings;
  return {
    ...baseEnvironment(),
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: settings.databaseUrl,
    HUB_REDIS_URL: settings.redisUrl,
    HUB_DATA_DIR: dataDirOf(settings, processName),
    // Production logging: one structured line per request at info (SPEC §9's "error only" is the browser's).
    HUB_LOG_LEVEL: 'info',
    // nginx on this machine is the one proxy in front: its X-Forwarded-For names the client.
    HUB_TRUST_PROXY: '127.0.0.1',
    HUB_SITE_URL: settings.siteOrigin,
    HUB_API_PUBLIC_URL: settings.siteOrigin,
    HUB_CORS_ORIGINS: settings.siteOrigin,
    // The replicas leave the mail outbox to the worker role.
    HUB_OUTBOX: 'worker',
    // Mail leaves over SMTP, as production's must (mail to disk is refused there): to the mail catcher
    // on loopback here, which production allows when given explicitly (a relay beside the API).
    HUB_SMTP_URL: settings.mail.smtpUrl,
    HUB_MAIL_FROM: settings.mail.from,
    // The global send rate is production's mailbox limit (30 a minute, proven in the API's tests); here
    // the fault tests' cancelled events leave a hundred mails queued, which at 30 a minute would keep a
    // later test's single mail waiting for minutes.
    HUB_MAIL_SEND_RATE_PER_MINUTE: '6000',
    // Production's drain: not ready at once, still serving for 5 s (a load balancer notices), then close.
    HUB_SHUTDOWN_DELAY_MS: '5000',
    // Identity: the loopback Auth emulator and the work-account stand-in (the one exception).
    FIREBASE_AUTH_EMULATOR_HOST: settings.authEmulatorHost,
    FIREBASE_PROJECT_ID: 'demo-hub',
    HUB_GRAPH_URL: idp.url,
    NODE_EXTRA_CA_CERTS: idp.caCertPath,
    HUB_FIREBASE_OIDC_PROVIDER_ID: 'oidc.hub-work',
    HUB_MSAL_CLIENT_ID: idp.clientId,
    HUB_WORK_TENANT_IDS: idp.tenantId,
    HUB_WORK_DOMAINS: 'corp.test',
    HUB_WORK_ISSUER: `${idp.url}/{tenantid}/v2.0`,
    HUB_WORK_JWKS_URL: idp.jwksUrl,
  };
}

/** An API replica (role `api`) on `port`, its Prometheus listener on `metricsPort`. */
export function apiProcess(settings: ApiSettings, index: number, port: number, metricsPort: number): ServiceProcess {
  const name = `api-${index + 1}`;
  return new ServiceProcess(
    name,
    process.execPath,
    [compiledEntry, 'api'],
    { ...productionEnvironment(settings, port, name), HUB_METRICS_PORT: String(metricsPort) },
    settings.logDir,
    apiDir,
  );
}

/**
 * The worker role: the mail outbox and scheduled jobs, with a small health answer on `port` and its
 * Prometheus listener (the outbox's figures) on `metricsPort`.
 */
export function workerProcess(settings: ApiSettings, port: number, metricsPort: number): ServiceProcess {
  return new ServiceProcess(
    'worker',
    process.execPath,
    [compiledEntry, 'worker'],
    { ...productionEnvironment(settings, port, 'worker'), HUB_METRICS_PORT: String(metricsPort) },
    settings.logDir,
    apiDir,
  );
}

/** The migrate role: applies the migrations and exits. */
export function runMigrateRole(settings: ApiSettings): Promise<{ code: number | null; output: string }> {
  return runToEnd(process.execPath, [compiledEntry, 'migrate'], productionEnvironment(settings, 0, 'migrate'), apiDir);
}

/**
 * The demo data, for the journeys: test data, not a production step (the image has no seed), so it
 * is the development seed command run against the topology's database. The demo events' pictures
 * are addressed at `imagesOrigin`, an image host of the topology's own (start-topology.ts), as
 * production's are organisers' https addresses: a production API serves no demo content, and at
 * the site's origin they were 404s (console errors that cost the event pages Lighthouse's best
 * practices).
 */
export async function seedDemoData(settings: ApiSettings, imagesOrigin: string): Promise<void> {
  const { code, output } = await runToEnd(
    process.execPath,
    ['--import', 'tsx', 'src/seed/cli.ts'],
    { ...productionEnvironment(settings, 0, 'seed'), HUB_API_PUBLIC_URL: imagesOrigin },
    apiDir,
  );
  if (code !== 0) throw new Error(`Seeding the demo data failed (exit ${code}):\n${output}`);
}
