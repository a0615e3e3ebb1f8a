/** Server configuration, read once from the environment (or given directly by the orchestrator). */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emulatorRefusal } from './auth/emulator-guard.ts';

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

/** Fastify's trustProxy: which proxies may tell the client's address (X-Forwarded-For). */
export type TrustProxy = boolean | number | string[];

export interface ApiConfig {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite under dataDir is used. */
  databaseUrl: string | undefined;
  /** Folder for PGlite's files (dataDir/pglite), its lock and the mail folder (dataDir/mail). */
  dataDir: string;
  firebaseProjectId: string;
  /** host:port of the Firebase Auth emulator; never allowed in production. */
  authEmulatorHost: string | undefined;
  /** Base of the Graph-compatible API used to validate msfAccessToken (GET {graphUrl}/v1.0/me). */
  graphUrl: string;
  /** Who counts as a work account of the company (auth/work-account.ts). */
  workAccount: WorkAccountConfig;
  corsOrigins: string[];
  waitingList: boolean;
  production: boolean;
  /** SMTP URL for nodemailer; without it mails are written to dataDir/mail. */
  smtpUrl: string | undefined;
  /** Public address of the site, used as the continue URL in account e-mails. */
  siteUrl: string;
  mailFrom: string;
  /**
   * The API's public address, used in calendar-feed URLs (`…/api/calendar/{token}.ics`); when
   * unset, the address the request came to (honouring HUB_TRUST_PROXY) is used.
   */
  apiPublicUrl: string | undefined;
  /** Reads of private calendar feeds allowed per window and client address (calendar apps poll). */
  calendarFeedRateLimit: { max: number; windowMs: number };
  bodyLimitBytes: number;
  accountMailRateLimit: RateLimitConfig;
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
  /** The event mails' outbox worker, change and promotion mails (mail/event-mail-outbox.ts). */
  mailOutbox: MailOutboxConfig;
  /** How often the API vacuums and analyses a PGlite database (it has no autovacuum), in ms. */
  pgliteVacuumMs: number;
  /** Port of the Prometheus `/metrics` listener (observability/metrics-server.ts); none when unset. */
  metricsPort: number | undefined;
  /** Browser error reports (POST api/client-errors) accepted per window and client address. */
  clientErrorRateLimit: { max: number; windowMs: number };
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

/** The environment variables a production API must be given (no development default is safe there). */
export const WORK_ACCOUNT_SETTINGS = [
  'HUB_GRAPH_URL',
  'HUB_FIREBASE_OIDC_PROVIDER_ID',
  'HUB_MSAL_CLIENT_ID',
  'HUB_WORK_TENANT_IDS',
  'HUB_WORK_DOMAINS',
  'HUB_WORK_ISSUER',
  'HUB_WORK_JWKS_URL',
] as const;

/** The tenant of the identity-provider stand-in (devstack/idp, devstack/src/site-config.ts). */
const STAND_IN_TENANT_ID = '3c6a1f0e-8b7d-4e52-9a14-7f2d5c9e0b31';

export interface MailOutboxConfig {
  /** How often the worker looks for due mails when nothing woke it (another process's writes, retries). */
  pollMs: number;
  /** The wait before the first retry of a failed send; it doubles with each attempt, up to an hour. */
  retryBaseMs: number;
  /** Sends tried per mail before it is given up (and logged as an error). */
  maxAttempts: number;
  /** A send that has not finished by then counts as failed; a claimed mail's lease is twice this. */
  sendTimeoutMs: number;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'on', 'yes'].includes(value.toLowerCase());
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** HUB_TRUST_PROXY: off by default; `true`, a hop count, or a comma list of proxy addresses/CIDRs. */
function trustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || ['0', 'false', 'off', 'no'].includes(v.toLowerCase())) return false;
  if (['true', 'on', 'yes'].includes(v.toLowerCase())) return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

function commaList(value: string | undefined, lowerCase = false): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => (lowerCase ? v.trim().toLowerCase() : v.trim()))
    .filter(Boolean);
}

