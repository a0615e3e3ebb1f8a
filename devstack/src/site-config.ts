import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

export const siteOrigin = process.env.HUB_SITE_ORIGIN ?? `http://localhost:${ports.host}`;

/** `/remotes.json`: where the host finds each remote's manifest (deploy-time configuration). */
export function remotesDocument(): Record<string, string> {
  const base = process.env.HUB_REMOTES_BASE ?? 'http://localhost';
  return Object.fromEntries(remoteApps.map((r) => [r, `${base}:${ports[r]}/mf-manifest.json`]));
}

/** `/app-config.json`: the runtime configuration every app reads through @hub/shared. */
export function appConfigDocument(): Record<string, unknown> {
  return {
    apiBaseUrl: process.env.HUB_API_BASE_URL ?? `http://localhost:${ports.api}/`,
    product: { name: process.env.HUB_PRODUCT_NAME ?? 'Community Hub', slug: process.env.HUB_PRODUCT_SLUG ?? 'hub' },
    features: { waitingList: process.env.HUB_WAITING_LIST === 'on' },
  };
}
