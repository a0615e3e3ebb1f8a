/**
 * The work-account IdP stand-in, driven over HTTPS like a browser and MSAL would (`pnpm --filter
 * @hub/devstack test:idp`): metadata, authorization code + PKCE through the account chooser,
 * prompt=select_account, Entra-shaped tokens, refresh, CORS, and the Graph-like /v1.0/me.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
} from 'jose';
import { IdpHttpClient, pkcePair, redirectParams, signInWithWorkAccount } from './client.ts';
import { startIdp, WORK_ACCOUNTS, type RunningIdp } from './index.ts';

const REDIRECT = 'http://localhost:3000/auth/redirect.html';
const ORIGIN = 'http://localhost:3000';
const TENANT = '11111111-2222-4333-8444-555555555555';
const FOREIGN = '99999999-8888-4777-8666-555555555555';
const CLIENT = 'hub-web-test';
const GRAPH = 'https://graph.microsoft.com';
const jane = WORK_ACCOUNTS[0]!;
const john = WORK_ACCOUNTS[1]!;

interface Metadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  end_session_endpoint: string;
}

let idp: RunningIdp;
let dataDir: string;
let meta: Metadata;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hub-idp-test-'));
  idp = await startIdp({
    port: 0,
    dataDir,
    tenantId: TENANT,
    foreignTenantId: FOREIGN,
    clientId: CLIENT,
    log: () => {},
  });
  meta = (await new IdpHttpClient(idp.caCertPath).request(idp.metadataUrl)).json<Metadata>();
});

after(async () => {
  await idp?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function authorizeUrl(extra: Record<string, string> = {}, challenge = pkcePair().challenge): string {
  const url = new URL(meta.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: CLIENT,
    redirect_uri: REDIRECT,
    response_type: 'code',
    response_mode: 'fragment',
    scope: 'openid profile email offline_access User.Read',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st-1',
    nonce: 'no-1',
    ...extra,
  }).toString();
  return url.href;
}

function chooserForm(body: string): { action: string; accounts: Map<string, string> } {
  const action = /<form method="post" action="([^"]+\/select)"/.exec(body)?.[1];
  assert.ok(action, 'the chooser has a sign-in form');
  const accounts = new Map<string, string>();
  for (const m of body.matchAll(
    /<button type="submit" name="account" value="([^"]+)" aria-label="Sign in as [^"]*, ([^" ]+)/g,
  )) {
    accounts.set(m[2]!, m[1]!);
  }
  return { action: new URL(action, idp.url).href, accounts };
}

async function pick(client: IdpHttpClient, chooserBody: string, email: string) {
  const { action, accounts } = chooserForm(chooserBody);
  const id = accounts.get(email);
  assert.ok(id, `${email} is offered`);
  let res = await client.follow(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: id }).toString(),
  });
  // Switching accounts: oidc-provider first ends the previous session with an auto-posted form.
  if (res.status === 200 && /<form/i.test(res.body)) res = await client.submitAutoPostForm(res, idp.url);
  assert.equal(res.status, 303, `redirect to the client expected, got ${res.status} ${res.body.slice(0, 200)}`);
  assert.ok(res.location?.startsWith(`${REDIRECT}#`), `back at the redirect URI with a fragment: ${res.location}`);
  return redirectParams(res.location!);
}

async function redeem(client: IdpHttpClient, code: string, verifier: string, origin = ORIGIN) {
  return client.request(meta.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: CLIENT,
      redirect_uri: REDIRECT,
      code,
      code_verifier: verifier,
    }).toString(),
  });
}

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

async function me(token: string) {
  return new IdpHttpClient(idp.caCertPath).request(idp.graphMeUrl, { headers: { authorization: `Bearer ${token}` } });
}

/** A token signed with the IdP's own key (read from its data folder), with chosen claims. */
async function forge(claims: Record<string, unknown>, opts: { expiresIn?: number; key?: 'idp' | 'stranger' } = {}) {
  const jwks = JSON.parse(readFileSync(join(dataDir, 'jwks.json'), 'utf8')) as { keys: JWK[] };
  const jwk = jwks.keys[0]!;
  const key = opts.key === 'stranger' ? (await generateKeyPair('RS256')).privateKey : await importJWK(jwk, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scp: 'User.Read', tid: TENANT, oid: jane.oid, ...claims })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid! })
    .setIssuer(idp.authority)
    .setAudience(GRAPH)
    .setSubject(jane.oid)
    .setIssuedAt(now - 7200)
    .setExpirationTime(now + (opts.expiresIn ?? 3600))
    .sign(key);
}

