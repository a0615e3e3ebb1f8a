import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { loadConfig, SettingsError } from './config.ts';

/** Everything a production API must be given, Entra-shaped (deploy/.env.example is checked separately). */
const entra = {
  HUB_GRAPH_URL: 'https://graph.microsoft.com',
  HUB_FIREBASE_OIDC_PROVIDER_ID: 'oidc.entra',
  HUB_MSAL_CLIENT_ID: 'app-id',
  HUB_WORK_TENANT_IDS: ' 11111111-2222-4333-8444-555555555555 , AAAAAAAA-2222-4333-8444-555555555555',
  HUB_WORK_DOMAINS: 'example.com,@Example.NL',
  HUB_WORK_ISSUER: 'https://login.microsoftonline.com/{tenantid}/v2.0',
  HUB_WORK_JWKS_URL: 'https://login.microsoftonline.com/common/discovery/v2.0/keys',
};
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://hub:secret@db.internal:5432/hub',
  FIREBASE_PROJECT_ID: 'company-hub',
  HUB_GOOGLE_WORKLOAD_IDENTITY: 'on',
  HUB_CORS_ORIGINS: 'https://hub.example.com',
  HUB_SITE_URL: 'https://hub.example.com',
  HUB_SMTP_URL: 'smtp://hub:secret@smtp.office365.com:587',
  HUB_MAIL_FROM: 'Community Hub <hub@example.com>',
  HUB_UNSUBSCRIBE_SECRET: 'a-test-secret-of-at-least-32-characters',
  ...entra,
};

/** The problems loadConfig refuses with, one sentence each. */
function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    assert.ok(error instanceof SettingsError, String(error));
    return error.problems;
  }
  return [];
}

