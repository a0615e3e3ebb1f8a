/**
 * The work-account identity provider stand-in (DESIGN.md, Identity): a real OpenID Connect provider
 * (oidc-provider) on https://localhost:8443 with a self-signed certificate kept under `.data/idp/`,
 * an account chooser listing the demo work accounts, Entra-shaped tokens and a Graph-like
 * `GET /v1.0/me`. Production swaps only configuration (authority, client id, Graph URL).
 *
 *   authority / issuer   https://localhost:8443/<tid>/v2.0
 *   metadata             https://localhost:8443/<tid>/v2.0/.well-known/openid-configuration
 *   Graph-like API       https://localhost:8443/v1.0/me   (HUB_GRAPH_URL=https://localhost:8443)
 *   signing keys         https://localhost:8443/common/discovery/v2.0/keys  (as Entra's, for every tenant)
 */
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash, createPublicKey, type JsonWebKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { JWK } from 'jose';
import { WORK_ACCOUNTS } from './accounts.ts';
import { handleInteraction } from './chooser.ts';
import { createGraphHandler } from './graph.ts';
import { createProvider } from './provider.ts';
import { loadOrCreateCookieKeys, loadOrCreateSigningKeys, loadOrCreateTls } from './state.ts';
import { siteOrigin } from '../../serving/src/site-config.ts';

export { WORK_ACCOUNTS, type WorkAccount } from './accounts.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const DEFAULT_PORT = 8443;
/** A fixed tenant GUID so issuer and `tid` are stable across restarts (override with HUB_TENANT_ID). */
export const DEFAULT_TENANT_ID = '3c6a1f0e-8b7d-4e52-9a14-7f2d5c9e0b31';
/** The foreign directory's tenant (override with HUB_FOREIGN_TENANT_ID): its accounts sign in too, and the API refuses them. */
export const DEFAULT_FOREIGN_TENANT_ID = '8e4b2d61-0f3a-4c7e-b5d9-2a6c1e7f9043';
export const DEFAULT_CLIENT_ID = 'hub-web';
/** Where Entra publishes the keys that sign every tenant's tokens; the API's HUB_WORK_JWKS_URL. */
export const COMMON_KEYS_PATH = '/common/discovery/v2.0/keys';
export const DEFAULT_GRAPH_RESOURCE = 'https://graph.microsoft.com';
/** The site's origin as devstack serves it (HUB_SITE_ORIGIN, or localhost on HUB_HOST_PORT, 3000 by default). */
const siteOrigins = [siteOrigin, siteOrigin.replace('localhost', '127.0.0.1')];
export const DEFAULT_REDIRECT_URIS = siteOrigins.flatMap((origin) => [`${origin}/auth/redirect.html`, `${origin}/`]);
export const DEFAULT_CORS_ORIGINS = siteOrigins;

export interface StartIdpOptions {
  /** Port; default HUB_IDP_PORT or 8443. 0 picks a free one (tests). */
  port?: number;
  /** Interface to listen on; default HUB_IDP_BIND_HOST or 127.0.0.1. */
  bindHost?: string;
  /** Host name in the issuer and every URL; default localhost (the certificate is for localhost, 127.0.0.1, ::1). */
  publicHost?: string;
  /** Default HUB_TENANT_ID or DEFAULT_TENANT_ID. */
  tenantId?: string;
  /** Default HUB_FOREIGN_TENANT_ID or DEFAULT_FOREIGN_TENANT_ID. */
  foreignTenantId?: string;
  /** Default HUB_MSAL_CLIENT_ID or `hub-web`. */
  clientId?: string;
  /** Default HUB_IDP_REDIRECT_URIS (comma-separated) or DEFAULT_REDIRECT_URIS. */
  redirectUris?: string[];
  /** Default HUB_IDP_POST_LOGOUT_URIS (comma-separated) or the origins of the redirect URIs plus `/`. */
  postLogoutRedirectUris?: string[];
  /** Origins allowed to call the token endpoint; default HUB_IDP_CORS_ORIGINS or DEFAULT_CORS_ORIGINS. */
  corsOrigins?: string[];
  /** Resource indicator and access-token audience; default https://graph.microsoft.com. */
  graphResource?: string;
  /** Certificate, keys; default HUB_IDP_DATA_DIR or `<repo>/.data/idp`. */
  dataDir?: string;
  /** Request errors and notices; default console.error. */
  log?: (line: string) => void;
}