describe('discovery', () => {
  test('metadata sits under the tenant-scoped authority MSAL is given, issuer included', async () => {
    assert.equal(idp.authority, `${idp.url}/${TENANT}/v2.0`);
    assert.equal(meta.issuer, idp.authority);
    for (const endpoint of [
      meta.authorization_endpoint,
      meta.token_endpoint,
      meta.jwks_uri,
      meta.end_session_endpoint,
    ]) {
      assert.ok(endpoint.startsWith(`${idp.authority}/`), endpoint);
    }
  });

  test('the certificate is trusted through caCertPath for localhost, and reused on restart', async () => {
    const pem = readFileSync(idp.caCertPath, 'utf8');
    assert.match(pem, /BEGIN CERTIFICATE/);
    const again = await startIdp({ port: 0, dataDir, tenantId: TENANT, clientId: CLIENT, log: () => {} });
    try {
      assert.equal(again.caCertPath, idp.caCertPath);
      assert.equal(readFileSync(again.caCertPath, 'utf8'), pem);
      const res = await new IdpHttpClient(again.caCertPath).request(again.metadataUrl);
      assert.equal(res.status, 200);
    } finally {
      await again.stop();
    }
  });
});

describe('authorization code + PKCE through the account chooser', () => {
  let client: IdpHttpClient;
  let tokens: { id_token: string; access_token: string; refresh_token?: string; scope: string; token_type: string };

  before(() => {
    client = new IdpHttpClient(idp.caCertPath);
  });

  test('without a session the chooser lists the demo work accounts as buttons', async () => {
    const res = await client.follow(authorizeUrl({ prompt: 'select_account' }));
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
    assert.match(res.body, /<html lang="en">/);
    assert.match(res.body, /<h1 id="title">Pick an account<\/h1>/);
    assert.match(res.body, /Jane Doe/);
    assert.match(res.body, /john\.smith@corp\.test/);
    const { accounts } = chooserForm(res.body);
    assert.deepEqual(
      [...accounts.keys()],
      ['jane.doe@corp.test', 'john.smith@corp.test', 'mallory.reed@fabrikam.test', 'jane.dough@fabrikam.test'],
    );
    assert.match(
      res.body,
      /aria-label="Sign in as Mallory Reed, mallory\.reed@fabrikam\.test \(Fabrikam – another tenant\)"/,
    );
  });

  test('one click signs in; the code is redeemed with the verifier from the SPA origin (CORS)', async () => {
    const { verifier, challenge } = pkcePair();
    const chooser = await client.follow(authorizeUrl({ prompt: 'select_account', state: 'abc' }, challenge));
    const params = await pick(client, chooser.body, jane.email);
    assert.equal(params.get('state'), 'abc');
    assert.equal(params.get('iss'), idp.authority);
    const code = params.get('code');
    assert.ok(code);

    const res = await redeem(client, code, verifier);
    assert.equal(res.status, 200, res.body);
    assert.equal(res.headers['access-control-allow-origin'], ORIGIN);
    tokens = res.json();
    assert.equal(tokens.token_type, 'Bearer');
    assert.ok(tokens.refresh_token, 'offline_access yields a refresh token, as with Entra');
    assert.match(tokens.scope, /User\.Read/);
  });

  test('the ID token is shaped like Entra’s and signed by the published keys', async () => {
    const { payload } = await jwtVerify(tokens.id_token, createLocalJWKSet(await jwks()), {
      issuer: idp.authority,
      audience: CLIENT,
    });
    assert.equal(payload['oid'], jane.oid);
    assert.equal(payload.sub, jane.oid);
    assert.equal(payload['tid'], TENANT);
    assert.equal(payload['name'], 'Jane Doe');
    assert.equal(payload['preferred_username'], 'jane.doe@corp.test');
    assert.equal(payload['email'], 'jane.doe@corp.test');
    assert.equal(payload['nonce'], 'no-1');
    assert.equal(payload['ver'], '2.0');
  });

  test('the access token is a Graph-audience JWT with scp User.Read', async () => {
    assert.equal(decodeProtectedHeader(tokens.access_token).typ, 'at+jwt');
    const { payload } = await jwtVerify(tokens.access_token, createLocalJWKSet(await jwks()), {
      issuer: idp.authority,
      audience: GRAPH,
    });
    assert.equal(payload['scp'], 'User.Read');
    assert.equal(payload['oid'], jane.oid);
    assert.equal(payload['tid'], TENANT);
    assert.equal(payload['preferred_username'], jane.email);
    assert.equal(payload['azp'], CLIENT);
    assert.ok(payload.exp! - payload.iat! === 3600);
  });

  test('the refresh token renews the access token from the SPA origin', async () => {
    const res = await client.request(meta.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: CLIENT,
        refresh_token: tokens.refresh_token!,
      }).toString(),
    });
    assert.equal(res.status, 200, res.body);
    const renewed = res.json<{ access_token: string }>();
    assert.equal(claimsOf(renewed.access_token)['scp'], 'User.Read');
    assert.equal((await me(renewed.access_token)).status, 200);
  });

  test('with a session, prompt=select_account still shows the chooser (current account marked)', async () => {
    const res = await client.follow(authorizeUrl({ prompt: 'select_account' }));
    assert.equal(res.status, 200);
    assert.match(res.body, /Pick an account/);
    assert.match(res.body, /jane\.doe@corp\.test · signed in/);
  });

  test('with a session and no prompt, the user goes straight back (single sign-on)', async () => {
    const res = await client.follow(authorizeUrl());
    assert.equal(res.status, 303);
    assert.ok(redirectParams(res.location!).get('code'));
  });

  test('picking another account in the chooser switches the session to it', async () => {
    const { verifier, challenge } = pkcePair();
    const chooser = await client.follow(authorizeUrl({ prompt: 'select_account' }, challenge));
    const code = (await pick(client, chooser.body, john.email)).get('code')!;
    const res = await redeem(client, code, verifier);
    assert.equal(res.status, 200, res.body);
    const idToken = claimsOf(res.json<{ id_token: string }>().id_token);
    assert.equal(idToken['oid'], john.oid);
    assert.equal(idToken['name'], 'John Smith');
    assert.equal(idToken['preferred_username'], 'john.smith@corp.test');
  });

  test('Cancel returns access_denied to the client', async () => {
    const fresh = new IdpHttpClient(idp.caCertPath);
    const chooser = await fresh.follow(authorizeUrl({ prompt: 'select_account' }));
    const abort = /action="([^"]+\/abort)"/.exec(chooser.body)?.[1];
    assert.ok(abort);
    const res = await fresh.follow(new URL(abort, idp.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    assert.equal(res.status, 303);
    assert.equal(redirectParams(res.location!).get('error'), 'access_denied');
  });

  test('prompt=none without a session answers login_required', async () => {
    const fresh = new IdpHttpClient(idp.caCertPath);
    const res = await fresh.follow(authorizeUrl({ prompt: 'none' }));
    assert.equal(res.status, 303);
    assert.equal(redirectParams(res.location!).get('error'), 'login_required');
  });
});

