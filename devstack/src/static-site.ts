import type http from 'node:http';
import {
  appConfigDocument,
  distDir,
  ports,
  remoteApps,
  remotesDocument,
  siteOrigin,
  webAppManifestDocument,
  type AppName,
} from './site-config';
import { startStaticApp, type StaticAppOptions } from './static-server';
import { hostPolicySources, type AppConfigSources } from './security-headers';

/** The host's CSP sources, from the same deploy-time configuration it serves as JSON. */
export const hostPolicy = () =>
  hostPolicySources(remotesDocument(), appConfigDocument() as unknown as AppConfigSources, siteOrigin);

/** How one app is served locally: the host with its deploy-time documents and page policy, remotes with CORS. */
export function staticAppOptions(app: AppName): StaticAppOptions {
  const isHost = app === 'host';
  return {
    dir: distDir(app),
    port: ports[app],
    spa: isHost,
    corsOrigins: isHost ? [] : [siteOrigin, siteOrigin.replace('localhost', '127.0.0.1')],
    documents: isHost
      ? {
          '/remotes.json': remotesDocument,
          '/app-config.json': appConfigDocument,
          '/manifest.webmanifest': webAppManifestDocument,
        }
      : {},
    ...(isHost ? { pagePolicy: hostPolicy } : {}),
  };
}

/** The five static servers of the site; each can be stopped and started alone (fault-isolation tests). */
const allApps: AppName[] = ['host', ...remoteApps];

export class StaticSite {
  private servers = new Map<AppName, http.Server>();

  async start(app: AppName): Promise<void> {
    if (this.servers.has(app)) return;
    const server = await startStaticApp(staticAppOptions(app));
    this.servers.set(app, server);
  }

  async stop(app: AppName): Promise<void> {
    const server = this.servers.get(app);
    if (!server) return;
    this.servers.delete(app);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  async startAll(): Promise<void> {
    for (const app of allApps) await this.start(app);
  }

  async stopAll(): Promise<void> {
    await Promise.all(allApps.map((app) => this.stop(app)));
  }
}
