/**
 * Server configuration, read once from the environment (or given directly by the orchestrator).
 * Every variable is declared in settings/api-settings.ts and parsed there through one TypeBox schema
 * (settings/parse.ts); this module turns the values into the ApiConfig the code uses, and refuses a
 * configuration that would be a mistake (configProblems here; production-only refusals in
 * settings/production-refusals.ts). Every problem found is reported at once, one sentence each.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emulatorRefusal } from './auth/emulator-guard.ts';
import { API_SETTINGS, type ApiSettingName } from './settings/api-settings.ts';
import { credentialsFileProblem } from './settings/google-credentials.ts';
import { parseSettings, SettingsError } from './settings/parse.ts';
import { productionRefusals } from './settings/production-refusals.ts';
import { STAND_IN_TENANT_ID } from './settings/work-account-checks.ts';
import type { TrustProxy } from './settings/setting-types.ts';

export { SettingsError } from './settings/parse.ts';
export { WORK_ACCOUNT_SETTINGS } from './settings/production-refusals.ts';
export type { TrustProxy } from './settings/setting-types.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RateLimitConfig {
  /**
   * Account mails allowed per window and account (activate-account) or e-mail address
   * (reset-password): what protects one person's inbox, whoever asks and from wherever.
   */
  max: number;
  windowMs: number;
  /**
   * Account-mail requests allowed per window and client address, for all accounts together: a
   * ceiling against one machine mailing many people, high enough for a whole office behind one NAT.
   */
  perClientMax: number;
}