function workAccountConfig(env: NodeJS.ProcessEnv, graphUrl: string): WorkAccountConfig {
  return {
    providerId: env['HUB_FIREBASE_OIDC_PROVIDER_ID'] || 'oidc.hub-work',
    clientId: env['HUB_MSAL_CLIENT_ID'] || 'hub-web',
    // Tenant ids are GUIDs, compared in lower case as Entra writes them.
    tenantIds: commaList(env['HUB_WORK_TENANT_IDS'] || env['HUB_TENANT_ID'] || STAND_IN_TENANT_ID, true),
    domains: commaList(env['HUB_WORK_DOMAINS'] || 'corp.test', true).map((d) => d.replace(/^@/, '')),
    issuer: env['HUB_WORK_ISSUER'] || `${graphUrl}/{tenantid}/v2.0`,
    jwksUrl: env['HUB_WORK_JWKS_URL'] || `${graphUrl}/common/discovery/v2.0/keys`,
  };
}

function readCacheMode(value: string | undefined): ApiConfig['readCache'] {
  if (value === undefined || value === '' || value === 'auto') return 'auto';
  return flag(value, false) ? 'on' : 'off';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ApiConfig> = {}): ApiConfig {
  const production = env['NODE_ENV'] === 'production';
  const graphUrl = (env['HUB_GRAPH_URL'] || 'https://localhost:8443').replace(/\/+$/, '');
  const config: ApiConfig = {
    port: int(env['PORT'], 8080, 'PORT'),
    host: env['HOST'] || '127.0.0.1',
    databaseUrl: env['DATABASE_URL'] || undefined,
    dataDir: resolve(env['HUB_DATA_DIR'] || join(REPO_ROOT, '.data', 'api')),
    firebaseProjectId: env['FIREBASE_PROJECT_ID'] || 'demo-hub',
    authEmulatorHost: env['FIREBASE_AUTH_EMULATOR_HOST'] || undefined,
    graphUrl,
    // Derived from the Graph URL actually used (a test may override only that one).
    workAccount: workAccountConfig(env, (overrides.graphUrl ?? graphUrl).replace(/\/+$/, '')),
    corsOrigins: (env['HUB_CORS_ORIGINS'] || 'http://localhost:3000,http://127.0.0.1:3000')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    waitingList: flag(env['HUB_WAITING_LIST'], false),
    production,
    smtpUrl: env['HUB_SMTP_URL'] || undefined,
    siteUrl: (env['HUB_SITE_URL'] || 'http://localhost:3000').replace(/\/+$/, ''),
    mailFrom: env['HUB_MAIL_FROM'] || 'Community Hub <no-reply@hub.test>',
    apiPublicUrl: env['HUB_API_PUBLIC_URL']?.replace(/\/+$/, '') || undefined,
    calendarFeedRateLimit: {
      max: int(env['HUB_FEED_RATE_MAX'], 120, 'HUB_FEED_RATE_MAX'),
      windowMs: int(env['HUB_FEED_RATE_WINDOW_MS'], 60_000, 'HUB_FEED_RATE_WINDOW_MS'),
    },
    bodyLimitBytes: int(env['HUB_BODY_LIMIT'], 64 * 1024, 'HUB_BODY_LIMIT'),
    accountMailRateLimit: {
      max: int(env['HUB_MAIL_RATE_MAX'], 5, 'HUB_MAIL_RATE_MAX'),
      windowMs: int(env['HUB_MAIL_RATE_WINDOW_MS'], 60_000, 'HUB_MAIL_RATE_WINDOW_MS'),
      perClientMax: int(env['HUB_MAIL_RATE_CLIENT_MAX'], 100, 'HUB_MAIL_RATE_CLIENT_MAX'),
    },
    redisUrl: env['HUB_REDIS_URL'] || undefined,
    trustProxy: trustProxy(env['HUB_TRUST_PROXY']),
    benchRoutes: flag(env['HUB_BENCH_ROUTES'], false),
    logLevel: env['HUB_LOG_LEVEL'] || (production ? 'error' : 'info'),
    seedDemoData: flag(env['HUB_SEED_DEMO'], false),
    readCache: readCacheMode(env['HUB_READ_CACHE']),
    readCacheTtlSeconds: int(env['HUB_READ_CACHE_TTL_S'], 5, 'HUB_READ_CACHE_TTL_S'),
    mailOutbox: {
      pollMs: int(env['HUB_MAIL_POLL_MS'], 5_000, 'HUB_MAIL_POLL_MS'),
      retryBaseMs: int(env['HUB_MAIL_RETRY_BASE_MS'], 30_000, 'HUB_MAIL_RETRY_BASE_MS'),
      // 30 s doubling, capped at an hour: eleven tries span about four hours.
      maxAttempts: int(env['HUB_MAIL_MAX_ATTEMPTS'], 11, 'HUB_MAIL_MAX_ATTEMPTS'),
      sendTimeoutMs: int(env['HUB_MAIL_SEND_TIMEOUT_MS'], 60_000, 'HUB_MAIL_SEND_TIMEOUT_MS'),
    },
    pgliteVacuumMs: int(env['HUB_PGLITE_VACUUM_MS'], 3_600_000, 'HUB_PGLITE_VACUUM_MS'),
    metricsPort: env['HUB_METRICS_PORT'] ? int(env['HUB_METRICS_PORT'], 0, 'HUB_METRICS_PORT') : undefined,
    clientErrorRateLimit: {
      max: int(env['HUB_CLIENT_ERROR_RATE_MAX'], 30, 'HUB_CLIENT_ERROR_RATE_MAX'),
      windowMs: int(env['HUB_CLIENT_ERROR_RATE_WINDOW_MS'], 60_000, 'HUB_CLIENT_ERROR_RATE_WINDOW_MS'),
    },
    ...overrides,
  };
  validateConfig(config);
  // The local defaults trust the stand-in's tenant and domain: in production they would let whoever
  // answers at localhost:8443, or no company at all, decide who is staff.
  const missingWorkSettings = WORK_ACCOUNT_SETTINGS.filter((name) => !env[name]?.trim());
  if (production && missingWorkSettings.length > 0)
    throw new Error(
      `NODE_ENV=production needs the work-account settings ${missingWorkSettings.join(', ')}: refusing to start (see docs/security.md).`,
    );
  return config;
}

