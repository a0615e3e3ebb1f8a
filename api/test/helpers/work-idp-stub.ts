/**
 * A small work identity provider for the sync tests: it signs Entra-shaped ID tokens with its own
 * key (any claims a test wants: another tenant, audience, issuer, object id), publishes the key at
 * `/common/discovery/v2.0/keys` as Entra does, and answers Graph's `GET /v1.0/me` with the profile
 * registered for the bearer token (401 for any other). `signInWithIdp` signs such an ID token into
 * the Firebase Auth emulator as the app does (`signInWithCredential`, provider `oidc.hub-work`).
 */
import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload, type KeyLike } from 'jose';
import type { WorkAccountConfig } from '../../src/config.ts';
import { emulatorHost } from './test-env.ts';

export const COMPANY_TENANT = '3c6a1f0e-8b7d-4e52-9a14-7f2d5c9e0b31';
export const FOREIGN_TENANT = '8e4b2d61-0f3a-4c7e-b5d9-2a6c1e7f9043';
export const CLIENT_ID = 'hub-web';
export const PROVIDER_ID = 'oidc.hub-work';

export interface WorkIdpStub {
  url: string;
  /** Graph profiles by access token. */
  profiles: Map<string, Record<string, unknown>>;
  /** Graph calls answered (a refused sync must not have asked Graph when it could tell before). */
  calls: number;
  /** The API's work-account settings for this stub: company tenant, corp.test and test.hub. */
  settings: WorkAccountConfig;
  /** An ID token of the company tenant for `hub-web`, as the provider would sign it; `claims` override. */
  idToken(claims: JWTPayload & { oid: string; email: string }, opts?: { key?: 'own' | 'other' }): Promise<string>;
  close(): Promise<void>;
}

export async function startWorkIdpStub(): Promise<WorkIdpStub> {
  const profiles = new Map<string, Record<string, unknown>>();
  const own = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(own.publicKey)), kid: 'stub-key', alg: 'RS256', use: 'sig' };
  const stub = { url: '', profiles, calls: 0 } as WorkIdpStub;
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/common/discovery/v2.0/keys') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (req.method !== 'GET' || req.url !== '/v1.0/me') {
      res.writeHead(404).end();
      return;
    }
    stub.calls++;
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const profile = token ? profiles.get(token) : undefined;
    if (!profile) {
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: 'InvalidAuthenticationToken' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(profile));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  stub.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  stub.settings = {
    providerId: PROVIDER_ID,
    clientId: CLIENT_ID,
    tenantIds: [COMPANY_TENANT],
    // uniqueEmail() makes @test.hub addresses: the tests' company domain beside the stand-in's.
    domains: ['corp.test', 'test.hub'],
    issuer: `${stub.url}/{tenantid}/v2.0`,
    jwksUrl: `${stub.url}/common/discovery/v2.0/keys`,
  };
  stub.idToken = async (claims, opts = {}) => {
    const tid = typeof claims['tid'] === 'string' ? claims['tid'] : COMPANY_TENANT;
    const key: KeyLike = opts.key === 'other' ? other.privateKey : own.privateKey;
    return new SignJWT({
      sub: claims.oid,
      tid,
      ver: '2.0',
      preferred_username: claims.email,
      email_verified: true,
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'stub-key', typ: 'JWT' })
      .setIssuer(typeof claims.iss === 'string' ? claims.iss : `${stub.url}/${tid}/v2.0`)
      .setAudience(claims.aud ?? CLIENT_ID)
      .setIssuedAt(claims.iat ?? Math.floor(Date.now() / 1000))
      .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 3600)
      .sign(key);
  };
  stub.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return stub;
}

/** A fresh directory object id, as Entra's oid. */
export const newOid = (): string => randomUUID();

/**
 * Signs a work account's ID token into the emulator as the app's `signInWithCredential` does
 * (`accounts:signInWithIdp`, provider `oidc.hub-work`; the emulator decodes the JWT without checking
 * it). Returns the Firebase ID token, whose `firebase.sign_in_provider` is the provider.
 */
export async function signInWithIdp(
  idToken: string,
  providerId = PROVIDER_ID,
): Promise<{ uid: string; token: string }> {
  const res = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: new URLSearchParams({ id_token: idToken, providerId }).toString(),
        requestUri: 'http://localhost:3000/',
        returnSecureToken: true,
      }),
    },
  );
  const body = (await res.json()) as { idToken?: string; localId?: string; error?: { message: string } };
  if (!res.ok || !body.idToken || !body.localId)
    throw new Error(`signInWithIdp failed: ${body.error?.message ?? res.status}`);
  return { uid: body.localId, token: body.idToken };
}
