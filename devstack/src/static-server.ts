import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { servePage, type PageContext } from '../../serving/src/host-pages';
import { baselineHeaders, type HostPolicySources } from '../../serving/src/security-headers';
import {
  cacheControl,
  cacheControlOf,
  contentTypeFor,
  hashedFile,
  plainTextContentType,
  isPagePath,
  neverServed,
  pathKindOf,
  preflightHeaders,
  varyOf,
} from '../../serving/src/serving-rules';

/**
 * Devstack's static server: one app's build, served by the rules of serving-rules.ts (which the
 * production nginx configuration follows too: serving-parity.test.ts compares the two).
 */

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
  /** Extra JSON documents served no-store, e.g. the host's deploy-time `/remotes.json` (read from the release store). */
  documents?: Record<string, () => unknown>;
  /** Origins allowed to load this app's files (remotes are loaded by the host's origin). */
  corsOrigins?: string[];
  /**
   * The host: its HTML pages are answered with a Content-Security-Policy built from these sources
   * and a fresh style nonce written into the page (security-headers.ts).
   */
  pagePolicy?: () => HostPolicySources | Promise<HostPolicySources>;
  /**
   * The host: the origins its pages preconnect to (the API, the remotes), and the product slug its
   * route patterns need (`/my-{slug}`); both deploy-time configuration (static-site.ts).
   */
  pageContext?: () => PageContext | Promise<PageContext>;
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

export function startStaticApp(options: StaticAppOptions): Promise<http.Server> {
  const { dir, port, host = '127.0.0.1', spa = false, documents = {}, corsOrigins = [], pagePolicy } = options;
  const { fallbackDirs = () => [], mounts = {} } = options;
  const { pageContext = (): PageContext => ({ preconnect: [], productSlug: 'hub' }) } = options;
  const rootNow = () => path.resolve(typeof dir === 'string' ? dir : dir());
  const isHost = Boolean(pagePolicy);
  const cors = corsOrigins.length > 0;
  const vary = varyOf({ cors });
  const handlers = new Map<string, ReturnType<typeof sirv>>();
  const sirvFor = (root: string, single: boolean) =>
    sirv(root, {
      // Stat files on every request: a redeployed app's new files are served at once, as a CDN origin would.
      dev: true,
      etag: true,
      // Serve the .gz files the build writes beside each asset, when the browser accepts gzip.
      gzip: true,
      // A file is found by its exact name, as nginx's try_files does (no `.html` guessed).
      extensions: [],
      // With a page policy the host answers its pages itself (each with its own nonce).
      single,
      // The rules' cache policy, type and Vary, over sirv's own (serving-rules.ts).
      setHeaders: (res, pathname) => {
        res.setHeader('Cache-Control', cacheControlOf[pathKindOf(pathname, { host: isHost })]);
        res.setHeader('Content-Type', contentTypeFor(pathname));
        res.setHeader('Vary', vary);
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
    res.setHeader('Vary', vary);
    const origin = req.headers.origin;
    if (origin && (corsOrigins.includes('*') || corsOrigins.includes(origin))) {
      res.setHeader('Access-Control-Allow-Origin', corsOrigins.includes('*') ? '*' : origin);
    }
    if (cors && req.method === 'OPTIONS') {
      res.writeHead(204, { ...preflightHeaders, 'Cache-Control': cacheControl.revalidate });
      res.end();
      return;
    }
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const notFound = () => {
      res.writeHead(404, { 'Content-Type': plainTextContentType, 'Cache-Control': cacheControl.revalidate });
      res.end('Not found');
    };
    // Source maps and the page server's files stay beside the build; they are never served, however
    // the address is written: sirv and readPage decode it and resolve `.`, `..` and doubled slashes
    // before looking for the file, so the guard reads it the same way (`//_server/…`, `/./_server/…`
    // and `/%2F_server/…` are all `/_server/…`).
    if (neverServed.test(pathname) || neverServed.test(normalisedPath(pathname))) return notFound();
    const document = documents[pathname];
    if (document) {
      // A document may be read from the release store (an object store answers asynchronously).
      void Promise.resolve()
        .then(document)
        .then((body) => {
          res.writeHead(200, {
            'Content-Type': contentTypeFor(pathname),
            'Cache-Control': cacheControlOf['deploy-document'],
          });
          res.end(JSON.stringify(body));
        })
        .catch(() => {
          if (!res.headersSent) res.writeHead(502, { 'Cache-Control': cacheControl.never });
          res.end();
        });
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
    if (pagePolicy && (pathname.endsWith('.html') || (spa && isPagePath(pathname)))) {
      void Promise.all([pagePolicy(), pageContext()])
        .then(([policy, context]) => servePage({ req, res, root, pathname, policy, context, vary }))
        .catch(() => {
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
