/**
 * The whole local work-account path without a browser (`pnpm --filter @hub/devstack test:idp:api`):
 * tokens from the IdP stand-in → its ID token signs into the Firebase Auth emulator
 * (`signInWithIdp`, provider `oidc.<id>`, as `signInWithCredential` does) → `POST /api/user/sync`
 * with the access token as `msfAccessToken` and the ID token as `msfIdToken` on a real API process,
 * which verifies the ID token with the stand-in's published keys (tenant, audience) and the access
 * token at its `/v1.0/me`. The API runs on its local defaults, which trust the stand-in's company
 * tenant only: the foreign tenant's accounts are refused. Slower (auth emulator + API start), hence a
 * separate script.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { startAuthEmulator, type RunningAuthEmulator } from '../auth-emulator/index.ts';
import { signInWithWorkAccount, type WorkTokens } from './client.ts';
import { startIdp, WORK_ACCOUNTS, type RunningIdp } from './index.ts';

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'api');
const REDIRECT = 'http://localhost:3000/auth/redirect.html';
const PROVIDER_ID = 'oidc.hub-work';

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

async function firebaseSignInWithIdp(
  emulatorHost: string,
  idToken: string,
  rawNonce?: string,
): Promise<{ idToken: string; email: string }> {
  const res = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        // As the Firebase JS SDK sends signInWithCredential(OAuthProvider(id).credential({ idToken, rawNonce })).
        postBody: new URLSearchParams({
          id_token: idToken,
          providerId: PROVIDER_ID,
          ...(rawNonce ? { nonce: rawNonce } : {}),
        }).toString(),
        requestUri: 'http://localhost:3000/',
        returnSecureToken: true,
        returnIdpCredential: true,
      }),
    },
  );
  const body = (await res.json()) as { idToken?: string; email?: string; error?: unknown };
  assert.equal(res.status, 200, JSON.stringify(body));
  return { idToken: body.idToken!, email: body.email! };
}

describe('IdP tokens → Firebase emulator → POST /api/user/sync', () => {
  let idp: RunningIdp;
  let emulator: RunningAuthEmulator;
  let api: ChildProcess;
  let apiUrl: string;
  let tmp: string;
  const output: string[] = [];

  before(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'hub-idp-api-'));
    idp = await startIdp({ port: 0, dataDir: join(tmp, 'idp'), log: () => {} });
    emulator = await startAuthEmulator({ port: await freePort(), timeoutMs: 150_000 });
    const port = await freePort();
    apiUrl = `http://127.0.0.1:${port}`;
    api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        HUB_LOG_LEVEL: 'warn',
        HUB_DATA_DIR: join(tmp, 'api'),
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        HUB_GRAPH_URL: idp.url,
        // How the dev stack should run the API: trusting exactly the stand-in's certificate.
        NODE_EXTRA_CA_CERTS: idp.caCertPath,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    api.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
    api.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (api.exitCode !== null) throw new Error(`API exited:\n${output.join('')}`);
      if (Date.now() > deadline) throw new Error(`API did not start:\n${output.join('')}`);
      try {
        if ((await fetch(`${apiUrl}/api/docs/json`)).ok) break;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  after(async () => {
    if (api && api.exitCode === null) {
      const exited = new Promise((ok) => api.once('exit', ok));
      api.kill('SIGTERM');
      await exited;
    }
    await emulator?.stop();
    await idp?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  const sync = async (firebaseToken: string, msfAccessToken: string | null, msfIdToken?: string) => {
    const res = await fetch(`${apiUrl}/api/user/sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${firebaseToken}` },
      body: JSON.stringify({ msfAccessToken, msfIdToken }),
    });
    const text = await res.text();
    assert.equal(res.status, 200, `${text}\n${output.join('')}`);
    return JSON.parse(text) as unknown;
  };

  let tokens: WorkTokens;
  let firebase: { idToken: string; email: string };

  test('the IdP ID token signs into the Firebase emulator (hashed nonce sent, rawNonce given, as shared/ does)', async () => {
    const rawNonce = randomBytes(16).toString('hex');
    tokens = await signInWithWorkAccount({
      nonce: createHash('sha256').update(rawNonce).digest('hex'),
      authority: idp.authority,
      caCertPath: idp.caCertPath,
      clientId: idp.clientId,
      redirectUri: REDIRECT,
      email: WORK_ACCOUNTS[0]!.email,
    });
    firebase = await firebaseSignInWithIdp(emulator.host, tokens.idToken, rawNonce);
    assert.equal(firebase.email, 'jane.doe@corp.test');
  });

  test('sync with the access token creates the user (1), then has nothing to do (0)', async () => {
    assert.equal(await sync(firebase.idToken, tokens.accessToken, tokens.idToken), 1);
    assert.equal(await sync(firebase.idToken, tokens.accessToken, tokens.idToken), 0);
  });

  test('the user gets the Capgemini role (SPEC.md §3 value 2) and the Graph profile’s city and surname', async () => {
    const res = await fetch(`${apiUrl}/api/user`, { headers: { authorization: `Bearer ${firebase.idToken}` } });
    const text = await res.text();
    assert.equal(res.status, 200, text);
    const user = JSON.parse(text) as {
      email: string;
      roles: number[];
      permissions: number[];
      city: string | null;
      lastName: string;
    };
    assert.equal(user.email, 'jane.doe@corp.test');
    assert.deepEqual(user.roles, [2]);
    assert.ok(user.permissions.includes(2), 'CapgeminiAccess');
    assert.equal(user.city, 'Utrecht');
    assert.equal(user.lastName, 'Doe');
  });

  test('a garbage msfAccessToken is rejected by /v1.0/me: code 6', async () => {
    assert.equal(await sync(firebase.idToken, 'garbage', tokens.idToken), 6);
  });

  test('another account’s access token does not match the e-mail: code 5', async () => {
    const john = await signInWithWorkAccount({
      authority: idp.authority,
      caCertPath: idp.caCertPath,
      clientId: idp.clientId,
      redirectUri: REDIRECT,
      email: WORK_ACCOUNTS[1]!.email,
    });
    assert.equal(await sync(firebase.idToken, john.accessToken, tokens.idToken), 5, 'another object id');
    assert.equal(await sync(firebase.idToken, john.accessToken, john.idToken), 5, 'not the ID token signed in with');
  });

  const workUser = async (email: string) => {
    const t = await signInWithWorkAccount({
      authority: idp.authority,
      caCertPath: idp.caCertPath,
      clientId: idp.clientId,
      redirectUri: REDIRECT,
      email,
    });
    return { tokens: t, firebase: await firebaseSignInWithIdp(emulator.host, t.idToken) };
  };
  const userStatus = async (firebaseToken: string) =>
    (await fetch(`${apiUrl}/api/user`, { headers: { authorization: `Bearer ${firebaseToken}` } })).status;

  test('the foreign tenant’s account is refused (5) and gets no account', async () => {
    const { tokens: t, firebase: f } = await workUser('mallory.reed@fabrikam.test');
    assert.equal(await sync(f.idToken, t.accessToken, t.idToken), 5);
    assert.equal(await userStatus(f.idToken), 403);
  });

  test('nOAuth: the foreign account whose admin set mail to jane.doe@corp.test is refused (5); Jane stays herself', async () => {
    const { tokens: t, firebase: f } = await workUser('jane.dough@fabrikam.test');
    assert.equal(f.email, 'jane.doe@corp.test', 'the ID token carries the administrator-set address');
    assert.equal(await sync(f.idToken, t.accessToken, t.idToken), 5);
    const jane = await fetch(`${apiUrl}/api/user`, { headers: { authorization: `Bearer ${firebase.idToken}` } });
    assert.equal(((await jane.json()) as { roles: number[] }).roles.join(), '2');
  });

  test('without the ID token, today’s body shape with a valid access token is refused (5)', async () => {
    const { tokens: t, firebase: f } = await workUser(WORK_ACCOUNTS[1]!.email);
    assert.equal(await sync(f.idToken, t.accessToken), 5);
    assert.equal(await userStatus(f.idToken), 403);
    assert.equal(await sync(f.idToken, t.accessToken, t.idToken), 1, 'with it, the same sign-in is staff');
  });
});
