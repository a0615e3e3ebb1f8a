import type http from 'node:http';
import { appConfigDocument, distDir, ports, remotesDocument, siteOrigin, type AppName } from './site-config';
import { startStaticApp } from './static-server';
import { allApps } from './build-apps';

/** The five static servers of the site; each can be stopped and started alone (fault-isolation tests). */
export class StaticSite {
  private servers = new Map<AppName, http.Server>();

  async start(app: AppName): Promise<void> {
    if (this.servers.has(app)) return;
    const isHost = app === 'host';
    const origins = [siteOrigin, siteOrigin.replace('localhost', '127.0.0.1')];
    const server = await startStaticApp({
      dir: distDir(app),
      port: ports[app],
      spa: isHost,
      corsOrigins: isHost ? [] : origins,
      documents: isHost ? { '/remotes.json': remotesDocument, '/app-config.json': appConfigDocument } : {},
    });
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