export function validateConfig(config: ApiConfig): void {
  const refusal = emulatorRefusal({
    authEmulatorHost: config.authEmulatorHost,
    production: config.production,
    listenHost: config.host,
  });
  if (refusal) throw new Error(refusal);
  if (config.readCacheTtlSeconds < 1) throw new Error('HUB_READ_CACHE_TTL_S must be at least 1 (second).');
  const outbox = config.mailOutbox;
  if (outbox.pollMs < 1 || outbox.sendTimeoutMs < 1 || outbox.maxAttempts < 1)
    throw new Error('HUB_MAIL_POLL_MS, HUB_MAIL_SEND_TIMEOUT_MS and HUB_MAIL_MAX_ATTEMPTS must be at least 1.');
  if (config.pgliteVacuumMs < 1000) throw new Error('HUB_PGLITE_VACUUM_MS must be at least 1000 (a second).');
  const work = config.workAccount;
  if (!work.issuer.includes('{tenantid}'))
    throw new Error('HUB_WORK_ISSUER must contain {tenantid}, e.g. https://login.microsoftonline.com/{tenantid}/v2.0.');
  if (work.tenantIds.length === 0 || work.domains.length === 0)
    throw new Error('HUB_WORK_TENANT_IDS and HUB_WORK_DOMAINS must each name at least one tenant id and mail domain.');
  if (config.production && config.benchRoutes) {
    throw new Error('HUB_BENCH_ROUTES must not be enabled in production.');
  }
}
