/**
 * Every environment variable the API's processes read, declared once: its type (a TypeBox schema of
 * the text, decoding to the value), its default, whether it is a secret, which processes read it and
 * one line on what it does. config.ts reads the environment only through this list (parse.ts), and
 * docs/configuration.md's API table is generated from it (`pnpm --filter @hub/api settings:doc`;
 * a test fails when the two differ).
 *
 * To add a setting: declare it here, read it in config.ts (or your module) from the parsed values,
 * run the doc script, and add it to deploy/.env.example when production must set it.
 */
import type { TSchema } from '@sinclair/typebox';
import { commaList, flag, integer, oneOf, originList, text, trustProxy, url } from './setting-types.ts';

/** The API image's roles that read settings (the worker and migrate roles run the same code). */
export type ProcessName = 'api' | 'worker' | 'migrate' | 'seed';

export interface SettingDeclaration<T extends TSchema = TSchema> {
  /** The text in the environment, as a schema decoding to the value (setting-types.ts). */
  type: T;
  /** The text used when the variable is unset or empty; absent: no value (or one derived in code). */
  default?: string;
  /** The default with NODE_ENV=production when it differs. */
  productionDefault?: string;
  /** How the reference shows a default that is derived in code (instead of `default`). */
  defaultDoc?: string;
  /** A secret: never logged or echoed in an error; kept in a secret store, not in the image or chart values. */
  secret: boolean;
  /** Production must set it explicitly (deploy/.env.example lists it; production-refusals.ts checks it). */
  requiredInProduction?: boolean;
  readBy: readonly ProcessName[];
  description: string;
}

/** Keeps each declaration's own type (its schema, whether it has a default) for the parsed values' types. */
const setting = <const D extends SettingDeclaration>(declaration: D): D => declaration;

const ALL: readonly ProcessName[] = ['api', 'worker', 'migrate', 'seed'];
const SERVING: readonly ProcessName[] = ['api'];
const MAILING: readonly ProcessName[] = ['api', 'worker'];
const RUNNING: readonly ProcessName[] = ['api', 'worker'];