export interface ApiConfig {
  port: number;
  host: string;
  /** Which database: PostgreSQL at databaseUrl, or the embedded PGlite under dataDir. */
  database: 'postgres' | 'pglite';
  /** PostgreSQL connection string; when absent the embedded PGlite under dataDir is used. */
  databaseUrl: string | undefined;
  /** Folder for PGlite's files (dataDir/pglite), its lock and the mail folder (dataDir/mail). */
  dataDir: string;
  firebaseProjectId: string;
  /** host:port of the Firebase Auth emulator; never allowed in production. */
  authEmulatorHost: string | undefined;
  /** GOOGLE_APPLICATION_CREDENTIALS: firebase-admin's credentials file (checked at start). */
  googleCredentialsFile: string | undefined;
  /** The platform's metadata server provides Google credentials (HUB_GOOGLE_WORKLOAD_IDENTITY). */
  googleWorkloadIdentity: boolean;
  /** Base of the Graph-compatible API used to validate msfAccessToken (GET {graphUrl}/v1.0/me). */
  graphUrl: string;
  /** Who counts as a work account of the company (auth/work-account.ts). */
  workAccount: WorkAccountConfig;
  corsOrigins: string[];
  waitingList: boolean;
  production: boolean;
  /** How mails leave: through SMTP at smtpUrl, or as files under dataDir/mail. */
  mailTransport: 'smtp' | 'disk';
  /** SMTP URL for nodemailer; unset when mails are written to dataDir/mail. */
  smtpUrl: string | undefined;
  /** Public address of the site, used as the continue URL in account e-mails. */
  siteUrl: string;
  mailFrom: string;
  /** Signs the unsubscribe links (mail/preferences/unsubscribe-token.ts). */
  unsubscribeSecret: string;
  /**
   * The API's public address, used in calendar-feed URLs (`…/api/calendar/{token}.ics`); when
   * unset, the address the request came to (honouring HUB_TRUST_PROXY) is used.
   */
  apiPublicUrl: string | undefined;
  /** Reads of private calendar feeds allowed per window and client address (calendar apps poll). */
  calendarFeedRateLimit: { max: number; windowMs: number };
  bodyLimitBytes: number;
  /** Uploaded images (issue 27): where they are kept, where browsers fetch them, and the bounds. */
  images: ImageConfig;
  accountMailRateLimit: RateLimitConfig;
  /** Organiser messages one organiser may send per window (routes/organiser-messages.ts). */
  organiserMessageRateLimit: { max: number; windowMs: number };
  /** Invitation-link reads and uses one signed-in person may make per window (routes/community-invitations.ts). */
  invitationRateLimit: { max: number; windowMs: number };
  /** Redis for counters that must agree across API processes (rate limits); per process without it. */
  redisUrl: string | undefined;
  trustProxy: TrustProxy;
  /** Adds the raw-`pg` comparison endpoints the benchmark needs; never on in production. */
  benchRoutes: boolean;
  /** Fastify logger level; 'silent' in tests. */
  logLevel: string;
  /** Seed the demo data at start (the dev orchestrator does; production does not). */
  seedDemoData: boolean;
  /** Keep public catalogue reads in memory (http/read-cache.ts); 'auto' is on for PGlite only. */
  readCache: 'auto' | 'on' | 'off';
  /** How long a kept read may be served at most, in whole seconds (the clock moves "upcoming"). */
  readCacheTtlSeconds: number;
  /** How the mail job runner sends (jobs/job-runner.ts): every mail goes through it. */
  mailOutbox: MailOutboxConfig;
  /** How often the reminder sweep runs (mail/reminders.ts), in ms. */
  reminderSweepMs: number;
  /** How often the weekly digest's sweep looks whether the week's digests are due (mail/weekly-digest.ts), in ms. */
  digestSweepMs: number;
  /** Issue 28: attendances of events ended more than this many months ago are minimised (jobs/attendee-retention.ts). */
  attendeeRetentionMonths: number;
  /** How often the retention sweep runs, in ms. */
  retentionSweepMs: number;
  /** How often the API vacuums and analyses a PGlite database (it has no autovacuum), in ms. */
  pgliteVacuumMs: number;
  /** Port of the Prometheus `/metrics` listener (observability/metrics-server.ts); none when unset. */
  metricsPort: number | undefined;
  /** Browser error reports (POST api/client-errors) accepted per window and client address. */
  clientErrorRateLimit: { max: number; windowMs: number };
  /** The PostgreSQL pool and how the processes reach the server (db/connect.ts). */
  postgres: PostgresConfig;
  /** Where the mail jobs run: in every API process, or only in the worker role (roles/worker.ts). */
  outbox: 'inline' | 'worker';
  /** SIGTERM: how long readiness answers 503 while requests are still served, so a load balancer can notice. */
  shutdownDelayMs: number;
  /** SIGTERM: the longest wait for requests in flight once the server stopped accepting; then they are cut. */
  shutdownTimeoutMs: number;
}

/** PostgreSQL settings (HUB_DB_*); PGlite always has one connection and ignores them. */
export interface PostgresConfig {
  poolSize: number;
  /** Wait for a new connection (and for a free one when the pool is full) before the query fails. */
  connectTimeoutMs: number;
  /** Server-side limit per statement (PostgreSQL's statement_timeout); 0: none. */
  statementTimeoutMs: number;
  /** An unused pooled connection is closed after this long. */
  idleTimeoutMs: number;
  /**
   * `session`: a direct connection or a session-mode pooler. `transaction`: behind a transaction-mode
   * pooler such as PgBouncer, where a server session is not ours between transactions: no named
   * prepared statements, no startup settings, and migrations only in the migrate role.
   */
  poolMode: 'session' | 'transaction';
  /** The connection the migrate role uses (direct, owner of the schema); default DATABASE_URL. */
  migrateUrl: string | undefined;
}

/**
 * The company's work-account sign-in, as the user sync checks it: the Firebase sign-in provider, the
 * work identity provider's issuer and keys, our client id, the company's tenants and mail domains.
 * Locally the defaults match the identity-provider stand-in (devstack/idp); a production process
 * refuses to start unless every one is set (WORK_ACCOUNT_SETTINGS).
 */