export interface RunningIdp {
  /** Origin, e.g. https://localhost:8443 — also HUB_GRAPH_URL for the API. */
  url: string;
  /** MSAL authority and OIDC issuer: `${url}/${tenantId}/v2.0`. */
  authority: string;
  metadataUrl: string;
  graphMeUrl: string;
  /** The signing keys of every tenant's tokens (`${url}/common/discovery/v2.0/keys`). */
  jwksUrl: string;
  tenantId: string;
  foreignTenantId: string;
  clientId: string;
  /** The self-signed certificate (PEM), for NODE_EXTRA_CA_CERTS or a fetch `ca` option. */
  caCertPath: string;
  /** For Chromium: `--ignore-certificate-errors-spki-list=${spkiHash}` trusts exactly this certificate. */
  spkiHash: string;
  stop(): Promise<void>;
}

/** Base64 SHA-256 of a PEM certificate's public key (SPKI), as Chromium's --ignore-certificate-errors-spki-list wants. */
export function certificateSpkiHash(certPath: string): string {
  const spki = createPublicKey(readFileSync(certPath)).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

const list = (value: string | undefined): string[] | undefined =>
  value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function publicJwks(keys: JWK[]): { keys: JWK[] } {
  return {
    keys: keys.map((k) => ({
      ...(createPublicKey({ key: k as JsonWebKey, format: 'jwk' }).export({ format: 'jwk' }) as JWK),
      kid: k.kid,
      alg: k.alg,
      use: 'sig',
    })),
  };
}

/**
 * oidc-provider follows OIDC Core strictly: `offline_access` is dropped (no refresh token) unless the
 * request says `prompt=consent`. Entra issues refresh tokens to SPAs without it, and MSAL counts on
 * them for silent renewal, so an interactive authorization request that asks for offline_access gets
 * `consent` added to its prompt. Consent is implied for the first-party client: the chooser (or, with
 * a session, an immediate redirect) answers it, so the user sees no consent page.
 */
function grantOfflineAccessLikeEntra(method: string | undefined, url: string): string {
  if (method !== 'GET' || !(url === '/auth' || url.startsWith('/auth?'))) return url;
  const parsed = new URL(url, 'https://idp.invalid');
  const scopes = (parsed.searchParams.get('scope') ?? '').split(' ');
  const prompts = (parsed.searchParams.get('prompt') ?? '').split(' ').filter(Boolean);
  if (!scopes.includes('offline_access') || prompts.includes('none') || prompts.includes('consent')) return url;
  parsed.searchParams.set('prompt', [...prompts, 'consent'].join(' '));
  return `${parsed.pathname}${parsed.search}`;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

export async function startIdp(opts: StartIdpOptions = {}): Promise<RunningIdp> {
  const env = process.env;
  const port = opts.port ?? Number(env['HUB_IDP_PORT'] ?? DEFAULT_PORT);
  const bindHost = opts.bindHost ?? env['HUB_IDP_BIND_HOST'] ?? '127.0.0.1';
  const publicHost = opts.publicHost ?? 'localhost';
  const tenantId = opts.tenantId ?? (env['HUB_TENANT_ID'] || DEFAULT_TENANT_ID);
  const foreignTenantId = opts.foreignTenantId ?? (env['HUB_FOREIGN_TENANT_ID'] || DEFAULT_FOREIGN_TENANT_ID);
  const clientId = opts.clientId ?? (env['HUB_MSAL_CLIENT_ID'] || DEFAULT_CLIENT_ID);
  const redirectUris = opts.redirectUris ?? list(env['HUB_IDP_REDIRECT_URIS']) ?? DEFAULT_REDIRECT_URIS;
  const postLogoutRedirectUris = opts.postLogoutRedirectUris ??
    list(env['HUB_IDP_POST_LOGOUT_URIS']) ?? [...new Set(redirectUris.map((u) => `${new URL(u).origin}/`))];
  const corsOrigins = opts.corsOrigins ?? list(env['HUB_IDP_CORS_ORIGINS']) ?? DEFAULT_CORS_ORIGINS;
  const graphResource = opts.graphResource ?? DEFAULT_GRAPH_RESOURCE;
  const dataDir = opts.dataDir ?? env['HUB_IDP_DATA_DIR'] ?? join(repoRoot, '.data', 'idp');
  const log = opts.log ?? ((line: string) => console.error(`[idp] ${line}`));

  const tls = await loadOrCreateTls(dataDir);
  const jwks = loadOrCreateSigningKeys(dataDir);
  const cookieKeys = loadOrCreateCookieKeys(dataDir);
  const mountPath = `/${tenantId}/v2.0`;
  const interactionPath = '/interaction';

  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) =>
    sendJson(res, 503, { error: 'starting' });
  const server: Server = createServer({ cert: tls.cert, key: tls.key }, (req, res) => handler(req, res));
  await new Promise<void>((ok, fail) => {
    const onError = (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${port} on ${bindHost} is in use: is another work-account IdP running? (HUB_IDP_PORT chooses another)`,
              { cause: error },
            )
          : error,
      );
    server.once('error', onError);
    server.listen(port, bindHost, () => {
      server.off('error', onError);
      ok();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  const url = `https://${publicHost}:${actualPort}`;
  const authority = `${url}${mountPath}`;

  const provider = createProvider({
    issuer: authority,
    tenantId,
    foreignTenantId,
    clientId,
    redirectUris,
    postLogoutRedirectUris,
    corsOrigins,
    graphResource,
    jwks,
    cookieKeys,
    interactionPath,
  });
  provider.on('server_error', (_ctx, error) =>
    log(`server error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  );
  const oidcCallback = provider.callback();
  const graph = createGraphHandler({ issuer: authority, audience: graphResource, jwks: publicJwks(jwks.keys) });

  handler = (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const fail = (error: unknown) => {
      log(`${req.method} ${path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error: 'server_error' });
      else res.end();
    };
    try {
      if (path === '/v1.0/me') {
        graph(req, res).catch(fail);
      } else if (path === COMMON_KEYS_PATH) {
        sendJson(res, 200, publicJwks(jwks.keys), { 'cache-control': 'public, max-age=3600' });
      } else if (path.startsWith(`${interactionPath}/`)) {
        handleInteraction(provider, req, res, path.slice(interactionPath.length + 1)).catch(fail);
      } else if (path === mountPath || path.startsWith(`${mountPath}/`)) {
        // Mounted under the issuer's path: oidc-provider derives the mount from originalUrl vs url.
        const inner = grantOfflineAccessLikeEntra(req.method, (req.url ?? '/').slice(mountPath.length) || '/');
        Object.assign(req, { originalUrl: `${mountPath}${inner}` });
        req.url = inner;
        void oidcCallback(req, res);
      } else if (path === '/') {
        sendJson(res, 200, {
          name: 'Community Hub work-account identity provider (local stand-in)',
          authority,
          metadata: `${authority}/.well-known/openid-configuration`,
          graphMe: `${url}/v1.0/me`,
          jwks: `${url}${COMMON_KEYS_PATH}`,
          clientId,
          tenantId,
          foreignTenantId,
          accounts: WORK_ACCOUNTS.map((a) => ({ email: a.email, directory: a.directory })),
        });
      } else {
        sendJson(res, 404, { error: 'not_found' });
      }
    } catch (error) {
      fail(error);
    }
  };

  return {
    url,
    authority,
    metadataUrl: `${authority}/.well-known/openid-configuration`,
    graphMeUrl: `${url}/v1.0/me`,
    jwksUrl: `${url}${COMMON_KEYS_PATH}`,
    tenantId,
    foreignTenantId,
    clientId,
    caCertPath: tls.certPath,
    spkiHash: certificateSpkiHash(tls.certPath),
    stop: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
