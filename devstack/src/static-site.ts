import type http from 'node:http';
import { ReleaseStore } from './release-store';
import { ServedReleases } from './release-serving';
import { openObjectStore } from './release-store-location';
import {
  appConfigDocument,
  ports,
  remoteApps,
  siteOrigin,
  webAppManifestDocument,
  type AppName,
} from '../../serving/src/site-config';
import type { PageContext } from '../../serving/src/host-pages';
import { startStaticApp, type StaticAppOptions } from './static-server';
import { hostPolicySources, type AppConfigSources } from '../../serving/src/security-headers';
import { pagePreconnect } from '../../serving/src/prerendered-pages';

/**
 * The store the site serves releases from: HUB_RELEASE_STORE (release-store-location.ts), unless the
 * test-only control channel pointed the running site at another one (the Azure release e2e does).
 */
let servedStore: { location: string; key?: string } | null = null;
export function serveReleasesFrom(store: { location: string; key?: string } | null): void {
  servedStore = store;
}

/** The releases of every app and the live `/remotes.json` (release-store.ts, release-serving.ts), read per request. */
const releases = () =>
  new ServedReleases(
    servedStore ? new ReleaseStore(openObjectStore(servedStore.location, servedStore.key)) : new ReleaseStore(),
  );

/** The host's CSP sources, from the same deploy-time configuration it serves as JSON. */
export const hostPolicy = async () =>
  hostPolicySources(await releases().remotesDocument(), appConfigDocument() as unknown as AppConfigSources, siteOrigin);

/** What the host's pages need from the deploy-time configuration besides the policy (static-server.ts). */
export async function hostPageContext(): Promise<PageContext> {
  const remotes = await releases().remotesDocument();
  const config = appConfigDocument() as { apiBaseUrl: string; product: { name: string; slug: string } };
  // Not the admin area's: it is loaded only for admins and core members.
  const publicRemotes = Object.entries(remotes).filter(([name]) => name !== 'admin');
  return {
    preconnect: pagePreconnect(remotes, config.apiBaseUrl, siteOrigin),
    productSlug: config.product.slug,
    remotes: Object.fromEntries(publicRemotes),
    // The page server reads the API where the browser does (HUB_API_INTERNAL_URL: a nearer address).
    detailPages: {
      apiBaseUrl: process.env.HUB_API_INTERNAL_URL ?? new URL(config.apiBaseUrl, siteOrigin).href,
      product: config.product,
    },
  };
}

/**
 * How one app is served locally, as an object store behind a CDN would serve it: the host from its
 * current release (or its build before the first), with its deploy-time documents and page policy;
 * a remote with CORS, its build at `/` and each of its releases at `/releases/<release id>/`.
 */
export function staticAppOptions(app: AppName): StaticAppOptions {
  const isHost = app === 'host';
  if (isHost) {
    return {
      dir: () => releases().hostDir(),
      // A page opened before a host release (or rollback) still asks for the chunks it started with.
      fallbackDirs: () => releases().hostFallbackDirs(),
      port: ports.host,
      spa: true,
      corsOrigins: [],
      documents: {
        '/remotes.json': () => releases().remotesDocument(),
        '/app-config.json': appConfigDocument,
        '/manifest.webmanifest': webAppManifestDocument,
      },
      pagePolicy: hostPolicy,
      pageContext: hostPageContext,
    };
  }
  const served = releases();
  const releasesDir = served.releasesDir(app);
  return {
    dir: () => served.buildDir(app),
    // A container serves its releases itself; a folder store's are served here.
    mounts: releasesDir ? { '/releases': () => releasesDir } : {},
    port: ports[app],
    spa: false,
    corsOrigins: [siteOrigin, siteOrigin.replace('localhost', '127.0.0.1')],
    documents: {},
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