export interface WorkAccountConfig {
  /** Firebase's `sign_in_provider` of a work sign-in (HUB_FIREBASE_OIDC_PROVIDER_ID), e.g. `oidc.hub-work`. */
  providerId: string;
  /** Our application (client) id: the `aud` of the work account's ID token (HUB_MSAL_CLIENT_ID). */
  clientId: string;
  /** The company's directory tenants (`tid`) allowed to sign in (HUB_WORK_TENANT_IDS, comma list). */
  tenantIds: string[];
  /** Mail domains of the company's work addresses (HUB_WORK_DOMAINS, comma list; subdomains not included). */
  domains: string[];
  /** The ID token's issuer, `{tenantid}` standing for its `tid` (HUB_WORK_ISSUER). */
  issuer: string;
  /** Where the work identity provider publishes its signing keys (HUB_WORK_JWKS_URL). */
  jwksUrl: string;
}

export interface ImageConfig {
  /** A folder, or an Azure Blob Storage container URL (HUB_IMAGE_STORE). */
  store: string;
  storeKey: string | undefined;
  /** Where browsers fetch the variants; unset: the API's own address + `/api/`. */
  publicBaseUrl: string | undefined;
  maxBytes: number;
  maxPixels: number;
}

/** How the mail job runner (jobs/job-runner.ts) sends: named for the outbox it replaced (HUB_MAIL_*). */
export interface MailOutboxConfig {
  /** How often the runner looks for due mails when nothing woke it (another process's jobs, retries). */
  pollMs: number;
  /** The wait before the first retry of a failed send; pg-boss doubles it with each attempt. */
  retryBaseMs: number;
  /** Sends tried per mail before it is given up (and logged as an error). */
  maxAttempts: number;
  /** A send that has not finished by then counts as failed; a job whose process died is retried after twice this. */
  sendTimeoutMs: number;
  /** Mails sent per minute by every runner together (the mailbox's limit). */
  sendRatePerMinute: number;
}

