import { preconnectLinks, remoteManifestPreload } from './prerendered-pages';
import {
  baselineHeaders,
  cspNoncePlaceholder,
  hostContentSecurityPolicy,
  reportingEndpointsHeader,
  redirectBridgePath,
  type Framing,
  type HostPolicySources,
} from './security-headers';
import {
  cacheControl,
  contentTypes,
  defaultContentType,
  deployDocuments,
  hashedFile,
  neverServed,
  pageGzipLevel,
  preflightHeaders,
  textTypes,
  varyOf,
} from './serving-rules';

/**
 * The production nginx configuration of the static apps: one complete `nginx.conf` (server blocks,
 * not a snippet) serving the host and each remote by the rules of serving-rules.ts, proxying `/api/`
 * to the API processes and the public detail pages to the page server (page-server.ts), falling
 * back to the shell when the page server is down. write-nginx-config.ts writes it from the
 * deployment's settings; serving-parity.test.ts runs it in Debian's nginx beside the Node server.
 */

export interface NginxAppServer {
  /** `listen` parameter: a port, or address:port. */
  listen: string;
  /** `server_name`: the host name of the app's public origin (`_` for any). */
  serverName: string;
  /** The app's build folder (its `dist/`, with the deploy documents written in, for the host). */
  root: string;
}

export interface RoutePatterns {
  /** Every route of the host's build (`route-patterns.json`), `{productSlug}` not yet filled in. */
  patterns: string[];
  /** Of the public remote routes, the remote whose manifest their shell preloads (`route-remotes.json`). */
  routeRemotes: Record<string, string>;
}

export interface NginxSiteSettings {
  host: NginxAppServer;
  remotes: Record<string, NginxAppServer>;
  /** Origins allowed to read the remotes' files (the site's origin). */
  corsOrigins: string[];
  /** The host pages' CSP sources (security-headers.ts), from the deploy documents. */
  policy: HostPolicySources;
  /** Origins the pages preconnect to (the remotes'; none for the API on the site's own origin). */
  preconnect: string[];
  /** The deploy-time `/remotes.json`, for the shells' manifest preloads. */
  remotesDocument: Record<string, string>;
  productSlug: string;
  /** The host build's routes; without them every extension-less path is answered like `/`. */
  routes?: RoutePatterns;
  /** API processes (`address:port`), proxied at `/api/` on the site's origin; none: no proxy. */
  apiUpstreams: string[];
  /**
   * Keep the API's public answers in a shared cache for anonymous readers, as long as the API's
   * Cache-Control allows a shared cache to (`s-maxage`); default on (HUB_NGINX_API_CACHE).
   */
  apiCache?: boolean;
  /**
   * The API's largest image upload in MB (HUB_IMAGE_MAX_MB, read by both): nginx lets a little more
   * through to `POST /api/images`, so the API's own "Images can be at most N MB" answers, and says
   * the same in its own 413 beyond that. Default 8, the API's.
   */
  imageMaxMb?: number;
  /** The page server (`address:port`) and the route patterns it draws (`/events/:id`); none: shells. */
  pageServer?: { address: string; patterns: string[] };
  /** Load Debian's Brotli modules (libnginx-mod-http-brotli-*), when installed. */
  brotli: boolean;
  /** Where nginx keeps its pid and temporary files (writable by its user). */
  runtimeDir: string;
  /** access_log and error_log targets (`/dev/stdout`, `/dev/stderr` in a container). */
  accessLog: string;
  errorLog: string;
}

/** Debian's Brotli modules (nginx-settings.ts turns Brotli on by default when both exist). */
export const brotliModuleFiles = [
  '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so',
  '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
];

const nonceVariable = '$hub_csp_nonce';
const corsVariable = '$hub_cors_origin';
const quote = (value: string) => `"${value.replace(/(["\\])/g, '\\$1')}"`;
const addHeader = (name: string, value: string) =>
  `add_header ${name} ${value.startsWith('$') ? value : quote(value)} always;`;
