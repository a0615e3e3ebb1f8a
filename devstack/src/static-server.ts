import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import sirv from 'sirv';
import { renderDetailPage, type DetailPageContext } from './detail-pages';
import { choosePage, preconnectLinks, remoteManifestPreload } from './prerendered-pages';
import {
  baselineHeaders,
  cspNoncePlaceholder,
  framingOf,
  hostPageHeaders,
  neverServed,
  newNonce,
  type HostPolicySources,
} from './security-headers';

export interface StaticAppOptions {
  /**
   * The built app folder, or a function naming it per request: the host is served from its current
   * release (release-store.ts), which a release or rollback switches while the server runs.
   */
  dir: string | (() => string);
  /**
   * Folders tried, in order, for a hashed file the current folder lacks: earlier releases' chunks,
   * which a page opened before a release may still ask for (a CDN keeps them the same way).
   */
  fallbackDirs?: () => string[];
  /** Paths served from another folder, e.g. a remote's `/releases/` (each release under its id). */
  mounts?: Record<string, () => string>;
  port: number;
  host?: string;
  /** Serve index.html for unknown paths (the host's client-side routes). */
  spa?: boolean;
  /** Extra JSON documents served no-store, e.g. the host's deploy-time `/remotes.json`. */
  documents?: Record<string, () => unknown>;
  /** Origins allowed to load this app's files (remotes are loaded by the host's origin). */
  corsOrigins?: string[];
  /**
   * The host: its HTML pages are answered with a Content-Security-Policy built from these sources
   * and a fresh style nonce written into the page (security-headers.ts).
   */
  pagePolicy?: () => HostPolicySources;
  /**
   * The host: the origins its pages preconnect to (the API, the remotes), and the product slug its
   * route patterns need (`/my-{slug}`); both deploy-time configuration (static-site.ts).
   */
  pageContext?: () => PageContext;
}

export interface PageContext {
  preconnect: string[];
  productSlug: string;
  /** The deploy-time `/remotes.json` (remote → manifest address), for the shell's manifest preload. */
  remotes?: Record<string, string>;
  /** Where the public detail pages read the data they are drawn from (detail-pages.ts); none: the shell. */
  detailPages?: DetailPageContext;
}

// Chunk names carry a 10-hex content hash (see shared/build/create-app-config.cjs).
const hashedFile = /\.[0-9a-f]{10}\.(js|css|png|svg|jpe?g|webp|ico|woff2?)(\.map)?$/;