/** The configuration from the environment; throws SettingsError naming every setting that cannot be used. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ApiConfig> = {}): ApiConfig {
  const { values: s, given, production } = parseSettings(API_SETTINGS, env);
  const graphUrl = overrides.graphUrl?.replace(/\/+$/, '') ?? s.HUB_GRAPH_URL;
  // Unless chosen, the database and mail transport follow the URLs in the end (an override's too).
  const databaseUrl = 'databaseUrl' in overrides ? overrides.databaseUrl : s.DATABASE_URL;
  const database = s.HUB_DATABASE ?? (databaseUrl ? 'postgres' : 'pglite');
  const smtpUrl = 'smtpUrl' in overrides ? overrides.smtpUrl : s.HUB_SMTP_URL;
  const mailTransport = s.HUB_MAIL_TRANSPORT ?? (smtpUrl ? 'smtp' : 'disk');
  const config: ApiConfig = {
    port: s.PORT,
    host: s.HOST,
    database,
    databaseUrl,
    dataDir: resolve(s.HUB_DATA_DIR ?? join(REPO_ROOT, '.data', 'api')),
    firebaseProjectId: s.FIREBASE_PROJECT_ID,
    authEmulatorHost: s.FIREBASE_AUTH_EMULATOR_HOST,
    googleCredentialsFile: s.GOOGLE_APPLICATION_CREDENTIALS,
    googleWorkloadIdentity: s.HUB_GOOGLE_WORKLOAD_IDENTITY,
    graphUrl,
    // Derived from the Graph URL actually used (a test may override only that one).
    workAccount: {
      providerId: s.HUB_FIREBASE_OIDC_PROVIDER_ID,
      clientId: s.HUB_MSAL_CLIENT_ID,
      // Tenant ids are GUIDs, compared in lower case as Entra writes them.
      tenantIds: s.HUB_WORK_TENANT_IDS ?? [(s.HUB_TENANT_ID ?? STAND_IN_TENANT_ID).toLowerCase()],
      domains: s.HUB_WORK_DOMAINS.map((d) => d.replace(/^@/, '')),
      issuer: s.HUB_WORK_ISSUER ?? `${graphUrl}/{tenantid}/v2.0`,
      jwksUrl: s.HUB_WORK_JWKS_URL ?? `${graphUrl}/common/discovery/v2.0/keys`,
    },
    corsOrigins: s.HUB_CORS_ORIGINS,
    waitingList: s.HUB_WAITING_LIST,
    production,
    mailTransport,
    smtpUrl: mailTransport === 'smtp' ? smtpUrl : undefined,
    siteUrl: s.HUB_SITE_URL,
    mailFrom: s.HUB_MAIL_FROM,
    unsubscribeSecret: s.HUB_UNSUBSCRIBE_SECRET,
    apiPublicUrl: s.HUB_API_PUBLIC_URL,
    calendarFeedRateLimit: { max: s.HUB_FEED_RATE_MAX, windowMs: s.HUB_FEED_RATE_WINDOW_MS },
    bodyLimitBytes: s.HUB_BODY_LIMIT,
    images: {
      store: s.HUB_IMAGE_STORE ?? join(resolve(s.HUB_DATA_DIR ?? join(REPO_ROOT, '.data', 'api')), 'images'),
      storeKey: s.HUB_IMAGE_STORE_KEY,
      publicBaseUrl: s.HUB_IMAGE_PUBLIC_BASE_URL,
      maxBytes: s.HUB_IMAGE_MAX_MB * 1024 * 1024,
      maxPixels: s.HUB_IMAGE_MAX_MEGAPIXELS * 1_000_000,
    },
    accountMailRateLimit: {
      max: s.HUB_MAIL_RATE_MAX,
      windowMs: s.HUB_MAIL_RATE_WINDOW_MS,
      perClientMax: s.HUB_MAIL_RATE_CLIENT_MAX,
    },
    organiserMessageRateLimit: {
      max: s.HUB_ORGANISER_MESSAGE_RATE_MAX,
      windowMs: s.HUB_ORGANISER_MESSAGE_RATE_WINDOW_MS,
    },
    invitationRateLimit: { max: s.HUB_INVITATION_RATE_MAX, windowMs: s.HUB_INVITATION_RATE_WINDOW_MS },
    redisUrl: s.HUB_REDIS_URL,
    trustProxy: s.HUB_TRUST_PROXY,
    benchRoutes: s.HUB_BENCH_ROUTES,
    logLevel: s.HUB_LOG_LEVEL,
    seedDemoData: s.HUB_SEED_DEMO,
    readCache: s.HUB_READ_CACHE,
    readCacheTtlSeconds: s.HUB_READ_CACHE_TTL_S,
    mailOutbox: {
      pollMs: s.HUB_MAIL_POLL_MS,
      retryBaseMs: s.HUB_MAIL_RETRY_BASE_MS,
      maxAttempts: s.HUB_MAIL_MAX_ATTEMPTS,
      sendTimeoutMs: s.HUB_MAIL_SEND_TIMEOUT_MS,
      sendRatePerMinute: s.HUB_MAIL_SEND_RATE_PER_MINUTE,
    },
    reminderSweepMs: s.HUB_REMINDER_SWEEP_MS,
    digestSweepMs: s.HUB_DIGEST_SWEEP_MS,
    attendeeRetentionMonths: s.HUB_ATTENDEE_RETENTION_MONTHS,
    retentionSweepMs: s.HUB_RETENTION_SWEEP_MS,
    pgliteVacuumMs: s.HUB_PGLITE_VACUUM_MS,
    postgres: {
      poolSize: s.HUB_DB_POOL_SIZE,
      connectTimeoutMs: s.HUB_DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: s.HUB_DB_STATEMENT_TIMEOUT_MS,
      idleTimeoutMs: s.HUB_DB_IDLE_TIMEOUT_MS,
      poolMode: s.HUB_DB_POOL_MODE,
      migrateUrl: s.HUB_MIGRATE_DATABASE_URL,
    },
    outbox: s.HUB_OUTBOX,
    shutdownDelayMs: s.HUB_SHUTDOWN_DELAY_MS,
    shutdownTimeoutMs: s.HUB_SHUTDOWN_TIMEOUT_MS,
    metricsPort: s.HUB_METRICS_PORT,
    clientErrorRateLimit: { max: s.HUB_CLIENT_ERROR_RATE_MAX, windowMs: s.HUB_CLIENT_ERROR_RATE_WINDOW_MS },
    ...overrides,
  };
  // The refusals judge what the environment gave: a caller's override of `production` (a test of
  // production behaviour) is not an operator's environment.
  const problems = [
    ...configProblems(config),
    ...(production ? productionRefusals(config, given as ReadonlySet<ApiSettingName>) : []),
  ];
  if (problems.length > 0) throw new SettingsError(problems);
  return config;
}

/** What makes this configuration unusable in any environment, one sentence each (empty: none). */
export function configProblems(config: ApiConfig): string[] {
  const problems: string[] = [];
  const emulator = emulatorRefusal({
    authEmulatorHost: config.authEmulatorHost,
    production: config.production,
    listenHost: config.host,
  });
  if (emulator) problems.push(emulator);
  if (config.database === 'postgres' && !config.databaseUrl)
    problems.push('HUB_DATABASE=postgres needs DATABASE_URL=postgres://user:password@host:5432/hub.');
  if (config.database === 'pglite' && config.databaseUrl)
    problems.push('HUB_DATABASE=pglite and DATABASE_URL are both set: unset one of them.');
  if (config.databaseUrl && config.readCache === 'on')
    problems.push(
      'HUB_READ_CACHE=on with PostgreSQL: refusing, because each process would keep its own copy of the reads and ' +
        'replicas would answer differently (there is no shared read cache). Set HUB_READ_CACHE=auto or off.',
    );
  if (config.mailTransport === 'smtp' && !config.smtpUrl)
    problems.push('HUB_MAIL_TRANSPORT=smtp needs HUB_SMTP_URL=smtp://user:password@host:587.');
  if (config.googleCredentialsFile) {
    const credentials = credentialsFileProblem(config.googleCredentialsFile);
    if (credentials) problems.push(credentials);
  }
  if (!config.workAccount.issuer.includes('{tenantid}'))
    problems.push('HUB_WORK_ISSUER must contain {tenantid}, e.g. https://login.microsoftonline.com/{tenantid}/v2.0.');
  if (config.workAccount.tenantIds.length === 0 || config.workAccount.domains.length === 0)
    problems.push('HUB_WORK_TENANT_IDS and HUB_WORK_DOMAINS must each name at least one tenant id and mail domain.');
  if (config.production && config.benchRoutes) problems.push('HUB_BENCH_ROUTES must not be enabled in production.');
  const postgres = config.postgres;
  if (postgres.poolMode === 'transaction' && !config.databaseUrl)
    problems.push('HUB_DB_POOL_MODE=transaction is for PostgreSQL behind a pooler: set DATABASE_URL.');
  // A transaction pooler hands our startup parameters to whichever client gets the server next (or refuses them).
  if (postgres.poolMode === 'transaction' && postgres.statementTimeoutMs > 0)
    problems.push(
      'HUB_DB_STATEMENT_TIMEOUT_MS cannot be sent through a transaction-mode pooler (HUB_DB_POOL_MODE=transaction): ' +
        "set it on the database role instead (alter role … set statement_timeout = '30s') and leave it at 0.",
    );
  return problems;
}

/** Throws SettingsError when configProblems finds any (buildServer checks the configuration it is given). */
export function validateConfig(config: ApiConfig): void {
  const problems = configProblems(config);
  if (problems.length > 0) throw new SettingsError(problems);
}