const indent = (lines: string[], by = '  ') => lines.map((line) => (line ? `${by}${line}` : line));
const block = (head: string, body: string[]) => [`${head} {`, ...indent(body), '}'];
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A JavaScript regex's source as nginx's PCRE reads it (nginx needs no escaped slashes). */
const nginxRegex = (regex: RegExp) => quote(regex.source.replace(/\\\//g, '/'));

interface AnswerHeaders {
  cache: string;
  cors: boolean;
  framing?: Framing;
  csp?: string;
  /** Where the CSP's `report-to` group sends violation reports (the `Reporting-Endpoints` header). */
  reporting?: Record<string, string>;
}

/**
 * Every header of one kind of answer. nginx inherits `add_header` into a location only if it sets
 * none of its own, so every location states all of them: none is set at the server level.
 */
function answerHeaders({ cache, cors, framing, csp, reporting = {} }: AnswerHeaders): string[] {
  const frameOptions = framing === 'same-origin' ? { 'X-Frame-Options': 'SAMEORIGIN' } : {};
  return [
    ...Object.entries({ ...baselineHeaders, ...frameOptions }).map(([name, value]) => addHeader(name, value)),
    ...(csp ? [addHeader('Content-Security-Policy', csp)] : []),
    ...Object.entries(reporting).map(([name, value]) => addHeader(name, value)),
    addHeader('Cache-Control', cache),
    addHeader('Vary', varyOf({ cors })),
    // Empty for any other origin: nginx then sends no header at all.
    ...(cors ? [addHeader('Access-Control-Allow-Origin', corsVariable)] : []),
  ];
}

/** A remote answers a CORS preflight itself, with the same headers as the file. */
const preflight = (headers: AnswerHeaders) =>
  headers.cors
    ? block('if ($request_method = OPTIONS)', [
        ...answerHeaders(headers),
        ...Object.entries(preflightHeaders).map(([name, value]) => addHeader(name, value)),
        'return 204;',
      ])
    : [];

/** A location serving files as they are, with the kind's headers; a missing file is the plain 404. */
function fileLocation(match: string, headers: AnswerHeaders): string[] {
  return block(`location ${match}`, [...preflight(headers), ...answerHeaders(headers), 'try_files $uri @missing;']);
}

/** The plain 404 the Node server sends; an empty `types` so the address's extension does not name the type. */
const plainNotFound = ['types { }', 'default_type text/plain;', 'return 404 "Not found";'];

function notFoundLocations(cors: boolean): string[] {
  const headers = answerHeaders({ cache: cacheControl.revalidate, cors });
  return [
    '# Source maps (kept beside the build for error reporting), deployment files and the page server never served.',
    ...block(`location ~* ${nginxRegex(neverServed)}`, [...headers, ...plainNotFound]),
    ...block('location @missing', [...headers, ...plainNotFound]),
  ];
}

/**
 * One of the host's pages: its CSP with a nonce per answer (`$request_id`, 128 random bits) written
 * into the page by the sub module, the origins it talks to preconnected, and a shell's remote
 * manifest preloaded (prerendered-pages.ts does the same for the Node server).
 */
function pageLocation(
  match: string,
  settings: NginxSiteSettings,
  tryFiles: string,
  options: { framing?: Framing; preload?: string; status404?: boolean } = {},
): string[] {
  const framing = options.framing ?? 'none';
  const links = preconnectLinks(settings.preconnect) + (options.preload ?? '');
  return block(`location ${match}`, pageBody(settings, tryFiles, framing, links, options.status404));
}

function pageBody(
  settings: NginxSiteSettings,
  tryFiles: string,
  framing: Framing,
  links: string,
  status404 = false,
): string[] {
  return [
    `set ${nonceVariable} $request_id;`,
    'sub_filter_once off;',
    `sub_filter ${quote(cspNoncePlaceholder)} ${nonceVariable};`,
    ...(links ? [`sub_filter ${quote('<head>')} ${quote(`<head>${links}`)};`] : []),
    // The nonce is written into the page: nginx must read it uncompressed and never answer 304 (a
    // cached page's old nonce under a new answer's CSP), hence no validators; compressed per answer.
    'gzip_static off;',
    ...(settings.brotli ? ['brotli_static off;'] : []),
    'gzip on;',
    `gzip_comp_level ${pageGzipLevel};`,
    ...(settings.brotli ? ['brotli on;'] : []),
    'etag off;',
    'if_modified_since off;',
    ...answerHeaders({
      cache: cacheControl.revalidate,
      cors: false,
      framing,
      csp: hostContentSecurityPolicy(settings.policy, nonceVariable, framing),
      reporting: reportingEndpointsHeader(settings.policy),
    }),
    // An address no route matches: the prerendered not-found page, with its status.
    ...(status404 ? ['error_page 404 /404.html;'] : []),
    `try_files ${tryFiles};`,
  ];
}

const isParam = (segment: string) => segment.startsWith(':');

/**
 * An nginx location for a route pattern: a regex, one segment per parameter, a trailing slash
 * allowed (the router and the Node server take `/about/` for `/about`). Regexes are taken in order,
 * so routeLocations writes the fixed paths first.
 */
export function routeLocation(pattern: string): string {
  const segments = pattern.split('/').filter(Boolean);
  if (!segments.length) return '= /';
  return `~ ${quote(`^/${segments.map((part) => (isParam(part) ? '[^/.]+' : escapeRegex(part))).join('/')}/?$`)}`;
}

const ownPageOrShell = '${uri}index.html $uri/index.html /shell.html';
const namedLocation = (pattern: string) => `@shell${pattern.replace(/[^a-z0-9]+/gi, '_')}`;

/**
 * The host's routes, as the router takes them: fixed paths before patterns with parameters (the
 * router takes `/events/create` before `/events/:id`; nginx takes the first regex that matches),
 * each answered with its own prerendered page, else the shell. The public
 * remote routes' shells preload their remote's manifest; the detail pages (and the home) go to the
 * page server, with the shell (the home: its prerendered file) when it does not answer.
 */
function routeLocations(settings: NginxSiteSettings): string[] {
  const { routes, pageServer } = settings;
  if (!routes) return [];
  const slugged = (pattern: string) => pattern.replaceAll('{productSlug}', settings.productSlug);
  const patterns = routes.patterns.filter((pattern) => !pattern.includes('*'));
  const byParams = [...patterns].sort(
    (a, b) => a.split('/').filter(isParam).length - b.split('/').filter(isParam).length,
  );
  return byParams.flatMap((pattern) => {
    const remote = routes.routeRemotes[pattern];
    const preload = remoteManifestPreload(remote, settings.remotesDocument);
    const location = routeLocation(slugged(pattern));
    if (pageServer?.patterns.includes(pattern)) {
      const fallback = namedLocation(pattern);
      return [
        ...block(`location ${location}`, [
          'proxy_pass http://hub_pages;',
          ...proxyHeaders(),
          // Down (refused, reset) or slow: the shell, drawn by the browser as before.
          'proxy_connect_timeout 1s;',
          'proxy_read_timeout 3s;',
          'proxy_intercept_errors on;',
          `error_page 500 502 503 504 = ${fallback};`,
        ]),
        ...block(
          `location ${fallback}`,
          // A remote screen's file is the shell; the host's own page drawn there (the home) has its
          // prerendered file (`/index.html`).
          pageBody(
            settings,
            remote ? '/shell.html =404' : `${ownPageOrShell} =404`,
            'none',
            preconnectLinks(settings.preconnect) + preload,
          ),
        ),
      ];
    }
    return pageLocation(location, settings, `${ownPageOrShell} =404`, { preload });
  });
}

function proxyHeaders(): string[] {
  return [
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    'proxy_set_header Host $host;',
    // HUB_TRUST_PROXY: the API takes the client's address from here (one proxy hop).
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    // TLS ends before nginx (an Ingress, a load balancer): the scheme it was asked with, else nginx's own.
    'proxy_set_header X-Forwarded-Proto $hub_forwarded_proto;',
    'proxy_set_header X-Forwarded-Host $host;',
    // The client's request id, or nginx's own: the access log and the API log the same one.
    // traceparent (and every other request header) passes through unchanged.
    'proxy_set_header X-Request-Id $hub_request_id;',
  ];
}

/** The shared cache's zone for the API's public answers (its files under the runtime folder). */
const apiCacheZone = 'hub_api_cache';

/**
 * The API's public reads as a CDN would keep them (docs/decisions.md "The topology's read latency
 * (issue 24)"): nginx stores only what the API marks for shared caches (`Cache-Control: public,
 * s-maxage=30` on the catalogue reads; everything else is `no-store`), for as long as it says, and
 * never with a signed-in request: a request with an Authorization header is neither answered from
 * the cache nor is its answer stored. One request at a time fills an entry (the others wait for it),
 * and an expired entry is refreshed in the background while the old one is still served.
 */
function apiCache(): string[] {
  return [
    `proxy_cache ${apiCacheZone};`,
    'proxy_cache_key $scheme$host$request_uri;',
    'proxy_cache_bypass $http_authorization;',
    'proxy_no_cache $http_authorization;',
    'proxy_cache_lock on;',
    'proxy_cache_lock_timeout 5s;',
    'proxy_cache_use_stale updating;',
    'proxy_cache_background_update on;',
  ];
}

/** Passing a request to the API processes, in every API location. */
function apiProxy(): string[] {
  return [
    'proxy_pass http://hub_api;',
    ...proxyHeaders(),
    // A replica that is down, restarting or draining: the next one. nginx never passes on a
    // request it has already sent unless it is idempotent (GET, HEAD, PUT, DELETE…), so an
    // attend (POST) is never made twice.
    'proxy_next_upstream error timeout http_502 http_503 http_504;',
    'proxy_next_upstream_tries 3;',
    'proxy_next_upstream_timeout 10s;',
    'proxy_connect_timeout 2s;',
  ];
}

/**
 * `POST /api/images` (issue 27): an image is larger than any other request, so its body limit is
 * the API's image limit plus 1 MB, and the API's own refusal ("Images can be at most N MB", JSON the
 * upload control shows) answers up to there. Past it, nginx answers the same JSON itself, never its
 * HTML 413 page. Making the variants of a large image takes longer than a read: 60 s.
 */
function imageUploadLocation(imageMaxMb: number): string[] {
  const tooLarge = JSON.stringify({ message: `Images can be at most ${imageMaxMb} MB`, details: [] });
  return [
    ...block('location = /api/images', [
      ...apiProxy(),
      'proxy_read_timeout 60s;',
      `client_max_body_size ${imageMaxMb + 1}m;`,
      'error_page 413 = @image_too_large;',
    ]),
    ...block('location @image_too_large', [
      ...answerHeaders({ cache: cacheControl.never, cors: false }),
      'types { }',
      'default_type application/json;',
      `return 413 '${tooLarge}';`,
    ]),
  ];
}

function apiLocation(settings: NginxSiteSettings): string[] {
  if (!settings.apiUpstreams.length) return [];
  return [
    '# The API on the site\'s own origin (docs/decisions.md "Static serving (issue 24)"): no CORS preflight.',
    ...block('location ^~ /api/', [
      ...apiProxy(),
      ...(settings.apiCache !== false ? apiCache() : []),
      // The API does not compress its JSON; nginx does.
      'gzip on;',
      ...(settings.brotli ? ['brotli on;'] : []),
      'proxy_read_timeout 30s;',
      'client_max_body_size 10m;',
    ]),
    ...imageUploadLocation(settings.imageMaxMb ?? 8),
  ];
}

function hostServer(settings: NginxSiteSettings): string[] {
  const { host } = settings;
  const documentHeaders = { cache: cacheControl.never, cors: false };
  return block('server', [
    `listen ${host.listen};`,
    `server_name ${host.serverName};`,
    `root ${quote(host.root)};`,
    '',
    ...notFoundLocations(false),
    '',
    '# Liveness of nginx itself (compose and Kubernetes probes).',
    ...block('location = /healthz', [
      ...answerHeaders({ cache: cacheControl.never, cors: false }),
      'types { }',
      'default_type text/plain;',
      'return 200 "ok";',
    ]),
    '',
    ...apiLocation(settings),
    '',
    '# The deploy-time documents (deploy-documents.ts): never stored, so a repoint is seen at once.',
    ...Object.keys(deployDocuments).flatMap((document) => fileLocation(`= ${document}`, documentHeaders)),
    '',
    '# Hashed chunks never change.',
    ...fileLocation(`~ ${nginxRegex(hashedFile)}`, { cache: cacheControl.immutable, cors: false }),
    '',
    '# The work-account bridge page: MSAL may load it in a hidden frame of the site itself.',
    ...pageLocation(`= ${redirectBridgePath}`, settings, '$uri =404', { framing: 'same-origin' }),
    '',
    '# The routes of the single-page app (prerendered-pages.ts chooses the same files).',
    ...routeLocations(settings),
    '',
    '# Any other page: its own prerendered file, else (a route no pattern names) the not-found page.',
    ...pageLocation(
      `~ ${quote('^/[^.]*$')}`,
      settings,
      settings.routes ? '${uri}index.html $uri/index.html =404' : '${uri}index.html $uri/index.html /index.html',
      { status404: Boolean(settings.routes) },
    ),
    ...pageLocation(`~ ${quote('\\.html$')}`, settings, '$uri =404'),
    '',
    '# Every other file (entries, manifests, the service worker, icons): revalidated.',
    ...fileLocation('/', { cache: cacheControl.revalidate, cors: false }),
  ]);
}

function remoteServer(name: string, app: NginxAppServer): string[] {
  return block('server', [
    `# The ${name} remote.`,
    `listen ${app.listen};`,
    `server_name ${app.serverName};`,
    `root ${quote(app.root)};`,
    '',
    ...notFoundLocations(true),
    ...fileLocation(`~ ${nginxRegex(hashedFile)}`, { cache: cacheControl.immutable, cors: true }),
    ...fileLocation('/', { cache: cacheControl.revalidate, cors: true }),
  ]);
}

function corsMap(origins: string[]): string[] {
  const allowAny = origins.includes('*');
  return block(`map $http_origin ${corsVariable}`, [
    `default ${allowAny ? '"*"' : '""'};`,
    ...origins.filter((origin) => origin !== '*').map((origin) => `${quote(origin)} $http_origin;`),
  ]);
}

function typesBlock(): string[] {
  const byType = new Map<string, string[]>();
  for (const [ext, type] of Object.entries(contentTypes)) byType.set(type, [...(byType.get(type) ?? []), ext]);
  return block(
    'types',
    [...byType].map(([type, exts]) => `${type} ${exts.join(' ')};`),
  );
}

export function nginxConfig(settings: NginxSiteSettings): string {
  const run = settings.runtimeDir.replace(/\/+$/, '');
  const compressed = textTypes.filter((type) => type !== 'text/html').join(' ');
  // A replica that refused a connection is skipped for 2 s only: shorter than the API's drain delay
  // (HUB_SHUTDOWN_DELAY_MS, 5 s in production), so during a rolling restart the replica that came back
  // is in rotation again before the next one stops. nginx's default (10 s) left both marked down at
  // once and answered 502 (measured in the topology suite).
  //
  // least_conn: a replica slowed by a garbage collection or a long read gets the next request only
  // when it has fewer in flight, rather than every other one (round robin queued requests behind it).
  // keepalive: idle connections kept per worker process; below the requests a worker has in flight
  // at once, nginx opens a connection per request beyond it and closes it after (measured at 50
  // connections: issue 24's bench, docs/decisions.md "The topology's read latency").
  const upstream = (name: string, addresses: string[]) =>
    block(`upstream ${name}`, [
      'least_conn;',
      ...addresses.map((address) => `server ${address} max_fails=1 fail_timeout=2s;`),
      'keepalive 64;',
    ]);
  return [
    '# Community Hub static apps: generated by serving/src/nginx-config.ts (pnpm --filter @hub/serving',
    '# nginx-config), from the rules of serving/src/serving-rules.ts. Do not edit; regenerate.',
    ...(settings.brotli ? brotliModuleFiles.map((file) => `load_module ${file};`) : []),
    'worker_processes auto;',
    `pid ${run}/nginx.pid;`,
    `error_log ${settings.errorLog} warn;`,
    ...block('events', ['worker_connections 1024;']),
    ...block('http', [
      ...typesBlock(),
      `default_type ${defaultContentType};`,
      'charset utf-8;',
      `charset_types ${textTypes.filter((type) => type !== 'text/html').join(' ')};`,
      'server_tokens off;',
      'sendfile on;',
      'tcp_nopush on;',
      'keepalive_timeout 65;',
      `client_body_temp_path ${run}/client_body;`,
      `proxy_temp_path ${run}/proxy;`,
      `fastcgi_temp_path ${run}/fastcgi;`,
      `uwsgi_temp_path ${run}/uwsgi;`,
      `scgi_temp_path ${run}/scgi;`,
      ...block('map $http_x_request_id $hub_request_id', ['default $http_x_request_id;', '"" $request_id;']),
      ...block('map $http_x_forwarded_proto $hub_forwarded_proto', ['default $http_x_forwarded_proto;', '"" $scheme;']),
      // upstream_time beside request_time: how much of an answer's time the API took and how much
      // nginx and the client's connection did.
      `log_format hub '$remote_addr - [$time_iso8601] "$request" $status $body_bytes_sent $request_time '`,
      `               '"$http_referer" "$http_user_agent" request_id=$hub_request_id upstream=$upstream_addr '`,
      `               'upstream_time=$upstream_response_time cache=$upstream_cache_status';`,
      `access_log ${settings.accessLog} hub;`,
      '',
      // The build writes a .gz twin beside each asset, sent as it is (the Node server does the
      // same); pages (their nonce) and the API's answers are compressed per answer in their locations.
      'gzip off;',
      'gzip_static on;',
      // Vary is stated by every location (serving-rules.ts varyOf), the same with or without a twin.
      'gzip_vary off;',
      'gzip_proxied any;',
      `gzip_types ${compressed};`,
      ...(settings.brotli ? ['brotli_static on;', `brotli_types ${compressed};`] : []),
      '',
      ...corsMap(settings.corsOrigins),
      ...(settings.apiUpstreams.length ? upstream('hub_api', settings.apiUpstreams) : []),
      ...(settings.apiUpstreams.length && settings.apiCache !== false
        ? [
            // inactive: an entry nobody asked for in ten minutes is dropped, however fresh.
            `proxy_cache_path ${run}/api-cache levels=1:2 keys_zone=${apiCacheZone}:10m max_size=256m inactive=10m use_temp_path=off;`,
          ]
        : []),
      ...(settings.pageServer ? upstream('hub_pages', [settings.pageServer.address]) : []),
      '',
      ...hostServer(settings),
      ...Object.entries(settings.remotes).flatMap(([name, app]) => ['', ...remoteServer(name, app)]),
    ]),
    '',
  ].join('\n');
}
