/**
 * What the test runner (test/run.ts) started once for the whole run, and helpers to start an API
 * in-process on PGlite or on a fresh PostgreSQL database.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { fetch } from 'undici';
import { loadConfig, type ApiConfig } from '../../src/config.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect.ts';
import { buildServer } from '../../src/server.ts';
import { seedDemoData, type SeedResult } from '../../src/seed/index.ts';
import type { App } from '../../src/http/app-type.ts';
import { organizerOf } from '../../src/mail/event-mail.ts';
import type { Mailer } from '../../src/mail/mailer.ts';
import type { LogStream } from '../../src/observability/access-log.ts';
import { DEMO_ACCOUNTS, type DemoAccountKey } from '../../src/seed/demo-accounts.ts';
import type { AuditEntry, AuditLogPage } from '@hub/contract/audit';
import { DEMO_PASSWORD, signInWithPassword, straddlesSecond } from '../../../devstack/auth-emulator/index.ts';
import { MailInbox } from './mail-inbox.ts';

export function emulatorHost(): string {
  const host = process.env['HUB_TEST_AUTH_EMULATOR'];
  if (!host)
    throw new Error(
      'HUB_TEST_AUTH_EMULATOR is not set: run the API tests with `pnpm --filter @hub/api test` (test/run.ts starts the emulator)',
    );
  return host;
}

/** The run's mail catcher (test/run.ts starts one maildev for all the test files): SMTP and web addresses. */
export function mailCatcher(): { smtpUrl: string; webUrl: string } {
  const smtpUrl = process.env['HUB_TEST_SMTP_URL'];
  const webUrl = process.env['HUB_TEST_MAIL_CATCHER'];
  if (!smtpUrl || !webUrl)
    throw new Error(
      'HUB_TEST_MAIL_CATCHER is not set: run the API tests with `pnpm --filter @hub/api test` (test/run.ts starts the mail catcher)',
    );
  return { smtpUrl, webUrl };
}

/**
 * A sender address of its own for every test API: the run's APIs share one catcher and send to the
 * same demo accounts, so each reads only the mails it sent (MailInbox's sender).
 */
let senderCounter = 0;
const uniqueSender = () => `api-${process.pid}-${++senderCounter}@hub.test`;

/** Admin connection string of the run's PostgreSQL server, or null when none is installed. */
export function postgresAdminUrl(): string | null {
  return process.env['HUB_TEST_PG_ADMIN_URL'] || null;
}

let dbCounter = 0;
/**
 * A new database on the run's PostgreSQL server: empty, or with `seeded` a copy of the run's migrated
 * and seeded template database (test/run.ts makes it; CREATE DATABASE … TEMPLATE takes a tenth of a
 * second where migrating and seeding take 3–5 s), which is what a test API would make of an empty one.
 */