describe('configuration of the security settings', () => {
  it('reads HUB_TRUST_PROXY as off, true, a hop count or a list of proxies', () => {
    assert.equal(loadConfig({}).trustProxy, false);
    assert.equal(loadConfig({ HUB_TRUST_PROXY: 'false' }).trustProxy, false);
    assert.equal(loadConfig({ HUB_TRUST_PROXY: 'true' }).trustProxy, true);
    assert.equal(loadConfig({ HUB_TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ HUB_TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' }).trustProxy, [
      '10.0.0.0/8',
      '192.168.1.5',
    ]);
  });

  it('limits account mails per account or address (5 a minute) under a per-client ceiling (100)', () => {
    assert.deepEqual(loadConfig({}).accountMailRateLimit, { max: 5, windowMs: 60_000, perClientMax: 100 });
    assert.equal(loadConfig({ HUB_MAIL_RATE_CLIENT_MAX: '500' }).accountMailRateLimit.perClientMax, 500);
    assert.equal(loadConfig({}).redisUrl, undefined);
    assert.equal(loadConfig({ HUB_REDIS_URL: 'redis://cache:6379' }).redisUrl, 'redis://cache:6379');
  });

  it('defaults the work-account settings to the stand-in, and a production process refuses to start without them', () => {
    assert.deepEqual(loadConfig({}).workAccount, {
      providerId: 'oidc.hub-work',
      clientId: 'hub-web',
      tenantIds: ['3c6a1f0e-8b7d-4e52-9a14-7f2d5c9e0b31'],
      domains: ['corp.test'],
      issuer: 'https://localhost:8443/{tenantid}/v2.0',
      jwksUrl: 'https://localhost:8443/common/discovery/v2.0/keys',
    });
    const work = loadConfig(production).workAccount;
    assert.deepEqual(work.tenantIds, ['11111111-2222-4333-8444-555555555555', 'aaaaaaaa-2222-4333-8444-555555555555']);
    assert.deepEqual(work.domains, ['example.com', 'example.nl']);
    for (const name of Object.keys(entra)) {
      assert.throws(
        () => loadConfig({ ...production, [name]: '' }),
        new RegExp(`NODE_ENV=production needs the work-account settings ${name}: refusing to start`),
      );
    }
    assert.throws(() => loadConfig({ HUB_WORK_ISSUER: 'https://login.example/v2.0' }), /must contain \{tenantid\}/);
  });
});

describe('settings parsed by the schema', () => {
  it('keeps the local defaults', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.logLevel, 'info');
    assert.equal(config.database, 'pglite');
    assert.equal(config.mailTransport, 'disk');
    assert.equal(config.readCache, 'auto');
    assert.equal(config.mailOutbox.sendRatePerMinute, 30);
    assert.deepEqual(config.corsOrigins, ['http://localhost:3000', 'http://127.0.0.1:3000']);
  });

  it('treats an empty or blank variable as unset', () => {
    assert.equal(loadConfig({ PORT: '', HUB_LOG_LEVEL: '  ' }).port, 8080);
  });

  it('stops on a bad value with a message naming the setting, every bad one at once', () => {
    const found = problems({
      PORT: 'eighty',
      HUB_WAITING_LIST: 'maybe',
      HUB_LOG_LEVEL: 'loud',
      HUB_READ_CACHE_TTL_S: '0',
    });
    assert.deepEqual(found, [
      'PORT must be a whole number from 0 to 65535, got "eighty".',
      'HUB_WAITING_LIST must be on or off (also true/false, 1/0, yes/no), got "maybe".',
      'HUB_READ_CACHE_TTL_S must be a whole number of at least 1, got "0".',
      'HUB_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud".',
    ]);
    assert.match(problems({ PORT: '70000' })[0]!, /^PORT must be a whole number from 0 to 65535, got "70000"\.$/);
    assert.match(
      problems({ HUB_CORS_ORIGINS: 'https://hub.example.com/app' })[0]!,
      /^HUB_CORS_ORIGINS must be a comma-separated list of origins/,
    );
  });

  it('never repeats a secret value in its message', () => {
    const [message] = problems({ DATABASE_URL: 'mysql://root:hunter2@db/hub' });
    assert.match(message!, /^DATABASE_URL must be a URL starting postgres:\/\/ or postgresql:\/\//);
    assert.doesNotMatch(message!, /hunter2/);
    assert.match(message!, /value not shown: secret/);
  });

  it('reads on/off words in any usual casing', () => {
    for (const yes of ['1', 'true', 'On', 'YES']) assert.equal(loadConfig({ HUB_WAITING_LIST: yes }).waitingList, true);
    for (const no of ['0', 'False', 'OFF', 'no']) assert.equal(loadConfig({ HUB_WAITING_LIST: no }).waitingList, false);
  });
});

