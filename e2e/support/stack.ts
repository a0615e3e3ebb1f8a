import { appDir, ports as sitePorts, repoRoot, type AppName } from '../../serving/src/site-config';

/** The served stack the suite drives: devstack's own configuration, so the same environment overrides. */
export { appDir, repoRoot, type AppName };

/** The apps' and the API's ports; not the auth emulator's, since appOfUrl reads every port but the API's as an app's. */
export const ports = {
  host: sitePorts.host,
  events: sitePorts.events,
  communities: sitePorts.communities,
  account: sitePorts.account,
  admin: sitePorts.admin,
  api: sitePorts.api,
};

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

/** The federation container name of a remote (host/src/federation/remote-registry.ts). */
export const containerName = (remote: RemoteName) => `hub_${remote}`;
