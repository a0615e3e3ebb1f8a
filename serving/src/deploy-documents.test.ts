import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

/** The deploy-time command, run as a deployment runs it (its own process, settings from the environment). */

const serving = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let out: string;
before(async () => {
  out = await mkdtemp(path.join(os.tmpdir(), 'hub-deploy-documents-'));
});
after(() => rm(out, { recursive: true, force: true }));

const production: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  HUB_SITE_ORIGIN: 'https://hub.example.com',
  HUB_API_BASE_URL: 'https://hub.example.com/',
  HUB_REMOTE_EVENTS_URL: 'https://events.hub.example.com/mf-manifest.json',
  HUB_REMOTE_COMMUNITIES_URL: 'https://communities.hub.example.com/mf-manifest.json',
  HUB_REMOTE_ACCOUNT_URL: 'https://account.hub.example.com/mf-manifest.json',
  HUB_REMOTE_ADMIN_URL: 'https://admin.hub.example.com/mf-manifest.json',
  HUB_FIREBASE_API_KEY: 'AIza-example',
  HUB_FIREBASE_PROJECT_ID: 'hub-prod',
  HUB_MSAL_CLIENT_ID: '00000000-0000-0000-0000-000000000001',
  HUB_TENANT_ID: '8f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  HUB_MSAL_AUTHORITY: 'https://login.microsoftonline.com/8f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f/v2.0',
  HUB_MSAL_PROTOCOL_MODE: 'AAD',
  HUB_PRODUCT_NAME: 'Contoso Community Hub',
  HUB_PRIVACY_CONTROLLER: 'Contoso Ltd',
  HUB_PRIVACY_CONTACT: 'privacy@contoso.example',
  HUB_ATTENDEE_RETENTION_MONTHS: '12',
};

/** The environment of this process without any HUB_ setting, so only the test's settings count. */
const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('HUB_')));

function deployDocuments(env: NodeJS.ProcessEnv) {
  return spawnSync('pnpm', ['--silent', 'exec', 'tsx', 'src/write-deploy-documents.ts', '--out', out], {
    cwd: serving,
    env: { ...clean, ...env },
    encoding: 'utf8',
  });
}

const read = async (name: string) =>
  JSON.parse(await readFile(path.join(out, name), 'utf8')) as Record<string, unknown>;

describe('deploy-documents', () => {
  it("writes /remotes.json, /app-config.json and /manifest.webmanifest from production's settings", async () => {
    const result = deployDocuments(production);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(await read('remotes.json'), {
      events: 'https://events.hub.example.com/mf-manifest.json',
      communities: 'https://communities.hub.example.com/mf-manifest.json',
      account: 'https://account.hub.example.com/mf-manifest.json',
      admin: 'https://admin.hub.example.com/mf-manifest.json',
    });
    const config = await read('app-config.json');
    assert.equal(config.apiBaseUrl, 'https://hub.example.com/');
    const firebase = config.firebase as Record<string, unknown>;
    assert.equal(firebase.projectId, 'hub-prod');
    assert.equal(firebase.emulatorUrl, undefined, 'no emulator in production');
    const msal = config.msal as Record<string, unknown>;
    assert.equal(msal.redirectUri, 'https://hub.example.com/auth/redirect.html');
    assert.deepEqual(msal.knownAuthorities, ['login.microsoftonline.com']);
    // Issue 28: the privacy page's legal facts, the retention period the API's own setting.
    assert.deepEqual(config.privacy, {
      controller: 'Contoso Ltd',
      contact: 'privacy@contoso.example',
      attendeeRetentionMonths: 12,
    });
    const manifest = await read('manifest.webmanifest');
    assert.equal(manifest.name, 'Contoso Community Hub');
    assert.equal(manifest.short_name, 'Contoso');
  });

  it('refuses development settings in production, naming each wrong setting and only those', async () => {
    const { HUB_REMOTE_ADMIN_URL: _admin, HUB_FIREBASE_API_KEY: _key, ...missing } = production;
    const result = deployDocuments({
      ...missing,
      HUB_SITE_ORIGIN: 'http://localhost:3000',
      HUB_API_BASE_URL: 'http://127.0.0.1:8080/',
      HUB_FIREBASE_PROJECT_ID: 'demo-hub',
      HUB_FIREBASE_EMULATOR_URL: 'http://127.0.0.1:9099',
      HUB_REMOTE_EVENTS_URL: 'https://events.hub.example.com/mf-manifest.json',
      HUB_MSAL_PROTOCOL_MODE: 'OIDC',
    });
    assert.equal(result.status, 2);
    for (const problem of [
      'HUB_SITE_ORIGIN must be an https address',
      'HUB_SITE_ORIGIN names this machine',
      'HUB_API_BASE_URL must be an https address',
      'HUB_REMOTE_ADMIN_URL is not set',
      'HUB_FIREBASE_API_KEY is not set',
      'HUB_FIREBASE_PROJECT_ID must name the real Firebase project',
      'HUB_FIREBASE_EMULATOR_URL must not be set in production',
      'HUB_MSAL_PROTOCOL_MODE is OIDC: Entra needs AAD',
    ])
      assert.ok(result.stderr.includes(problem), `${problem} in:\n${result.stderr}`);
    assert.ok(!result.stderr.includes('HUB_REMOTE_EVENTS_URL'), 'a good setting is not named');
  });

  it('outside production, writes the local defaults (the local site and the topology suite on loopback)', async () => {
    const result = deployDocuments({ HUB_HOST_PORT: '5400', HUB_EVENTS_PORT: '5401' });
    assert.equal(result.status, 0, result.stderr);
    assert.equal((await read('remotes.json')).events, 'http://localhost:5401/mf-manifest.json');
    assert.deepEqual((await read('app-config.json')).privacy, {
      controller: null,
      contact: null,
      attendeeRetentionMonths: 24,
    });
  });
});
