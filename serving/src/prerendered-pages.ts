import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Which of the host's HTML files answers an address (the host's prerender writes them:
 * host/server/prerender/prerendered-files.ts):
 * - a page prerendered for exactly that address (`/about` → `about/index.html`, `/` → `index.html`,
 * - any other route of the site → `shell.html`, the frame with a loading main region, which the
 *   browser renders afresh for the remote's page;
 * - an address no route matches → `404.html` (the prerendered not-found page), status 404.
 * A build without the prerender's files (an older host) gets `index.html` for every address.
 */

export interface PageChoice {
  file: string;
  status: 200 | 404;
  /** For the shell of a route anyone may open: the remote whose page it is (`route-remotes.json`). */
  remote?: string;
}

const routePatternsFile = 'route-patterns.json';
const routeRemotesFile = 'route-remotes.json';
const shellFile = '/shell.html';
const notFoundFile = '/404.html';

const isFile = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );

/** Whether `pathname` matches a route pattern (`/events/:id`, `/my-{productSlug}`, `/*` excluded). */
export function matchesRoute(patterns: string[], pathname: string, productSlug: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  return patterns.some((pattern) => {
    if (pattern.includes('*')) return false;
    const parts = pattern.replaceAll('{productSlug}', productSlug).split('/').filter(Boolean);
    return parts.length === segments.length && parts.every((part, i) => part.startsWith(':') || part === segments[i]);
  });
}

export async function choosePage(root: string, pathname: string, productSlug: string): Promise<PageChoice> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = pathname;
  }
  const normalised = path.posix.normalize(`/${decoded}`).replace(/\/+$/, '');
  const own = `${normalised}/index.html`;
  const inside = (file: string) => path.resolve(root, `.${file}`);
  const ownFile = inside(own).startsWith(root + path.sep) && (await isFile(inside(own)));
  const patterns = await readFile(path.join(root, routePatternsFile), 'utf8').then(
    (text) => JSON.parse(text) as string[],
    () => null,
  );
  if (!patterns) return { file: ownFile ? own : '/index.html', status: 200 };
  const address = normalised || '/';
  if (!ownFile && !matchesRoute(patterns, address, productSlug)) return { file: notFoundFile, status: 404 };
  // Written by hosts built since issue 14's preloads; an older host's build has none.
  const remotes = await readFile(path.join(root, routeRemotesFile), 'utf8').then(
    (text) => JSON.parse(text) as Record<string, string>,
    () => ({}) as Record<string, string>,
  );
  // The route the router picks: of the patterns that match, the one with the fewest parameters
  // (`/events/create` before `/events/:id`).
  const params = (pattern: string) => pattern.split('/').filter((part) => part.startsWith(':')).length;
  const route = patterns
    .filter((pattern) => matchesRoute([pattern], address, productSlug))
    .sort((a, b) => params(a) - params(b))[0];
  const remote = route === undefined ? undefined : remotes[route];
  // A page of its own: the host's static pages (a remote screen's page is the shell, which preloads its
  // remote's manifest; host-pages.ts asks its remote's live release for its frame first).
  const file = ownFile ? own : shellFile;
  return remote ? { file, status: 200, remote } : { file, status: 200 };
}

/**
 * `<link rel="preload" as="fetch">` for the manifest of the remote whose page the shell is about to
 * show (issue 14): the federation runtime asks for it only once the host's scripts have run, one
 * round trip after they arrive; preloaded, it is there by then. The manifest is the remote's
 * un-hashed, never-cached description of its current release, read from the deploy-time
 * `/remotes.json`, so the page pins no file of the remote and the remote is still released alone.
 * `crossorigin`: the runtime reads it with a CORS `fetch`, which takes the preloaded answer.
 * `data-hub-remote` names the remote for the page's early start (host/src/federation/early-remote-start.ts),
 * which reads this answer and asks for the remote's entry and the screen's scripts at once.
 */
export function remoteManifestPreload(remote: string | undefined, remotes: Record<string, string>): string {
  const address = remote ? remotes[remote] : undefined;
  if (!remote || !/^[a-z][a-z0-9-]*$/.test(remote) || !address || !/^https?:\/\//.test(address)) return '';
  const href = address.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<link rel="preload" href="${href}" as="fetch" crossorigin data-hub-remote="${remote}">`;
}

/**
 * `<link rel="preconnect">` for the origins a page will talk to, written after `<head>` when the
 * page is served (the origins are deploy-time configuration, like the CSP's): the API and the
 * remotes a visitor can reach. Not the admin area's (loaded only for admins and core members).
 * `crossorigin`: the API's requests and the remotes' manifests are CORS fetches.
 */
export function preconnectLinks(origins: string[]): string {
  return [...new Set(origins)]
    .filter((origin) => /^https?:\/\//.test(origin))
    .map((origin) => `<link rel="preconnect" href="${origin}" crossorigin>`)
    .join('');
}

/**
 * The origins a page preconnects to: the API and the remotes a visitor can reach (not the admin
 * area's), less the site's own origin (an API proxied on the site's origin needs no preconnect).
 */
export function pagePreconnect(remotes: Record<string, string>, apiBaseUrl: string, siteOrigin: string): string[] {
  const origin = (address: string) => new URL(address, siteOrigin).origin;
  const publicRemotes = Object.entries(remotes).filter(([name]) => name !== 'admin');
  return [...new Set([apiBaseUrl, ...publicRemotes.map(([, address]) => address)].map(origin))].filter(
    (o) => o !== new URL(siteOrigin).origin,
  );
}