describe('client rules', () => {
  test('a code is single-use (reuse revokes what it issued)', async () => {
    const client = new IdpHttpClient(idp.caCertPath);
    const { verifier, challenge } = pkcePair();
    const chooser = await client.follow(authorizeUrl({ prompt: 'select_account' }, challenge));
    const code = (await pick(client, chooser.body, jane.email)).get('code')!;
    assert.equal((await redeem(client, code, verifier)).status, 200);
    const again = await redeem(client, code, verifier);
    assert.equal(again.status, 400);
    assert.equal(again.json()['error'], 'invalid_grant');
  });

  test('PKCE is required', async () => {
    const url = new URL(authorizeUrl());
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const res = await new IdpHttpClient(idp.caCertPath).follow(url.href);
    assert.equal(res.status, 303);
    assert.equal(redirectParams(res.location!).get('error'), 'invalid_request');
  });

  test('a wrong code verifier is refused', async () => {
    const client = new IdpHttpClient(idp.caCertPath);
    const { challenge } = pkcePair();
    const chooser = await client.follow(authorizeUrl({ prompt: 'select_account' }, challenge));
    const code = (await pick(client, chooser.body, jane.email)).get('code')!;
    const res = await redeem(client, code, pkcePair().verifier);
    assert.equal(res.status, 400);
    assert.equal(res.json()['error'], 'invalid_grant');
  });

  test('an unregistered redirect URI is refused without redirecting', async () => {
    const res = await new IdpHttpClient(idp.caCertPath).follow(authorizeUrl({ redirect_uri: 'http://evil.test/cb' }));
    assert.equal(res.status, 400);
  });

  test('the token endpoint allows CORS preflight and only the configured origins', async () => {
    const client = new IdpHttpClient(idp.caCertPath);
    const preflight = await client.request(meta.token_endpoint, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,client-request-id,x-client-sku',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], ORIGIN);
    assert.match(String(preflight.headers['access-control-allow-headers']), /client-request-id/);

    const { verifier, challenge } = pkcePair();
    const chooser = await client.follow(authorizeUrl({ prompt: 'select_account' }, challenge));
    const code = (await pick(client, chooser.body, jane.email)).get('code')!;
    const res = await redeem(client, code, verifier, 'http://evil.test');
    assert.equal(res.status, 400);
    assert.equal(res.headers['access-control-allow-origin'], undefined);
  });
});

describe('Graph-like GET /v1.0/me', () => {
  test('a valid access token gets the account’s profile', async () => {
    const t = await signInWithWorkAccount({
      authority: idp.authority,
      caCertPath: idp.caCertPath,
      clientId: CLIENT,
      redirectUri: REDIRECT,
      email: john.email,
    });
    const res = await me(t.accessToken);
    assert.equal(res.status, 200);
    const body = res.json();
    assert.deepEqual(
      {
        id: body['id'],
        displayName: body['displayName'],
        givenName: body['givenName'],
        surname: body['surname'],
        mail: body['mail'],
        userPrincipalName: body['userPrincipalName'],
      },
      {
        id: john.oid,
        displayName: 'John Smith',
        givenName: 'John',
        surname: 'Smith',
        mail: john.email,
        userPrincipalName: john.email,
      },
    );
    assert.equal(body['city'], john.city);
  });

  const rejected = async (token: string | undefined, why: RegExp) => {
    const client = new IdpHttpClient(idp.caCertPath);
    const res = await client.request(
      idp.graphMeUrl,
      token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } },
    );
    assert.equal(res.status, 401);
    assert.match(String(res.headers['content-type']), /application\/json/);
    const error = res.json<{ error: { code: string; message: string } }>().error;
    assert.equal(error.code, 'InvalidAuthenticationToken');
    assert.match(error.message, why);
    assert.match(String(res.headers['www-authenticate']), /^Bearer /);
  };

  test('no token → 401', () => rejected(undefined, /empty/));
  test('garbage → 401', () => rejected('not-a-jwt', /validation failure/));
  test('the ID token (wrong audience) → 401', async () => {
    const t = await signInWithWorkAccount({
      authority: idp.authority,
      caCertPath: idp.caCertPath,
      clientId: CLIENT,
      redirectUri: REDIRECT,
      email: jane.email,
    });
    await rejected(t.idToken, /validation failure/);
  });
  test('expired → 401', async () => rejected(await forge({}, { expiresIn: -60 }), /expired/));
  test('wrong scope → 401', async () => rejected(await forge({ scp: 'Mail.Read' }), /User\.Read/));
  test('signed by another key → 401', async () => rejected(await forge({}, { key: 'stranger' }), /validation failure/));
  test('a control token forged with the IdP key and the right claims is accepted (the checks above are the only difference)', async () => {
    assert.equal((await me(await forge({}))).status, 200);
  });
});

