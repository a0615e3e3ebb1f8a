/**
 * What the stand-in keeps across restarts, under its data folder (default `<repo>/.data/idp/`):
 * the self-signed TLS certificate (`cert.pem`, `key.pem`), the token signing key (`jwks.json`, so
 * tokens issued before a restart still validate) and the cookie signing keys (`cookie-keys.json`).
 */
import { randomBytes, X509Certificate, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import type { JWK } from 'jose';

export interface TlsMaterial {
  cert: string;
  key: string;
  certPath: string;
}

/** Host names and addresses the certificate is valid for. */
const ALT_NAMES = [
  { type: 2 as const, value: 'localhost' },
  { type: 7 as const, ip: '127.0.0.1' },
  { type: 7 as const, ip: '::1' },
];

function certIsUsable(certPem: string): boolean {
  try {
    const x509 = new X509Certificate(certPem);
    // Renew a week before it runs out; also renew if it is not for localhost (older or foreign file).
    const stillValid = new Date(x509.validTo).getTime() - Date.now() > 7 * 24 * 3600 * 1000;
    return stillValid && x509.checkHost('localhost') !== undefined && x509.checkIP('127.0.0.1') !== undefined;
  } catch {
    return false;
  }
}

/** Reuses `<dataDir>/cert.pem` + `key.pem` when present and valid, else makes a new pair. */
export async function loadOrCreateTls(dataDir: string): Promise<TlsMaterial> {
  mkdirSync(dataDir, { recursive: true });
  const certPath = join(dataDir, 'cert.pem');
  const keyPath = join(dataDir, 'key.pem');
  if (existsSync(certPath) && existsSync(keyPath)) {
    const cert = readFileSync(certPath, 'utf8');
    const key = readFileSync(keyPath, 'utf8');
    if (certIsUsable(cert)) return { cert, key, certPath };
  }
  const notBeforeDate = new Date(Date.now() - 60_000);
  const notAfterDate = new Date(notBeforeDate.getTime() + 825 * 24 * 3600 * 1000);
  const pems = await generate(
    [
      { name: 'commonName', value: 'localhost' },
      { name: 'organizationName', value: 'Community Hub local IdP' },
    ],
    {
      keySize: 2048,
      algorithm: 'sha256',
      notBeforeDate,
      notAfterDate,
      extensions: [
        // A self-signed leaf that is its own CA, so NODE_EXTRA_CA_CERTS / a trust store accepts it.
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true, critical: true },
        { name: 'extKeyUsage', serverAuth: true },
        { name: 'subjectAltName', altNames: ALT_NAMES },
      ],
    },
  );
  writeFileSync(keyPath, pems.private, { mode: 0o600 });
  writeFileSync(certPath, pems.cert);
  return { cert: pems.cert, key: pems.private, certPath };
}

function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** The RS256 signing key set (private JWKs) for ID and access tokens. */
export function loadOrCreateSigningKeys(dataDir: string): { keys: JWK[] } {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'jwks.json');
  const existing = readJson<{ keys: JWK[] }>(path);
  if (existing && Array.isArray(existing.keys) && existing.keys.length > 0) return existing;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  const jwks = { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }] };
  writeFileSync(path, JSON.stringify(jwks, null, 2), { mode: 0o600 });
  return jwks;
}

export function loadOrCreateCookieKeys(dataDir: string): string[] {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'cookie-keys.json');
  const existing = readJson<string[]>(path);
  if (Array.isArray(existing) && existing.length > 0) return existing;
  const keys = [randomBytes(32).toString('base64url')];
  writeFileSync(path, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