export async function createPostgresDatabase(prefix: string, opts: { seeded?: boolean } = {}): Promise<string> {
  const admin = postgresAdminUrl();
  if (!admin) throw new Error('No PostgreSQL server in this run');
  const name = `${prefix}_${process.pid}_${++dbCounter}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const template = opts.seeded ? process.env['HUB_TEST_PG_TEMPLATE'] : undefined;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A data folder for a PGlite API: a copy of the run's migrated and seeded template when there is
 * one (test/run.ts makes it), else empty (the API then runs initdb itself).
 */
export function pgliteDataDir(prefix: string): { path: string; remove(): void } {
  const dir = tempDir(prefix);
  const template = process.env['HUB_TEST_PGLITE_TEMPLATE'];
  if (template) cpSync(template, join(dir.path, 'pglite'), { recursive: true });
  return dir;
}

/**
 * What seeding answers on a copy of the run's template of this kind (test/run.ts seeded the template
 * and passes its answer on: a copy has the same rows and ids, and seeding it again changes nothing),
 * or undefined when the database was not copied from one.
 */
export function templateSeed(kind: 'pglite' | 'postgres'): SeedResult | undefined {
  const copied = kind === 'pglite' ? process.env['HUB_TEST_PGLITE_TEMPLATE'] : process.env['HUB_TEST_PG_TEMPLATE'];
  const seed = kind === 'pglite' ? process.env['HUB_TEST_PGLITE_SEED'] : process.env['HUB_TEST_PG_SEED'];
  return copied && seed ? (JSON.parse(seed) as SeedResult) : undefined;
}

export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** The API's settings in the tests: mail goes over SMTP to the run's catcher, from a sender of its own. */
export function testConfig(overrides: Partial<ApiConfig> = {}): ApiConfig {
  const catcher = mailCatcher();
  return loadConfig(
    // A thousand mails a second: the tests that are not about the send rate do not wait for it.
    { HUB_MAIL_SEND_RATE_PER_MINUTE: '60000' },
    {
      port: 0,
      logLevel: process.env['HUB_TEST_LOG_LEVEL'] || 'silent',
      authEmulatorHost: emulatorHost(),
      graphUrl: 'http://127.0.0.1:9',
      accountMailRateLimit: { max: 10_000, windowMs: 60_000, perClientMax: 10_000 },
      // The weekly digest's sweep never runs by itself in a test: the tests that are about it queue
      // the week's digests themselves (organiser-messages.it.ts), and no other test gets a digest.
      digestSweepMs: 2_147_483_647,
      // Nor the attendee retention's (attendee-retention.it.ts runs it with the clock moved).
      retentionSweepMs: 2_147_483_647,
      calendarFeedRateLimit: { max: 10_000, windowMs: 60_000 },
      mailTransport: 'smtp',
      smtpUrl: catcher.smtpUrl,
      mailFrom: `Community Hub <${uniqueSender()}>`,
      ...overrides,
    },
  );
}

export interface TestApi {
  url: string;
  app: App;
  database: DatabaseHandle;
  config: ApiConfig;
  seed: SeedResult | null;
  /** The mails this API sent, as the run's catcher received them. */
  inbox: MailInbox;
  close(): Promise<void>;
}

export async function startTestApi(opts: {
  kind: 'pglite' | 'postgres';
  seed?: boolean;
  config?: Partial<ApiConfig>;
  /** Another mail transport (the default sends over SMTP to the run's mail catcher). */
  mailer?: Mailer;
  /** Where the API's log lines go (give `config.logLevel` too: tests are silent by default). */
  logStream?: LogStream;
}): Promise<TestApi> {
  const dir = opts.kind === 'pglite' ? pgliteDataDir('hub-api-test-') : tempDir('hub-api-test-');
  const databaseUrl =
    opts.kind === 'postgres' ? await createPostgresDatabase('hub_test', { seeded: opts.seed !== false }) : undefined;
  const config = testConfig({ dataDir: dir.path, databaseUrl, ...opts.config });
  // A test's burst (500 attends on a pool of 10) may queue for a connection longer than production's
  // 10 s on a loaded 2-core machine running another lane beside it; the tests prove seats, not timeouts.
  const database = await connectDatabase({
    databaseUrl,
    dataDir: config.dataDir,
    poolSize: 10,
    settings: { connectTimeoutMs: 60_000 },
  });
  const seed = opts.seed === false ? null : (templateSeed(opts.kind) ?? (await seedDemoData(database.db)));
  const { app } = await buildServer(config, {
    database,
    ...(opts.mailer ? { mailer: opts.mailer } : {}),
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    config,
    seed,
    inbox: new MailInbox(mailCatcher().webUrl, organizerOf(config.mailFrom).email),
    async close() {
      await app.close();
      await database.close();
      dir.remove();
    },
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary answer shapes
  json: any;
}

export async function call(
  base: string,
  method: string,
  path: string,
  opts: { token?: string | undefined; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers as unknown as Headers, text, json };
}

const tokenCache = new Map<string, string>();
/** A real emulator ID token (accounts:signInWithPassword), cached for the file. */
export async function tokenFor(email: string, password = DEMO_PASSWORD): Promise<string> {
  let token = tokenCache.get(email);
  if (!token) {
    token = await signInWithPassword(emulatorHost(), email, password);
    tokenCache.set(email, token);
  }
  return token;
}

/**
 * ID tokens of the seed's demo people, signed in at once and named by their key:
 * `const { admin, lead } = await signInDemo('admin', 'lead')`.
 */
export async function signInDemo<K extends DemoAccountKey>(...keys: K[]): Promise<Record<K, string>> {
  const email = (key: K) => DEMO_ACCOUNTS.find((a) => a.key === key)!.email;
  const tokens = await Promise.all(keys.map((key) => tokenFor(email(key))));
  return Object.fromEntries(keys.map((key, i) => [key, tokens[i]])) as Record<K, string>;
}

/** A person a test made: a new verified account the API knows. */
export interface TestPerson {
  email: string;
  token: string;
  /** Their user id in the API's database. */
  id: number;
}

/**
 * A new verified account, its address unique to the call (under `tag`), synced so the API knows
 * it; its display name `<tag>, Pat` unless told.
 */
export async function newPerson(api: TestApi, tag: string, opts: { displayName?: string } = {}): Promise<TestPerson> {
  const email = uniqueEmail(tag);
  const { token } = await signUp(email, { displayName: opts.displayName ?? `${tag}, Pat` });
  const synced = await call(api.url, 'POST', '/api/user/sync', { token, body: { msfAccessToken: null } });
  if (synced.status >= 300) throw new Error(`sync of ${email} answered ${synced.status}: ${synced.text}`);
  const { id } = await api.database.db
    .selectFrom('appUser')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { email, token, id };
}

/** Appoints the person with this address a core member of a community (with `lead`, its lead), as `token` (an admin, or its lead). */
export async function appointCoreMember(
  api: TestApi,
  token: string,
  communityId: number,
  email: string,
  opts: { lead?: boolean } = {},
): Promise<void> {
  const body = opts.lead ? { email, responsibleForCommunity: true } : { email };
  const appointed = await call(api.url, 'POST', `/api/community/${communityId}/core-members`, { token, body });
  if (appointed.status !== 201) throw new Error(`appointing ${email} answered ${appointed.status}: ${appointed.text}`);
}

/** The audit log's rows for a query (`action=…&targetId=…`), newest first, as an admin reads them (up to 100). */
export async function auditEntries(api: TestApi, adminToken: string, query: string): Promise<AuditEntry[]> {
  const answer = await call(api.url, 'GET', `/api/admin/audit-log?pageSize=100&${query}`, { token: adminToken });
  if (answer.status !== 200) throw new Error(`the audit log answered ${answer.status}: ${answer.text}`);
  return (answer.json as AuditLogPage).items;
}

/** Creates an emulator account (verified unless told) and returns an ID token for it. */
export async function signUp(
  email: string,
  opts: { verified?: boolean; displayName?: string } = {},
): Promise<{ uid: string; token: string }> {
  const host = emulatorHost();
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/demo-hub/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({
      email,
      password: DEMO_PASSWORD,
      emailVerified: opts.verified ?? true,
      displayName: opts.displayName,
    }),
  });
  const created = (await res.json()) as { localId?: string; error?: { message: string } };
  if (!created.localId) throw new Error(`sign-up of ${email} failed: ${created.error?.message}`);
  const token = await signInWithPassword(host, email);
  return { uid: created.localId, token };
}

export async function deleteAccount(uid: string): Promise<void> {
  await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/demo-hub/accounts:delete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid }),
  });
}

/** A unique e-mail address per call, so tests can share the one emulator without collisions. */
let mailCounter = 0;
export function uniqueEmail(tag: string): string {
  return `${tag}-${process.pid}-${Date.now().toString(36)}-${++mailCounter}@test.hub`;
}

/**
 * An anonymous emulator account (accounts:signUp without credentials) whose e-mail the holder then
 * sets on their own (accounts:update with their ID token): what anyone can do with the public API key.
 * The address stays unverified. Returns the token issued after the change.
 */
export async function anonymousWithEmail(email: string): Promise<{ uid: string; token: string }> {
  const base = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1`;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}/${path}?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { idToken?: string; localId?: string; error?: { message: string } };
    if (!res.ok || !json.idToken) throw new Error(`${path} failed: ${json.error?.message ?? res.status}`);
    return json as { idToken: string; localId: string };
  };
  for (let attempt = 0; ; attempt++) {
    const anonymous = await post('accounts:signUp', { returnSecureToken: true });
    const updated = await post('accounts:update', { idToken: anonymous.idToken, email, returnSecureToken: true });
    if (!straddlesSecond(updated.idToken) || attempt === 5) return { uid: anonymous.localId, token: updated.idToken };
    // Try again with a fresh account; this one's address is taken, so free it first.
    await deleteAccount(anonymous.localId);
  }
}

/** Changes an emulator account as its administrator would (accounts:update with the owner credential). */
export async function updateAccount(
  uid: string,
  fields: { email?: string; emailVerified?: boolean; disableUser?: boolean; photoUrl?: string },
): Promise<void> {
  const res = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/demo-hub/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, ...fields }),
    },
  );
  if (!res.ok) throw new Error(`accounts:update of ${uid} failed: ${res.status} ${await res.text()}`);
}