describe('refusals in any environment', () => {
  it('refuses HUB_READ_CACHE=on with PostgreSQL, saying why', () => {
    assert.match(
      problems({ DATABASE_URL: 'postgres://db/hub', HUB_READ_CACHE: 'on' })[0]!,
      /^HUB_READ_CACHE=on with PostgreSQL: refusing, because each process would keep its own copy .* no shared read cache/,
    );
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://db/hub', HUB_READ_CACHE: 'off' }).readCache, 'off');
    assert.equal(loadConfig({ HUB_READ_CACHE: 'on' }).readCache, 'on');
  });

  it('refuses a database or mail choice without its URL, or contradicting it', () => {
    assert.deepEqual(problems({ HUB_DATABASE: 'postgres' }), [
      'HUB_DATABASE=postgres needs DATABASE_URL=postgres://user:password@host:5432/hub.',
    ]);
    assert.match(problems({ HUB_DATABASE: 'pglite', DATABASE_URL: 'postgres://db/hub' })[0]!, /both set/);
    assert.match(problems({ HUB_MAIL_TRANSPORT: 'smtp' })[0]!, /^HUB_MAIL_TRANSPORT=smtp needs HUB_SMTP_URL/);
    const disk = loadConfig({ HUB_MAIL_TRANSPORT: 'disk', HUB_SMTP_URL: 'smtp://mail:25' });
    assert.equal(disk.mailTransport, 'disk');
    assert.equal(disk.smtpUrl, undefined);
  });

  describe('GOOGLE_APPLICATION_CREDENTIALS', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hub-credentials-'));
    after(() => rmSync(dir, { recursive: true, force: true }));
    const file = (name: string, content: string) => {
      writeFileSync(join(dir, name), content);
      return join(dir, name);
    };

    it('is read at start: a missing, non-JSON or incomplete file is refused without showing its contents', () => {
      assert.match(
        problems({ GOOGLE_APPLICATION_CREDENTIALS: join(dir, 'absent.json') })[0]!,
        /cannot be read \(ENOENT\)/,
      );
      assert.match(problems({ GOOGLE_APPLICATION_CREDENTIALS: file('a.json', 'private_key=x') })[0]!, /is not JSON/);
      const noKey = file('b.json', JSON.stringify({ type: 'service_account', client_email: 'a@b' }));
      assert.match(problems({ GOOGLE_APPLICATION_CREDENTIALS: noKey })[0]!, /without client_email and private_key/);
      const user = file('c.json', JSON.stringify({ type: 'authorized_user', refresh_token: 'sekrit' }));
      const [message] = problems({ GOOGLE_APPLICATION_CREDENTIALS: user });
      assert.match(message!, /is not a credentials file of type service_account/);
      assert.doesNotMatch(message!, /sekrit/);
    });

    it('serves production in place of workload identity', () => {
      const key = file('key.json', JSON.stringify({ type: 'service_account', client_email: 'a@b', private_key: 'k' }));
      const config = loadConfig({
        ...production,
        HUB_GOOGLE_WORKLOAD_IDENTITY: '',
        GOOGLE_APPLICATION_CREDENTIALS: key,
      });
      assert.equal(config.googleCredentialsFile, key);
      assert.equal(config.googleWorkloadIdentity, false);
    });
  });
});

