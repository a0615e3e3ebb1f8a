import path from 'node:path';

/** The served stack the suite drives (devstack/src/site-config.ts; the same environment overrides). */
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const ports = {
  host: num('HUB_HOST_PORT', 3000),
  events: num('HUB_EVENTS_PORT', 3001),
  communities: num('HUB_COMMUNITIES_PORT', 3002),
  account: num('HUB_ACCOUNT_PORT', 3003),
  admin: num('HUB_ADMIN_PORT', 3004),
  api: num('HUB_API_PORT', 8080),
};

export type AppName = 'host' | 'events' | 'communities' | 'account' | 'admin';
export type RemoteName = Exclude<AppName, 'host'>;
export const remoteNames: RemoteName[] = ['events', 'communities', 'account', 'admin'];

export const siteOrigin = `http://localhost:${ports.host}`;
export const appOrigin = (app: AppName) => `http://localhost:${ports[app]}`;

/** Which app's server a URL was served by (null for anything else, e.g. the API). */
export function appOfUrl(url: string): AppName | null {
  const { hostname, port } = new URL(url);
  if (hostname !== 'localhost' && hostname !== '127.0.0.1') return null;
  const found = (Object.keys(ports) as Array<keyof typeof ports>).find((k) => String(ports[k]) === port);
  return found && found !== 'api' ? found : null;
}

export const repoRoot = path.resolve(__dirname, '..', '..');
export const appDir = (app: AppName) => path.join(repoRoot, app === 'host' ? 'host' : `remote-${app}`);

/** The federation container name of a remote (host/src/federation/remote-registry.ts). */
export const containerName = (remote: RemoteName) => `hub_${remote}`;
