import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliModuleFiles, type NginxSiteSettings, type RoutePatterns } from './nginx-config';
import { pagePreconnect } from './prerendered-pages';
import { hostPolicySources, type AppConfigSources } from './security-headers';
import { appConfigDocument, remoteApps, remotesDocument, siteOrigin } from './site-config';

/**
 * The nginx configuration's settings, from the environment (docs/configuration.md, "Static apps
 * (nginx)"): where each app's files are and on which port it listens, the API processes, the page
 * server. The origins, the CSP and the preloads come from the same settings as the deploy documents
 * (site-config.ts), so the configuration and the documents it serves agree.
 */

const env = (name: string, fallback: string) => process.env[name] || fallback;
/** A setting that is `on` or `off`; anything else stops the command, naming the setting. */
function onOrOff(name: string, fallback: 'on' | 'off'): boolean {
  const value = env(name, fallback);
  if (value !== 'on' && value !== 'off') throw new Error(`${name} must be on or off (it was "${value}").`);
  return value === 'on';
}
const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The host build's route files (its prerender writes them); none for a build without them. */
export function readRoutes(hostDist: string): RoutePatterns | undefined {
  try {
    const read = (name: string) => JSON.parse(readFileSync(path.join(hostDist, name), 'utf8')) as unknown;
    return {
      patterns: read('route-patterns.json') as string[],
      routeRemotes: read('route-remotes.json') as Record<string, string>,
    };
  } catch {
    return undefined;
  }
}

/** The route patterns the host build's page renderer draws (`_server/render-detail-page.cjs`). */
export function readDetailPagePatterns(hostDist: string): string[] {
  const file = path.join(hostDist, '_server', 'render-detail-page.cjs');
  if (!existsSync(file)) return [];
  const renderer = createRequire(import.meta.url)(file) as { detailPagePatterns?: string[] };
  return renderer.detailPagePatterns ?? [];
}

/** Whether Debian's Brotli modules are installed (libnginx-mod-http-brotli-filter and -static). */
export const brotliInstalled = () => brotliModuleFiles.every((file) => existsSync(file));

/** Each remote's server: the settings naming its `listen` and its folder, and its default port. */
const remoteServerSettings: Readonly<
  Record<(typeof remoteApps)[number], { listen: string; root: string; port: number }>
> = {
  events: { listen: 'HUB_NGINX_EVENTS_LISTEN', root: 'HUB_NGINX_EVENTS_ROOT', port: 8081 },
  communities: { listen: 'HUB_NGINX_COMMUNITIES_LISTEN', root: 'HUB_NGINX_COMMUNITIES_ROOT', port: 8082 },
  account: { listen: 'HUB_NGINX_ACCOUNT_LISTEN', root: 'HUB_NGINX_ACCOUNT_ROOT', port: 8083 },
  admin: { listen: 'HUB_NGINX_ADMIN_LISTEN', root: 'HUB_NGINX_ADMIN_ROOT', port: 8084 },
};

export function nginxSettingsFromEnv(options: { hostDist?: string } = {}): NginxSiteSettings {
  const staticRoot = env('HUB_NGINX_ROOT', '/srv/hub');
  const remotes = remotesDocument();
  const appConfig = appConfigDocument() as unknown as AppConfigSources & { product: { slug: string } };
  const hostRoot = env('HUB_NGINX_HOST_ROOT', path.join(staticRoot, 'host'));
  const hostDist = options.hostDist ?? hostRoot;
  const hostName = (address: string) => new URL(address, siteOrigin).hostname;
  const pageServer = process.env.HUB_NGINX_PAGE_SERVER;
  const brotli = env('HUB_NGINX_BROTLI', 'auto');
  const detailPatterns = pageServer ? readDetailPagePatterns(hostDist) : [];
  return {
    host: { listen: env('HUB_NGINX_HOST_LISTEN', '8080'), serverName: hostName(siteOrigin), root: hostRoot },
    remotes: Object.fromEntries(
      remoteApps.map((remote) => {
        const { listen, root, port } = remoteServerSettings[remote];
        const server = {
          listen: env(listen, String(port)),
          serverName: hostName(remotes[remote]!),
          root: env(root, path.join(staticRoot, remote)),
        };
        return [remote, server];
      }),
    ),
    corsOrigins: [siteOrigin],
    policy: hostPolicySources(remotes, appConfig, siteOrigin),
    preconnect: pagePreconnect(remotes, appConfig.apiBaseUrl, siteOrigin),
    remotesDocument: Object.fromEntries(Object.entries(remotes).filter(([name]) => name !== 'admin')),
    productSlug: appConfig.product.slug,
    routes: readRoutes(hostDist),
    apiUpstreams: list(env('HUB_NGINX_API_UPSTREAMS', '')),
    apiCache: onOrOff('HUB_NGINX_API_CACHE', 'on'),
    imageMaxMb: Number(env('HUB_IMAGE_MAX_MB', '8')),
    ...(pageServer && detailPatterns.length ? { pageServer: { address: pageServer, patterns: detailPatterns } } : {}),
    brotli: brotli === 'on' || (brotli === 'auto' && brotliInstalled()),
    runtimeDir: env('HUB_NGINX_RUNTIME_DIR', '/tmp/nginx'),
    accessLog: env('HUB_NGINX_ACCESS_LOG', '/dev/stdout'),
    errorLog: env('HUB_NGINX_ERROR_LOG', '/dev/stderr'),
  };
}