async function jwks() {
  return (await new IdpHttpClient(idp.caCertPath).request(meta.jwks_uri)).json<{ keys: JWK[] }>();
}

describe('a second, foreign tenant (issue 23: the API must refuse it itself)', () => {
  const mallory = WORK_ACCOUNTS.find((a) => a.email === 'mallory.reed@fabrikam.test')!;
  const impostor = WORK_ACCOUNTS.find((a) => a.email === 'jane.dough@fabrikam.test')!;
  const signIn = (email: string) =>
    signInWithWorkAccount({
      authority: idp.authority,
      caCertPath: idp.caCertPath,
      clientId: CLIENT,
      redirectUri: REDIRECT,
      email,
    });

  test('its accounts sign in through the same chooser; their tokens carry the foreign tid', async () => {
    const t = await signIn(mallory.email);
    const keys = createLocalJWKSet((await new IdpHttpClient(idp.caCertPath).request(idp.jwksUrl)).json());
    const { payload } = await jwtVerify(t.idToken, keys, { audience: CLIENT });
    assert.equal(payload['tid'], FOREIGN);
    assert.equal(payload['oid'], mallory.oid);
    const access = claimsOf(t.accessToken);
    assert.equal(access['tid'], FOREIGN);
    assert.equal((await me(t.accessToken)).json()['id'], mallory.oid, 'Graph answers /me for every tenant');
  });

  test("an administrator-set mail (nOAuth): the ID token's email and Graph's mail are the company's address", async () => {
    const t = await signIn(impostor.email);
    const id = claimsOf(t.idToken);
    assert.equal(id['tid'], FOREIGN);
    assert.equal(id['email'], 'jane.doe@corp.test');
    assert.equal(id['preferred_username'], 'jane.dough@fabrikam.test');
    const profile = (await me(t.accessToken)).json();
    assert.equal(profile['mail'], 'jane.doe@corp.test');
    assert.equal(profile['userPrincipalName'], 'jane.dough@fabrikam.test');
    assert.notEqual(profile['id'], jane.oid);
  });

  test('the company tenant keeps its tid, and the keys are published at Entra’s common path', async () => {
    const t = await signIn(jane.email);
    assert.equal(claimsOf(t.idToken)['tid'], TENANT);
    assert.equal(idp.jwksUrl, `${idp.url}/common/discovery/v2.0/keys`);
    const published = (await new IdpHttpClient(idp.caCertPath).request(idp.jwksUrl)).json<{ keys: JWK[] }>();
    assert.ok(published.keys.length > 0 && published.keys.every((k) => !('d' in k)), 'public keys only');
  });
});
