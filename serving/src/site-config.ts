import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webAppManifest } from './web-app-manifest';

/** Where each piece of the local site runs. Every value can be overridden from the environment. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const ports = {
  host: num('HUB_HOST_PORT', 3000),
  events: num('HUB_EVENTS_PORT', 3001),
  communities: num('HUB_COMMUNITIES_PORT', 3002),
  account: num('HUB_ACCOUNT_PORT', 3003),
  admin: num('HUB_ADMIN_PORT', 3004),
  api: num('HUB_API_PORT', 8080),
  authEmulator: num('HUB_AUTH_EMULATOR_PORT', 9099),
};

export type AppName = 'host' | 'events' | 'communities' | 'account' | 'admin';
export const remoteApps = ['events', 'communities', 'account', 'admin'] as const;

export const appDir = (app: AppName) => path.join(repoRoot, app === 'host' ? 'host' : `remote-${app}`);

/** The folder an app is built into and served from (`dist`; the benchmark uses its own). */
export const distDir = (app: AppName) => path.join(appDir(app), process.env.HUB_DIST_DIR || 'dist');

export const siteOrigin = process.env.HUB_SITE_ORIGIN ?? `http://localhost:${ports.host}`;

/** The setting naming each remote's manifest address (production names every one: deploy-documents.ts). */
export const remoteUrlSettings: Readonly<Record<(typeof remoteApps)[number], string>> = {
  events: 'HUB_REMOTE_EVENTS_URL',
  communities: 'HUB_REMOTE_COMMUNITIES_URL',
  account: 'HUB_REMOTE_ACCOUNT_URL',
  admin: 'HUB_REMOTE_ADMIN_URL',
};

/**
 * The setting naming each remote's own origin, e.g. `HUB_REMOTE_EVENTS_ORIGIN=https://events.cdn.example`
 * (written out, as above, so that the configuration reference finds every name it documents).
 */
const remoteOriginSettings: Readonly<Record<(typeof remoteApps)[number], string>> = {
  events: 'HUB_REMOTE_EVENTS_ORIGIN',
  communities: 'HUB_REMOTE_COMMUNITIES_ORIGIN',
  account: 'HUB_REMOTE_ACCOUNT_ORIGIN',
  admin: 'HUB_REMOTE_ADMIN_ORIGIN',
};
export const remoteOriginSetting = (remote: (typeof remoteApps)[number]) => remoteOriginSettings[remote];

/**
 * Where a remote is served from, as a base URL ending in `/`: its build at `mf-manifest.json`, its
 * releases at `releases/<id>/`. Each remote may have an origin of its own (`HUB_REMOTE_<NAME>_ORIGIN`);
 * else the local servers', one host told apart by port (`HUB_REMOTES_BASE`, default `http://localhost`).
 */
export function remoteBaseUrl(remote: (typeof remoteApps)[number]): string {
  const origin = process.env[remoteOriginSetting(remote)];
  if (origin) return origin.endsWith('/') ? origin : `${origin}/`;
  return `${process.env.HUB_REMOTES_BASE ?? 'http://localhost'}:${ports[remote]}/`;
}

/**
 * `/remotes.json`: where the host finds each remote's manifest (deploy-time configuration):
 * `HUB_REMOTE_<NAME>_URL` for each remote (production names every one), else its base URL's.
 */
export function remotesDocument(): Record<string, string> {
  return Object.fromEntries(
    remoteApps.map((r) => [r, process.env[remoteUrlSettings[r]] || `${remoteBaseUrl(r)}mf-manifest.json`]),
  );
}

/** `/app-config.json`: the runtime configuration every app reads through @hub/shared. */
export function appConfigDocument(): Record<string, unknown> {
  return {
    apiBaseUrl: process.env.HUB_API_BASE_URL ?? `http://localhost:${ports.api}/`,
    product: { name: process.env.HUB_PRODUCT_NAME ?? 'Community Hub', slug: process.env.HUB_PRODUCT_SLUG ?? 'hub' },
    company: { name: process.env.HUB_COMPANY_NAME ?? 'Capgemini' },
    features: { waitingList: process.env.HUB_WAITING_LIST === 'on' },
    // Issue 28: the public privacy page's legal facts; the period is the API's own setting.
    privacy: {
      controller: process.env.HUB_PRIVACY_CONTROLLER || null,
      contact: process.env.HUB_PRIVACY_CONTACT || null,
      attendeeRetentionMonths: Number(process.env.HUB_ATTENDEE_RETENTION_MONTHS || 24),
    },
    firebase: firebaseConfig(),
    msal: msalConfig(),
  };
}

/**
 * Firebase web config. Locally the Auth emulator (project demo-hub); HUB_FIREBASE_EMULATOR_URL=off
 * (or a real HUB_FIREBASE_API_KEY without an emulator URL) talks to the real service instead.
 */
function firebaseConfig(): Record<string, unknown> {
  const env = process.env;
  const projectId = env.HUB_FIREBASE_PROJECT_ID ?? 'demo-hub';
  const emulator =
    env.HUB_FIREBASE_EMULATOR_URL ?? (env.HUB_FIREBASE_API_KEY ? 'off' : `http://127.0.0.1:${ports.authEmulator}`);
  return {
    apiKey: env.HUB_FIREBASE_API_KEY ?? 'demo-api-key',
    authDomain: env.HUB_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
    projectId,
    ...(emulator === 'off' ? {} : { emulatorUrl: emulator }),
    oidcProviderId: env.HUB_FIREBASE_OIDC_PROVIDER_ID ?? 'oidc.hub-work',
  };
}

/** Work-account sign-in (MSAL). Locally the IdP stand-in of devstack/idp, which needs OIDC mode. */
function msalConfig(): Record<string, unknown> {
  const env = process.env;
  const idpUrl = (env.HUB_IDP_URL ?? `https://localhost:${num('HUB_IDP_PORT', 8443)}`).replace(/\/+$/, '');
  const tenantId = env.HUB_TENANT_ID ?? '3c6a1f0e-8b7d-4e52-9a14-7f2d5c9e0b31';
  const authority = env.HUB_MSAL_AUTHORITY ?? `${idpUrl}/${tenantId}/v2.0`;
  return {
    clientId: env.HUB_MSAL_CLIENT_ID ?? 'hub-web',
    authority,
    tenantId,
    redirectUri: env.HUB_MSAL_REDIRECT_URI ?? `${siteOrigin}/auth/redirect.html`,
    knownAuthorities: (env.HUB_MSAL_KNOWN_AUTHORITIES ?? new URL(authority).host).split(',').filter(Boolean),
    protocolMode: env.HUB_MSAL_PROTOCOL_MODE ?? 'OIDC',
  };
}

/** `/manifest.webmanifest`: the installable app's manifest, named like `/app-config.json`'s product. */
export function webAppManifestDocument(): Record<string, unknown> {
  const { product } = appConfigDocument() as { product: { name: string } };
  return webAppManifest(product);
}