export const API_SETTINGS = {
  NODE_ENV: setting({
    type: text('a word; `production` switches on the production checks'),
    default: 'development',
    secret: false,
    requiredInProduction: true,
    readBy: ALL,
    description:
      '`production` refuses development defaults, hides error details and turns off development-only routes.',
  }),
  PORT: setting({
    type: integer(0, 65535),
    default: '8080',
    secret: false,
    readBy: SERVING,
    description: 'TCP port the API listens on (0: any free port).',
  }),
  HOST: setting({
    type: text('an address or host name'),
    default: '127.0.0.1',
    productionDefault: '0.0.0.0',
    secret: false,
    readBy: SERVING,
    description: 'Address the API listens on: loopback locally, every interface in production (the image).',
  }),
  HUB_DATABASE: setting({
    type: oneOf('postgres', 'pglite'),
    defaultDoc: '`postgres` with DATABASE_URL, else `pglite`',
    secret: false,
    readBy: ALL,
    description:
      'Which database: PostgreSQL at DATABASE_URL, or the embedded PGlite under HUB_DATA_DIR (one process only). Production must say `pglite` to use it.',
  }),
  DATABASE_URL: setting({
    type: url('postgres', 'postgresql'),
    secret: true,
    requiredInProduction: true,
    readBy: ALL,
    description: 'PostgreSQL connection string (it holds the password); unset: the embedded PGlite.',
  }),
  HUB_DATA_DIR: setting({
    type: text('a folder path'),
    defaultDoc: '`<repository>/.data/api`',
    secret: false,
    readBy: ALL,
    description: "Folder for PGlite's files and lock, and for mails written to disk (`mail/`).",
  }),
  HUB_PGLITE_VACUUM_MS: setting({
    type: integer(1000),
    default: '3600000',
    secret: false,
    readBy: SERVING,
    description: 'How often the API vacuums and analyses a PGlite database (it has no autovacuum), in ms.',
  }),
  FIREBASE_PROJECT_ID: setting({
    type: text('a Firebase project id'),
    default: 'demo-hub',
    secret: false,
    requiredInProduction: true,
    readBy: RUNNING,
    description: 'The Firebase project whose ID tokens the API accepts; `demo-*` projects exist only in the emulator.',
  }),
  FIREBASE_AUTH_EMULATOR_HOST: setting({
    type: text('host:port'),
    secret: false,
    readBy: RUNNING,
    description:
      'host:port of the Firebase Auth emulator (unsigned tokens): local development only, refused in production or off loopback.',
  }),
  GOOGLE_APPLICATION_CREDENTIALS: setting({
    type: text('the path of a credentials JSON file'),
    secret: true,
    readBy: RUNNING,
    description:
      'Path of the Google service-account key (or workload identity federation) file firebase-admin uses to check revocation and make account links; outside Google Cloud production needs it. The file is the secret.',
  }),
  HUB_GOOGLE_WORKLOAD_IDENTITY: setting({
    type: flag(),
    default: 'off',
    secret: false,
    readBy: RUNNING,
    description:
      "`on` where the platform's metadata server gives the process its Google credentials (GKE Workload Identity, Cloud Run): production then needs no GOOGLE_APPLICATION_CREDENTIALS.",
  }),
  HUB_GRAPH_URL: setting({
    type: url('https', 'http'),
    default: 'https://localhost:8443',
    secret: false,
    requiredInProduction: true,
    readBy: SERVING,
    description:
      'Base of the Graph API that validates work accessTokens (`GET {url}/v1.0/me`): https://graph.microsoft.com. Self-signed certificates are accepted outside production only.',
  }),
  HUB_FIREBASE_OIDC_PROVIDER_ID: setting({
    type: text('a Firebase provider id such as oidc.entra'),
    default: 'oidc.hub-work',
    secret: false,
    requiredInProduction: true,
    readBy: SERVING,
    description: "Firebase's `sign_in_provider` of a work sign-in (the OIDC provider configured in Firebase).",
  }),
  HUB_MSAL_CLIENT_ID: setting({
    type: text('an application (client) id'),
    default: 'hub-web',
    secret: false,
    requiredInProduction: true,
    readBy: SERVING,
    description: "The app registration's client id: the `aud` of a work account's ID token.",
  }),
  HUB_WORK_TENANT_IDS: setting({
    type: commaList('directory tenant ids (GUIDs)', { lowerCase: true }),
    defaultDoc: 'HUB_TENANT_ID, else the stand-in tenant `3c6a1f0e-…`',
    secret: false,
    requiredInProduction: true,
    readBy: SERVING,
    description:
      "The company's Entra tenants (`tid`) whose work accounts are staff; another tenant's answers sync code 5.",
  }),
  HUB_TENANT_ID: setting({
    type: text('a directory tenant id (GUID)'),
    secret: false,
    readBy: SERVING,
    description: 'Local fallback for HUB_WORK_TENANT_IDS (the devstack writes the same tenant into app-config.json).',
  }),
  HUB_WORK_DOMAINS: setting({
    type: commaList('mail domains', { lowerCase: true }),
    default: 'corp.test',
    secret: false,
    requiredInProduction: true,
    readBy: SERVING,
    description: "Mail domains of the company's work addresses (subdomains not included; a leading @ is dropped).",
  }),
  HUB_WORK_ISSUER: setting({
    type: text('an issuer URL containing {tenantid}'),
    defaultDoc: '`{HUB_GRAPH_URL}/{tenantid}/v2.0`',
    secret: false,
    requiredInProduction: true,
    readBy: SERVING,
    description:
      'Issuer of work ID tokens, `{tenantid}` standing for the tenant: https://login.microsoftonline.com/{tenantid}/v2.0.',
  }),
  HUB_WORK_JWKS_URL: setting({
    type: url('https', 'http'),
    defaultDoc: '`{HUB_GRAPH_URL}/common/discovery/v2.0/keys`',
    secret: false,
    requiredInProduction: true,
    readBy: SERVING,
    description:
      'Where the identity provider publishes its signing keys: https://login.microsoftonline.com/common/discovery/v2.0/keys.',
  }),
  HUB_CORS_ORIGINS: setting({
    type: originList(),
    default: 'http://localhost:3000,http://127.0.0.1:3000',
    secret: false,
    requiredInProduction: true,
    readBy: SERVING,
    description: 'Origins whose pages may call the API from the browser (the site and remotes).',
  }),
  HUB_SITE_URL: setting({
    type: url('https', 'http'),
    default: 'http://localhost:3000',
    secret: false,
    requiredInProduction: true,
    readBy: RUNNING,
    description: "The site's public address: the continue URL in account mails and the links in event mails.",
  }),
  HUB_API_PUBLIC_URL: setting({
    type: url('https', 'http'),
    defaultDoc: 'the address a request came to',
    secret: false,
    readBy: RUNNING,
    description: "The API's public address, used in calendar-feed URLs (`…/api/calendar/{token}.ics`).",
  }),
  HUB_TRUST_PROXY: setting({
    type: trustProxy(),
    default: 'off',
    secret: false,
    readBy: SERVING,
    description:
      'Which proxies may tell the client address (X-Forwarded-For): a hop count (`1` behind one nginx), addresses/CIDRs, or `on` (any: only behind a proxy that overwrites the header). Off: the socket address.',
  }),
  HUB_BODY_LIMIT: setting({
    type: integer(1),
    default: String(64 * 1024),
    secret: false,
    readBy: SERVING,
    description: 'Largest request body accepted, in bytes.',
  }),
  HUB_IMAGE_STORE: setting({
    type: text('a folder path, or an Azure Blob Storage container URL'),
    defaultDoc: '`<HUB_DATA_DIR>/images`',
    secret: false,
    readBy: SERVING,
    description:
      'Where uploaded images are kept (issue 27): a folder, or a container `https://<account>.blob.core.windows.net/<container>` (Azurite: `http://127.0.0.1:10000/devstoreaccount1/<container>`), as releases are (HUB_RELEASE_STORE). Every replica must see the same store.',
  }),
  HUB_IMAGE_STORE_KEY: setting({
    type: text('a storage account key'),
    secret: true,
    readBy: SERVING,
    description: "The image container's account key (or put a SAS token in HUB_IMAGE_STORE's query).",
  }),
  HUB_IMAGE_PUBLIC_BASE_URL: setting({
    type: url('https', 'http'),
    defaultDoc: "the API's public address + `/api/` (the API serves them)",
    secret: false,
    readBy: SERVING,
    description:
      "Where browsers fetch the image variants (`<base>images/<hash>-<width>.<format>`): a CDN or the container's public URL; unset, the API's own `GET /api/images/…`.",
  }),
  HUB_IMAGE_MAX_MB: setting({
    type: integer(1, 64),
    default: '8',
    secret: false,
    readBy: SERVING,
    description: 'Largest image upload, in MB (a larger one is refused: "Images can be at most N MB").',
  }),
  HUB_IMAGE_MAX_MEGAPIXELS: setting({
    type: integer(1, 268),
    default: '40',
    secret: false,
    readBy: SERVING,
    description:
      'Largest image decoded, in megapixels (width × height): larger ones, decompression bombs included, are refused before decoding.',
  }),
  HUB_REDIS_URL: setting({
    type: url('redis', 'rediss'),
    secret: true,
    readBy: RUNNING,
    description:
      'Redis for counters that must agree across API processes (rate limits); per process without it, so set it with several replicas. Unreachable: requests pass, a warning is logged. May hold a password.',
  }),
  HUB_FEED_RATE_MAX: setting({
    type: integer(1),
    default: '120',
    secret: false,
    readBy: SERVING,
    description: 'Reads of private calendar feeds allowed per window and client address.',
  }),
  HUB_FEED_RATE_WINDOW_MS: setting({
    type: integer(1),
    default: '60000',
    secret: false,
    readBy: SERVING,
    description: 'The calendar-feed rate window, in ms.',
  }),
  HUB_MAIL_RATE_MAX: setting({
    type: integer(1),
    default: '5',
    secret: false,
    readBy: SERVING,
    description: 'Account mails (verification, reset) allowed per window and account or address.',
  }),
  HUB_MAIL_RATE_WINDOW_MS: setting({
    type: integer(1),
    default: '60000',
    secret: false,
    readBy: SERVING,
    description: 'The account-mail rate window, in ms.',
  }),
  HUB_MAIL_RATE_CLIENT_MAX: setting({
    type: integer(1),
    default: '100',
    secret: false,
    readBy: SERVING,
    description: 'Account-mail requests allowed per window and client address, all accounts together.',
  }),
  HUB_ORGANISER_MESSAGE_RATE_MAX: setting({
    type: integer(1),
    default: '10',
    secret: false,
    readBy: SERVING,
    description:
      'Organiser messages (to attendees, to community members) one organiser may send per window, all events and communities together.',
  }),
  HUB_ORGANISER_MESSAGE_RATE_WINDOW_MS: setting({
    type: integer(1),
    default: '3600000',
    secret: false,
    readBy: SERVING,
    description: 'The organiser-message rate window, in ms.',
  }),
  HUB_INVITATION_RATE_MAX: setting({
    type: integer(1),
    default: '30',
    secret: false,
    readBy: SERVING,
    description:
      "Invitation-link reads and uses (opening a members-only community's link, asking to join) one signed-in person may make per window.",
  }),
  HUB_INVITATION_RATE_WINDOW_MS: setting({
    type: integer(1),
    default: '3600000',
    secret: false,
    readBy: SERVING,
    description: 'The invitation-link rate window, in ms.',
  }),
  HUB_WAITING_LIST: setting({
    type: flag(),
    default: 'off',
    secret: false,
    readBy: RUNNING,
    description: 'Full events take people on a waiting list (and seat them when places free up).',
  }),
  HUB_READ_CACHE: setting({
    type: oneOf('auto', 'on', 'off'),
    default: 'auto',
    secret: false,
    readBy: SERVING,
    description:
      'Keep public catalogue reads in memory per process: `auto` is on for PGlite only; `on` with PostgreSQL is refused (replicas would disagree).',
  }),
  HUB_READ_CACHE_TTL_S: setting({
    type: integer(1),
    default: '5',
    secret: false,
    readBy: SERVING,
    description: 'How long a kept read may be served at most, in seconds.',
  }),
  HUB_LOG_LEVEL: setting({
    type: oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
    default: 'info',
    secret: false,
    readBy: ALL,
    description: "The server log's level (pino); `info` in production too, where the access log is written.",
  }),
  HUB_BENCH_ROUTES: setting({
    type: flag(),
    default: 'off',
    secret: false,
    readBy: SERVING,
    description: "The benchmark's raw-SQL comparison routes; refused in production.",
  }),
  HUB_SEED_DEMO: setting({
    type: flag(),
    default: 'off',
    secret: false,
    readBy: SERVING,
    description: 'Seed the demo data at start (the local orchestrator does); refused in production.',
  }),
  HUB_MAIL_TRANSPORT: setting({
    type: oneOf('smtp', 'disk'),
    defaultDoc: '`smtp` with HUB_SMTP_URL, else `disk`',
    secret: false,
    readBy: MAILING,
    description:
      'How mails leave: SMTP at HUB_SMTP_URL, or files under HUB_DATA_DIR/mail (local only: refused in production).',
  }),
  HUB_SMTP_URL: setting({
    type: url('smtp', 'smtps'),
    secret: true,
    requiredInProduction: true,
    readBy: MAILING,
    description: 'SMTP server for nodemailer, e.g. smtp://user:password@smtp.office365.com:587 (holds the password).',
  }),
  HUB_MAIL_FROM: setting({
    type: text('a sender such as Community Hub <hub@example.com>'),
    default: 'Community Hub <no-reply@hub.test>',
    secret: false,
    requiredInProduction: true,
    readBy: MAILING,
    description: "The mails' sender (the mailbox the SMTP account may send as).",
  }),
  HUB_UNSUBSCRIBE_SECRET: setting({
    type: text('at least 32 random characters'),
    default: 'development-only-unsubscribe-secret-not-for-production',
    secret: true,
    requiredInProduction: true,
    readBy: MAILING,
    description:
      "Signs the one-click unsubscribe links of non-transactional mails (HMAC-SHA256): whoever holds it can stop anyone's mails. Changing it voids the links in mails already sent.",
  }),
  HUB_MAIL_SEND_RATE_PER_MINUTE: setting({
    type: integer(1),
    default: '30',
    secret: false,
    readBy: MAILING,
    description:
      'Mails sent per minute by all mail job runners of all processes together (Exchange Online allows 30 per mailbox), spaced evenly through one row of the database.',
  }),
  HUB_MAIL_POLL_MS: setting({
    type: integer(1),
    default: '5000',
    secret: false,
    readBy: MAILING,
    description:
      'How often the mail job runner looks for due mails when nothing woke it, in ms (at least 500: pg-boss polls in half seconds).',
  }),
  HUB_MAIL_RETRY_BASE_MS: setting({
    type: integer(0),
    default: '30000',
    secret: false,
    readBy: MAILING,
    description:
      'Wait before the first retry of a failed send, in ms (rounded to whole seconds, at least one): pg-boss doubles it per attempt and adds up to as much again at random.',
  }),
  HUB_MAIL_MAX_ATTEMPTS: setting({
    type: integer(1),
    default: '11',
    secret: false,
    readBy: MAILING,
    description:
      'Sends tried per mail before it is given up (logged as an error, kept as a failed job); 11 span about 9 to 17 hours at the default retry wait.',
  }),
  HUB_MAIL_SEND_TIMEOUT_MS: setting({
    type: integer(1),
    default: '60000',
    secret: false,
    readBy: MAILING,
    description:
      'A send not finished by then counts as failed; a mail job whose process died is retried after twice this, in ms.',
  }),
  HUB_REMINDER_SWEEP_MS: setting({
    type: integer(100),
    default: '60000',
    secret: false,
    readBy: MAILING,
    description:
      'How often each process that runs the mail jobs looks for reminders (a day and an hour before an event) that fell due, in ms; each reminder is queued once however many look.',
  }),
  HUB_DIGEST_SWEEP_MS: setting({
    type: integer(100),
    default: '300000',
    secret: false,
    readBy: MAILING,
    description:
      "How often each process that runs the mail jobs looks whether this week's digests are due (from Monday 07:00 UTC), in ms; each person's digest is queued once a week however many look.",
  }),
  HUB_ATTENDEE_RETENTION_MONTHS: setting({
    type: integer(1),
    default: '24',
    secret: false,
    readBy: RUNNING,
    description:
      'Issue 28: attendances of events that ended more than this many months ago are minimised (detached from the person, kept as anonymous counts with their check-in times) by a sweep of the processes that run the jobs. The privacy page states the period: the site configuration (app-config.json) reads the same setting.',
  }),
  HUB_RETENTION_SWEEP_MS: setting({
    type: integer(1000),
    default: '3600000',
    secret: false,
    readBy: RUNNING,
    description:
      'How often each process that runs the jobs minimises the attendances past HUB_ATTENDEE_RETENTION_MONTHS, in ms; one process does a run at a time (an advisory lock), the first one period after the start.',
  }),
  HUB_ROLE: setting({
    type: oneOf('standalone', 'api', 'migrate', 'worker', 'backup', 'restore'),
    default: 'standalone',
    secret: false,
    readBy: ALL,
    description:
      'Which job the process does when `node dist/main.js` is given no role argument (the argument wins): `standalone` migrates at start, serves and sends the mails (`npm start`); `api` serves only and is not ready until migrated; `migrate` applies the migrations and exits; `worker` runs the mail job queue; `backup`/`restore` take a file (docs/operations.md).',
  }),
  HUB_OUTBOX: setting({
    type: oneOf('inline', 'worker'),
    default: 'inline',
    secret: false,
    readBy: SERVING,
    description:
      'Where the mails are sent from (the mail job queue, with its reminder and digest sweeps): `inline`, by every API process; `worker`, only by the worker role (deploy one), the API processes just queue them.',
  }),
  HUB_SHUTDOWN_DELAY_MS: setting({
    type: integer(0),
    default: '0',
    productionDefault: '5000',
    secret: false,
    readBy: SERVING,
    description:
      "After SIGTERM, how long the API keeps serving while readiness answers 503, so the load balancer stops sending it requests; then it stops accepting and finishes the requests in flight, in ms. Keep it above the balancer's probe period.",
  }),
  HUB_SHUTDOWN_TIMEOUT_MS: setting({
    type: integer(1),
    default: '30000',
    secret: false,
    readBy: RUNNING,
    description:
      "After the server stopped accepting, the longest wait for requests in flight (and the worker's mails in hand); then they are cut, in ms. Keep delay + timeout under the orchestrator's grace period (Kubernetes: 30 s).",
  }),
  HUB_DB_POOL_SIZE: setting({
    type: integer(1),
    default: '10',
    secret: false,
    readBy: RUNNING,
    description:
      "PostgreSQL connections per process. Replicas × this must stay under the server's (or pooler's) max_connections.",
  }),
  HUB_DB_CONNECT_TIMEOUT_MS: setting({
    type: integer(1),
    default: '10000',
    secret: false,
    readBy: ALL,
    description:
      'How long a query waits for a PostgreSQL connection (a new one, or a free one when the pool is full) before it fails, in ms.',
  }),
  HUB_DB_STATEMENT_TIMEOUT_MS: setting({
    type: integer(0),
    default: '0',
    secret: false,
    readBy: RUNNING,
    description:
      "PostgreSQL's statement_timeout for the API's and worker's connections (0: none; the migrate role never has one), in ms. Not through a transaction pooler: set it on the database role there.",
  }),
  HUB_DB_IDLE_TIMEOUT_MS: setting({
    type: integer(1),
    default: '30000',
    secret: false,
    readBy: RUNNING,
    description: 'An unused pooled PostgreSQL connection is closed after this long, in ms.',
  }),
  HUB_DB_POOL_MODE: setting({
    type: oneOf('session', 'transaction'),
    default: 'session',
    secret: false,
    readBy: ALL,
    description:
      '`transaction` when DATABASE_URL goes through a transaction-mode pooler (PgBouncer): no named prepared statements, no startup settings, and migrations only by the migrate role over HUB_MIGRATE_DATABASE_URL.',
  }),
  HUB_MIGRATE_DATABASE_URL: setting({
    type: url('postgres', 'postgresql'),
    defaultDoc: 'DATABASE_URL',
    secret: true,
    readBy: ['migrate', 'api'],
    description:
      "The connection the migrate role (and backup/restore) uses: the schema owner's, direct to PostgreSQL (not through a transaction pooler). Lets the API run as a least-privilege role (docs/operations.md). Required with HUB_DB_POOL_MODE=transaction.",
  }),
  HUB_METRICS_PORT: setting({
    type: integer(0, 65535),
    defaultDoc: 'none (no metrics listener)',
    secret: false,
    readBy: RUNNING,
    description:
      "Port of the Prometheus `GET /metrics` listener, apart from the API port so the public load balancer never routes to it (0: any free port). Unset: no listener. The worker role's listener has the mail outbox's and the mail job queue's backlog, oldest age and given-up mails, and the sends and failures (with HUB_OUTBOX=worker the replicas leave those to it).",
  }),
  HUB_CLIENT_ERROR_RATE_MAX: setting({
    type: integer(1),
    default: '30',
    secret: false,
    readBy: SERVING,
    description:
      'Browser error reports (`POST api/client-errors`, CSP reports) accepted per window and client address.',
  }),
  HUB_CLIENT_ERROR_RATE_WINDOW_MS: setting({
    type: integer(1),
    default: '60000',
    secret: false,
    readBy: SERVING,
    description: "The browser error reports' rate window, in ms.",
  }),
} as const;

export type ApiSettingName = keyof typeof API_SETTINGS;