describe('NODE_ENV=production refuses development defaults it was not given', () => {
  it('starts with everything given: HOST 0.0.0.0, log level info, PostgreSQL, SMTP', () => {
    const config = loadConfig(production);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.logLevel, 'info');
    assert.equal(config.database, 'postgres');
    assert.equal(config.mailTransport, 'smtp');
    assert.equal(loadConfig({ ...production, HOST: '10.1.2.3' }).host, '10.1.2.3');
  });

  it('with NODE_ENV=production alone, names the database first and every other setting to set', () => {
    const found = problems({ NODE_ENV: 'production' });
    const named = found.map((p) => /^[A-Z_]+/.exec(p)?.[0]);
    assert.deepEqual(named, [
      'DATABASE_URL',
      'FIREBASE_PROJECT_ID',
      'GOOGLE_APPLICATION_CREDENTIALS',
      'NODE_ENV', // "NODE_ENV=production needs the work-account settings …"
      'HUB_CORS_ORIGINS',
      'HUB_SITE_URL',
      'HUB_SMTP_URL',
      'HUB_MAIL_FROM',
      'HUB_UNSUBSCRIBE_SECRET',
    ]);
    assert.match(found[0]!, /Set DATABASE_URL=postgres:\/\/.*or HUB_DATABASE=pglite/);
  });

  const refusalCases: [string, NodeJS.ProcessEnv, RegExp, number?][] = [
    [
      'PGlite by default',
      { DATABASE_URL: '' },
      /^DATABASE_URL is not set: production will not run on the embedded PGlite/,
    ],
    [
      'the demo Firebase project',
      { FIREBASE_PROJECT_ID: 'demo-hub' },
      /^FIREBASE_PROJECT_ID is demo-hub: demo-\* projects exist only in the Auth emulator/,
    ],
    [
      'no Google credentials',
      { HUB_GOOGLE_WORKLOAD_IDENTITY: 'off' },
      /^GOOGLE_APPLICATION_CREDENTIALS is not set: .*HUB_GOOGLE_WORKLOAD_IDENTITY=on/,
    ],
    [
      'a loopback Graph URL',
      { HUB_GRAPH_URL: 'https://localhost:8443' },
      /^HUB_GRAPH_URL is on a loopback address \(https:\/\/localhost:8443\)/,
    ],
    [
      'a loopback issuer',
      { HUB_WORK_ISSUER: 'https://127.0.0.1:8443/{tenantid}/v2.0' },
      /^HUB_WORK_ISSUER is on a loopback address/,
    ],
    // Off the issuer's host as well: the second message says which host to use.
    [
      'a loopback key set',
      { HUB_WORK_JWKS_URL: 'https://[::1]/keys' },
      /^HUB_WORK_JWKS_URL is on a loopback address/,
      2,
    ],
    ['identity over plain http', { HUB_GRAPH_URL: 'http://graph.example.com' }, /^HUB_GRAPH_URL is not https/],
    [
      'keys off the Entra issuer host',
      { HUB_WORK_JWKS_URL: 'https://keys.example.com/keys' },
      /^HUB_WORK_JWKS_URL is not on login\.microsoftonline\.com/,
    ],
    [
      "the stand-in's tenant",
      { HUB_WORK_TENANT_IDS: '3c6a1f0e-8b7d-4e52-9a14-7f2d5c9e0b31' },
      /^HUB_WORK_TENANT_IDS names the local stand-in's tenant/,
    ],
    [
      'a tenant that is no GUID',
      { HUB_WORK_TENANT_IDS: 'contoso' },
      /^HUB_WORK_TENANT_IDS names contoso: set the company's directory \(tenant\) ids/,
    ],
    ["the stand-in's domain", { HUB_WORK_DOMAINS: 'example.com,corp.test' }, /^HUB_WORK_DOMAINS names corp\.test/],
    [
      'CORS on localhost',
      { HUB_CORS_ORIGINS: 'https://hub.example.com,http://localhost:3000' },
      /^HUB_CORS_ORIGINS names http:\/\/localhost:3000 on this machine/,
    ],
    ['CORS by default', { HUB_CORS_ORIGINS: '' }, /^HUB_CORS_ORIGINS is not set \(the default is localhost\)/],
    [
      'the site on localhost',
      { HUB_SITE_URL: 'http://127.0.0.1:3000' },
      /^HUB_SITE_URL is http:\/\/127\.0\.0\.1:3000, on this machine/,
    ],
    [
      'mail to disk by default',
      { HUB_SMTP_URL: '' },
      /^HUB_SMTP_URL is not set: production would write mails to files/,
    ],
    [
      'mail to disk even when asked',
      { HUB_SMTP_URL: '', HUB_MAIL_TRANSPORT: 'disk' },
      /^HUB_MAIL_TRANSPORT=disk: production does not write mails to files/,
    ],
    [
      'the test sender',
      { HUB_MAIL_FROM: '' },
      /^HUB_MAIL_FROM is not set \(the default is Community Hub <no-reply@hub\.test>\)/,
    ],
    ['the demo seed', { HUB_SEED_DEMO: 'on' }, /^HUB_SEED_DEMO is on: production must not seed the demo data/],
    ['the bench routes', { HUB_BENCH_ROUTES: 'on' }, /^HUB_BENCH_ROUTES must not be enabled in production/],
    [
      'the auth emulator',
      { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      /^FIREBASE_AUTH_EMULATOR_HOST is set \(127\.0\.0\.1:9099\) while NODE_ENV=production/,
    ],
  ];
  for (const [what, change, message, count = 1] of refusalCases) {
    it(`refuses ${what}, with one message naming the setting`, () => {
      const found = problems({ ...production, ...change });
      assert.equal(found.length, count, found.join('\n'));
      assert.match(found[0]!, message);
    });
  }

  it('starts on PGlite when told so explicitly', () => {
    const config = loadConfig({ ...production, DATABASE_URL: '', HUB_DATABASE: 'pglite' });
    assert.equal(config.database, 'pglite');
  });

  it('sends to an SMTP relay on this machine when its URL is given (a local MTA or sidecar)', () => {
    const config = loadConfig({ ...production, HUB_SMTP_URL: 'smtp://127.0.0.1:25' });
    assert.equal(config.mailTransport, 'smtp');
    assert.equal(config.smtpUrl, 'smtp://127.0.0.1:25');
  });
});
