import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { servePage, type PageContext } from './host-pages';
import { pagePreconnect } from './prerendered-pages';
import { baselineHeaders, hostPolicySources, type AppConfigSources } from './security-headers';
import { cacheControl, neverServed, plainTextContentType, varyOf } from './serving-rules';

/**
 * The production page server: the host's detail pages (an event, a community) drawn from the API by
 * the host build's own renderer (`_server/render-detail-page.cjs`), answered with their nonce and
 * CSP exactly as devstack's static server answers them (host-pages.ts). nginx sends it the detail
 * routes and serves the shell itself when it does not answer (nginx-config.ts). It reads the same
 * deploy documents nginx serves (`/remotes.json`, `/app-config.json` in the host's build folder), so
 * the CSP, the preconnects and the manifest preload are the ones of the deployment.
 */

export interface PageServerOptions {
  /** The host's build folder, with the deploy documents written in (deploy-documents.ts). */
  root: string;
  port: number;
  host?: string;
  /** The site's public origin (the CSP's 'self'). */
  siteOrigin: string;
  /** Where the renderer reads the API; default `/app-config.json`'s apiBaseUrl (a nearer address in production). */
  apiInternalUrl?: string;
  /** How long the API may take for a page's reads before the page is the shell (ms). */
  timeoutMs?: number;
}

interface AppConfig extends AppConfigSources {
  product: { name: string; slug: string };
}

const readJson = async <T>(file: string) => JSON.parse(await readFile(file, 'utf8')) as T;

export function startPageServer(options: PageServerOptions): Promise<http.Server> {
  const root = path.resolve(options.root);
  const vary = varyOf({ cors: false });

  async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
    // Read per request (two small files): a redeployed configuration is used at once, as nginx serves it.
    const remotes = await readJson<Record<string, string>>(path.join(root, 'remotes.json'));
    const appConfig = await readJson<AppConfig>(path.join(root, 'app-config.json'));
    const { siteOrigin } = options;
    const apiBaseUrl = options.apiInternalUrl ?? new URL(appConfig.apiBaseUrl, siteOrigin).href;
    const context: PageContext = {
      preconnect: pagePreconnect(remotes, appConfig.apiBaseUrl, siteOrigin),
      productSlug: appConfig.product.slug,
      remotes: Object.fromEntries(Object.entries(remotes).filter(([name]) => name !== 'admin')),
      detailPages: { apiBaseUrl, product: appConfig.product, timeoutMs: options.timeoutMs },
    };
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const policy = hostPolicySources(remotes, appConfig, siteOrigin);
    await servePage({ req, res, root, pathname, policy, context, vary });
  }

  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const plain = (status: number, text: string) => {
      res.writeHead(status, {
        ...baselineHeaders,
        'Content-Type': plainTextContentType,
        'Cache-Control': cacheControl.revalidate,
        Vary: vary,
      });
      res.end(text);
    };
    if (pathname === '/healthz') return plain(200, 'ok');
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(405, 'Method not allowed');
    if (neverServed.test(path.posix.normalize(pathname)) || pathname.endsWith('.html')) return plain(404, 'Not found');
    answer(req, res).catch(() => {
      // nginx answers the shell for a 5xx (its fallback), as it does when this process is down.
      if (!res.headersSent) plain(503, 'Page server unavailable');
      else res.end();
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve(server));
  });
}
