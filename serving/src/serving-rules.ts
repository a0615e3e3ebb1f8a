import path from 'node:path';

/**
 * How the site's static files are served, written once. Devstack's Node server (static-server.ts)
 * and the production nginx configuration (nginx-config.ts) both read these rules, and a test serves
 * one build through both and compares the answers (serving-parity.test.ts).
 *
 * Every address is of one kind; the kind decides its cache policy. DESIGN.md "Caching headers":
 * hashed chunks are immutable; entries, manifests, the worker and HTML are revalidated; the
 * deploy-time documents are never stored, so a repoint or a configuration change is seen at once.
 */

export type PathKind =
  /** Source maps, deployment files, the page server's files: answered 404 however the address is written. */
  | 'never-served'
  /** `/remotes.json`, `/app-config.json`, `/manifest.webmanifest`: written at deploy time (deploy-documents.ts). */
  | 'deploy-document'
  /** A file whose name carries its content hash: never changes. */
  | 'hashed'
  /** One of the host's HTML pages (a file, or a route answered with its prerendered page or the shell). */
  | 'page'
  /** Any other file: entries (`main.js`, `remoteEntry.js`), manifests, the service worker, icons. */
  | 'revalidated';

export const cacheControl = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
  never: 'no-store',
} as const;

// Chunk names carry a 10-hex content hash (see shared/build/create-app-config.cjs).
export const hashedFile = /\.[0-9a-f]{10}\.(js|css|png|svg|jpe?g|webp|ico|woff2?)(\.map)?$/;

/**
 * Files that sit in a build folder but are never served: source maps (built hidden, kept for error
 * reporting), deployment files, and the host's page server (`_server/`: its renderer and template).
 */
export const neverServed = /(\.map|\.map\.gz|\/_headers|\.nginx\.conf)$|^\/_server(\/|$)/i;

/** The host's deploy-time documents, written by deploy-documents.ts, with their content types. */
export const deployDocuments: Readonly<Record<string, string>> = {
  '/remotes.json': 'application/json',
  '/app-config.json': 'application/json',
  '/manifest.webmanifest': 'application/manifest+json',
};

/**
 * The content type of each kind of file a build holds, by extension; nginx is given exactly this
 * table (its `types { }`), the Node server overrides sirv's guess with it, so both say the same.
 */
export const contentTypes: Readonly<Record<string, string>> = {
  html: 'text/html',
  js: 'text/javascript',
  mjs: 'text/javascript',
  css: 'text/css',
  json: 'application/json',
  webmanifest: 'application/manifest+json',
  txt: 'text/plain',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

/** Text types, sent with `charset=utf-8` (nginx's `charset_types`) and compressed on the fly when no .gz twin exists. */
export const textTypes = [
  'text/html',
  'text/javascript',
  'text/css',
  'text/plain',
  'application/json',
  'application/manifest+json',
  'image/svg+xml',
];

/**
 * The host's pages carry a nonce per answer, so they are compressed per answer, at this level in
 * both servers (zlib's default; nginx's own default of 1 sent 17.2 KB for the home page, this 14.8).
 */
export const pageGzipLevel = 6;

/** Unknown extensions: never sniffed (nosniff), so a download rather than something run. */
export const defaultContentType = 'application/octet-stream';

/** The Content-Type header for a file name, as both servers send it. */
export function contentTypeFor(pathname: string): string {
  const ext = path.posix.extname(pathname).slice(1).toLowerCase();
  const type = contentTypes[ext] ?? defaultContentType;
  return textTypes.includes(type) ? `${type}; charset=utf-8` : type;
}

export const htmlContentType = contentTypeFor('page.html');
/** The plain `Not found` both servers answer. */
export const plainTextContentType = contentTypeFor('answer.txt');

/** The kind of an address, read as a file lookup reads it (normalisedPath in static-server.ts). */
export function pathKindOf(pathname: string, options: { host: boolean }): PathKind {
  if (neverServed.test(pathname)) return 'never-served';
  if (options.host && pathname in deployDocuments) return 'deploy-document';
  if (hashedFile.test(pathname)) return 'hashed';
  if (options.host && isPagePath(pathname)) return 'page';
  return 'revalidated';
}

/**
 * A page of the host: an `.html` file, or any path whose last segment has no extension (a route of
 * the single-page app), answered with its prerendered file (prerendered-pages.ts).
 */
export function isPagePath(pathname: string): boolean {
  return pathname.endsWith('.html') || !path.posix.basename(pathname).includes('.');
}

export const cacheControlOf: Readonly<Record<PathKind, string>> = {
  'never-served': cacheControl.revalidate,
  'deploy-document': cacheControl.never,
  hashed: cacheControl.immutable,
  page: cacheControl.revalidate,
  revalidated: cacheControl.revalidate,
};

/**
 * `Vary` of every answer. A remote's `Access-Control-Allow-Origin` names the asking origin, so a
 * cache must key on Origin as well as on the encoding, with or without an Origin header.
 */
export function varyOf(app: { cors: boolean }): string {
  return app.cors ? 'Origin, Accept-Encoding' : 'Accept-Encoding';
}

/** A remote's answer to a CORS preflight (its files are read with plain GETs; a preflight is rare). */
export const preflightHeaders: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Methods': 'GET, HEAD',
  'Access-Control-Max-Age': '600',
};
