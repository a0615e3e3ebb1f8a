import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

export interface StaticAppOptions {
  /** The built app folder. */
  dir: string;
  port: number;
  host?: string;
  /** Serve index.html for unknown paths (the host's client-side routes). */
  spa?: boolean;
  /** Extra JSON documents served no-store, e.g. the host's deploy-time `/remotes.json`. */
  documents?: Record<string, () => unknown>;
  /** Origins allowed to load this app's files (remotes are loaded by the host's origin). */
  corsOrigins?: string[];
}

// Chunk names carry a 10-hex content hash (see shared/build/create-app-config.cjs).
const hashedFile = /\.[0-9a-f]{10}\.(js|css|png|svg|jpe?g|webp|ico|woff2?)(\.map)?$/;

/** DESIGN.md caching: hashed chunks are immutable; entries, manifests and HTML are revalidated. */
export function cacheControlFor(pathname: string): string {
  return hashedFile.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export function startStaticApp(options: StaticAppOptions): Promise<http.Server> {
  const { dir, port, host = '127.0.0.1', spa = false, documents = {}, corsOrigins = [] } = options;
  const files = sirv(path.resolve(dir), {
    // Stat files on every request: a redeployed app's new files are served at once, as a CDN origin would.
    dev: true,
    etag: true,
    // Serve the .gz files the build writes beside each asset, when the browser accepts gzip.
    gzip: true,
    single: spa,
    setHeaders: (res, pathname) => {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
    },
  });

  const server = http.createServer((req, res) => {
    const origin = req.headers.origin;
    if (origin && (corsOrigins.includes('*') || corsOrigins.includes(origin))) {
      res.setHeader('Access-Control-Allow-Origin', corsOrigins.includes('*') ? '*' : origin);
      res.setHeader('Vary', 'Origin');
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '600' });
      res.end();
      return;
    }
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const document = documents[pathname];
    if (document) {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(document()));
      return;
    }
    files(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end('Not found');
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} is already in use: stop whatever runs there (${dir}) and try again.`)
          : error,
      );
    });
    server.listen(port, host, () => resolve(server));
  });
}