/** DESIGN.md caching: hashed chunks are immutable; entries, manifests and HTML are revalidated. */
export function cacheControlFor(pathname: string): string {
  return hashedFile.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * A page of the host: an `.html` file, or (single-page app) any path whose last segment has no
 * extension, answered with its prerendered file (prerendered-pages.ts).
 */
function isPage(pathname: string, spa: boolean): boolean {
  return pathname.endsWith('.html') || (spa && !path.posix.basename(pathname).includes('.'));
}

const gzipAsync = promisify(gzip);

/** Whether the request accepts gzip (`Accept-Encoding`, a q of 0 refusing it). */
export function acceptsGzip(req: Pick<http.IncomingMessage, 'headers'>): boolean {
  const header = req.headers['accept-encoding'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

function safeDecode(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The address as the file lookup reads it: decoded, with `.`, `..` and repeated slashes resolved (posix normalize collapses them all, a leading `//` too). */
export function normalisedPath(pathname: string): string {
  return path.posix.normalize(safeDecode(pathname));
}

/** Reads a page from the build folder, refusing anything outside it; null when there is no such file. */
async function readPage(root: string, file: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(file);
  } catch {
    return null;
  }
  const absolute = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  if (!absolute.startsWith(root + path.sep)) return null;
  return readFile(absolute, 'utf8').catch(() => null);
}

export function startStaticApp(options: StaticAppOptions): Promise<http.Server> {
  const { dir, port, host = '127.0.0.1', spa = false, documents = {}, corsOrigins = [], pagePolicy } = options;
  const { fallbackDirs = () => [], mounts = {} } = options;
  const { pageContext = (): PageContext => ({ preconnect: [], productSlug: 'hub' }) } = options;
  const rootNow = () => path.resolve(typeof dir === 'string' ? dir : dir());
  const varyOnOrigin = corsOrigins.length > 0 && !corsOrigins.includes('*');
  const handlers = new Map<string, ReturnType<typeof sirv>>();
  const sirvFor = (root: string, single: boolean) =>
    sirv(root, {
      // Stat files on every request: a redeployed app's new files are served at once, as a CDN origin would.
      dev: true,
      etag: true,
      // Serve the .gz files the build writes beside each asset, when the browser accepts gzip.
      gzip: true,
      // With a page policy the host answers its pages itself (each with its own nonce).
      single,
      setHeaders: (res, pathname) => {
        res.setHeader('Cache-Control', cacheControlFor(pathname));
        // sirv has just set `Vary: Accept-Encoding`; a cache must also key on Origin, since
        // Access-Control-Allow-Origin differs per origin (and is absent without one).
        if (varyOnOrigin) res.setHeader('Vary', 'Origin, Accept-Encoding');
      },
    });

  const filesOf = (root: string, single: boolean) => {
    const key = `${single ? 'single' : 'plain'}:${root}`;
    let handler = handlers.get(key);
    if (!handler) {
      handler = sirvFor(root, single);
      handlers.set(key, handler);
    }
    return handler;
  };

  const server = http.createServer((req, res) => {
    for (const [name, value] of Object.entries(baselineHeaders)) res.setHeader(name, value);
    const origin = req.headers.origin;
    if (varyOnOrigin) res.setHeader('Vary', 'Origin');
    if (origin && (corsOrigins.includes('*') || corsOrigins.includes(origin))) {
      res.setHeader('Access-Control-Allow-Origin', corsOrigins.includes('*') ? '*' : origin);
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '600' });
      res.end();
      return;
    }
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const notFound = () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end('Not found');
    };
    // Source maps and the page server's files stay beside the build; they are never served, however
    // the address is written: sirv and readPage decode it and resolve `.`, `..` and doubled slashes
    // before looking for the file, so the guard reads it the same way (`//_server/…`, `/./_server/…`
    // and `/%2F_server/…` are all `/_server/…`).
    if (neverServed.test(pathname) || neverServed.test(normalisedPath(pathname))) return notFound();
    const document = documents[pathname];
    if (document) {
      const type = pathname.endsWith('.webmanifest') ? 'application/manifest+json' : 'application/json';
      res.writeHead(200, { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(document()));
      return;
    }
    const mount = Object.keys(mounts).find((prefix) => pathname.startsWith(`${prefix}/`));
    if (mount) {
      // sirv looks the file up by the address; inside the mounted folder it starts after the prefix.
      req.url = (req.url ?? '/').slice(mount.length);
      filesOf(path.resolve(mounts[mount]!()), false)(req, res, notFound);
      return;
    }
    const root = rootNow();
    if (pagePolicy && isPage(pathname, spa)) {
      void servePage(req, res, root, pathname, pagePolicy).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
      return;
    }
    // Un-hashed files come from the current folder only; a hashed one may come from an earlier release.
    const roots = [root, ...(hashedFile.test(pathname) ? fallbackDirs().map((d) => path.resolve(d)) : [])];
    const tryRoot = (index: number) => {
      const next = roots[index];
      if (!next) return notFound();
      filesOf(next, index === 0 && spa && !pagePolicy)(req, res, () => tryRoot(index + 1));
    };
    tryRoot(0);
  });

  async function servePage(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    root: string,
    pathname: string,
    policy: () => HostPolicySources,
  ): Promise<void> {
    const context = pageContext();
    const {
      file: page,
      status,
      remote,
    } = pathname.endsWith('.html')
      ? { file: pathname, status: 200, remote: undefined }
      : await choosePage(root, pathname, context.productSlug);
    // A public detail page drawn from its data, where the shell would answer (detail-pages.ts).
    const drawn =
      page === '/shell.html' && context.detailPages
        ? await renderDetailPage(root, pathname, context.detailPages)
        : null;
    const html = drawn ?? (await readPage(root, page));
    if (html === null) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end('Not found');
      return;
    }
    const nonce = newNonce();
    const text = html
      .replaceAll(cspNoncePlaceholder, nonce)
      .replace(
        '<head>',
        `<head>${preconnectLinks(context.preconnect)}${remoteManifestPreload(remote, context.remotes ?? {})}`,
      );
    // A page carries its prerendered markup and styles (about 60 KB): compressed per answer, since
    // its nonce differs each time (the build's .gz copies cannot be used). On a phone's connection
    // the uncompressed page alone took about a third of a second (issue 14).
    const compressed = acceptsGzip(req);
    const body = compressed ? await gzipAsync(text, { level: 6 }) : Buffer.from(text);
    res.writeHead(status, {
      ...hostPageHeaders(policy(), nonce, framingOf(page)),
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': body.byteLength,
      Vary: varyOnOrigin ? 'Origin, Accept-Encoding' : 'Accept-Encoding',
      ...(compressed ? { 'Content-Encoding': 'gzip' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} is already in use: stop whatever runs there (${rootNow()}) and try again.`)
          : error,
      );
    });
    server.listen(port, host, () => resolve(server));
  });
}
