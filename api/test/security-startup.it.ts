/**
 * Security probe (issue 9, finding 2): with FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin accepts
 * unsigned tokens for any uid. The real entry point (`src/main.ts`, what `pnpm start` runs) must refuse
 * to start wherever that could be reached by others, and say why.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { API_SETTINGS } from '../src/settings/api-settings.ts';
import { spawnApi } from './helpers/api-process.ts';
import { emulatorHost, pgliteDataDir } from './helpers/test-env.ts';

async function startupOutcome(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dir = pgliteDataDir('hub-refusal-');
  const proc = await spawnApi({ HUB_DATA_DIR: dir.path, ...env }, { expectFailure: true });
  // Started anyway (the probe failing): stop it after a while rather than hang the suite. Long
  // enough for a refusal on a loaded machine (tsx's start alone took over 30 s on one).
  const timer = setTimeout(() => void proc.kill('SIGKILL'), 120_000);
  try {
    return { code: await proc.exited, output: proc.output() };
  } finally {
    clearTimeout(timer);
    dir.remove();
  }
}

describe('security: the API refuses to start with the auth emulator where others could reach it', () => {
  it('refuses with NODE_ENV=production', async () => {
    const { code, output } = await startupOutcome({
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      NODE_ENV: 'production',
    });
    assert.equal(code, 1, output);
    assert.match(
      output,
      /The API could not start: FIREBASE_AUTH_EMULATOR_HOST is set .* while NODE_ENV=production: refusing to start/,
    );
    assert.doesNotMatch(output, /listening on/);
  });

  it('refuses an emulator on a host that is not a loopback address', async () => {
    const { code, output } = await startupOutcome({ FIREBASE_AUTH_EMULATOR_HOST: '10.11.12.13:9099' });
    assert.equal(code, 1, output);
    assert.match(
      output,
      /FIREBASE_AUTH_EMULATOR_HOST is set \(10\.11\.12\.13:9099\) and points to a host that is not a loopback address: refusing to start/,
    );
  });

  it('refuses to listen on a non-loopback address (HOST=0.0.0.0) with the emulator set', async () => {
    const { code, output } = await startupOutcome({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), HOST: '0.0.0.0' });
    assert.equal(code, 1, output);
    assert.match(
      output,
      /while the API listens on 0\.0\.0\.0, which is not a loopback address \(HOST\): refusing to start/,
    );
  });

  it('refuses to start in production without the work-account tenant, client and domain settings', async () => {
    const { code, output } = await startupOutcome({
      NODE_ENV: 'production',
      // Unset: the emulator guard would refuse first.
      FIREBASE_AUTH_EMULATOR_HOST: '',
      DATABASE_URL: 'postgres://127.0.0.1:9/none',
    });
    assert.equal(code, 1, output);
    assert.match(
      output,
      /NODE_ENV=production needs the work-account settings HUB_GRAPH_URL, .*HUB_WORK_TENANT_IDS, HUB_WORK_DOMAINS.*: refusing to start/,
    );
    assert.doesNotMatch(output, /listening on/);
  });

  it('a production process given only NODE_ENV=production refuses, naming DATABASE_URL first and every setting to set', async () => {
    // Every declared setting emptied (empty counts as unset), whatever this test process inherited;
    // only the data folder stays a temporary one, in case the refusal were broken.
    const unset = Object.fromEntries(Object.keys(API_SETTINGS).map((name) => [name, '']));
    const { code, output } = await startupOutcome({ ...unset, NODE_ENV: 'production' });
    assert.equal(code, 1, output);
    assert.match(
      output,
      /The API could not start: DATABASE_URL is not set: production will not run on the embedded PGlite by default\. Set DATABASE_URL=postgres:/,
    );
    for (const name of [
      'FIREBASE_PROJECT_ID',
      'GOOGLE_APPLICATION_CREDENTIALS',
      'HUB_CORS_ORIGINS',
      'HUB_SITE_URL',
      'HUB_SMTP_URL',
      'HUB_MAIL_FROM',
      'HUB_UNSUBSCRIBE_SECRET',
    ])
      assert.match(output, new RegExp(`^${name} is`, 'm'), name);
    assert.match(output, /^NODE_ENV=production needs the work-account settings HUB_GRAPH_URL, /m);
    assert.doesNotMatch(output, /listening on/);
  });

  it('a bad value stops the process with a message naming the setting', async () => {
    const { code, output } = await startupOutcome({ HUB_MAIL_MAX_ATTEMPTS: 'often' });
    assert.equal(code, 1, output);
    assert.match(
      output,
      /The API could not start: HUB_MAIL_MAX_ATTEMPTS must be a whole number of at least 1, got "often"\./,
    );
  });
});
