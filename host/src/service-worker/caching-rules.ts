/**
 * Every caching rule of the service worker, in one place, each with its reason. A pure function of
 * the request and the site's origins, so it is tested without a worker (caching-rules.test.ts) and
 * the worker (ngsw-worker.ts) only turns the answer into a Workbox strategy.
 *
 * The origins are not built in: the remotes' origins come from `/remotes.json` and the API's from
 * `/app-config.json`, read at run time like the host itself reads them.
 */

export type CachingStrategy =
  /** Not handled by the worker at all: the browser goes to the network as if there were no worker. */
  | 'network-only'
  /** Always the network; the last answer is kept only to be used when the device is offline. */
  | 'network-only-offline-copy'
  | 'cache-first'
  | 'network-first'
  | 'stale-while-revalidate';

/** The cache each stored answer goes into; cleaned on activation when a name changes. */
export const cacheNames = {
  deployment: 'hub-deployment-v1',
  chunks: 'hub-chunks-v1',
  pages: 'hub-pages-v1',
  catalogue: 'hub-catalogue-v1',
} as const;

/** Limits of the caches that grow with use. */
export const cacheLimits = {
  /** Hashed chunks of the host and the four remotes: a few releases' worth of every screen. */
  chunks: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
  /** Public API answers: the pages a visitor has read, for reading them again offline. */
  catalogue: { maxEntries: 150, maxAgeSeconds: 7 * 24 * 60 * 60 },
  /** How long a page waits for the network before the cached shell is shown (slow connections). */
  pageNetworkTimeoutSeconds: 3,
};

/** The one key the host's HTML is stored under: every route of the single-page app is the same page. */
export const shellCacheKey = '/index.html';

export interface CachingRule {
  /** Which rule matched (for tests and for reading the worker's behaviour in DevTools). */
  name:
    | 'write'
    | 'authenticated'
    | 'deployment-pointer'
    | 'worker-script'
    | 'page'
    | 'hashed-chunk'
    | 'public-catalogue'
    | 'unknown';
  strategy: CachingStrategy;
  cacheName?: string;
  reason: string;
}

/** What the rules look at in a request (a `Request` gives all of it; tests give plain objects). */
export interface RequestFacts {
  url: string;
  method: string;
  /** True when the request carries an `Authorization` header (a signed-in user's API call). */
  authenticated: boolean;
}

export interface SiteOrigins {
  /** The host's own origin (the worker's). */
  site: string;
  /** The remotes' origins, from `/remotes.json`. */
  remotes: readonly string[];
  /** The API's base address, from `/app-config.json` (`apiBaseUrl`); null until known. */
  apiBase: string | null;
}

const rules = {
  write: {
    name: 'write',
    strategy: 'network-only',
    reason:
      'Only reads are ever answered from a cache. A write (join, attend, save) that fails offline must fail ' +
      'visibly; the screens disable those actions while offline instead of queueing them.',
  },
  authenticated: {
    name: 'authenticated',
    strategy: 'network-only',
    reason:
      'An answer to a signed-in request belongs to that user: the worker never stores it (a shared device would ' +
      'show it to the next user). Personal pages are readable offline through the data layer’s per-user ' +
      'persistence instead, which logout clears (shared/src/query/query-persistence.ts).',
  },
  deploymentPointer: {
    name: 'deployment-pointer',
    strategy: 'network-only-offline-copy',
    cacheName: cacheNames.deployment,
    reason:
      '`/remotes.json`, `/app-config.json`, every `mf-manifest.json` and `remoteEntry.js` say which release ' +
      'runs. Served from a cache while online, a stale entry after a release would load chunks that no longer ' +
      'exist (the failure both Workbox’s and Module Federation’s maintainers warn about), so they always come ' +
      'from the network. The last copy is used only when the device is offline, when no newer release can be ' +
      'reached anyway and the chunks that copy names are the ones in the chunk cache.',
  },
  workerScript: {
    name: 'worker-script',
    strategy: 'network-only',
    reason: 'The worker itself: the browser checks it for updates, bypassing every cache (served no-cache).',
  },
  page: {
    name: 'page',
    strategy: 'network-first',
    cacheName: cacheNames.pages,
    reason:
      'The host’s HTML is tiny and carries a fresh CSP nonce per answer: the network first, so a release ' +
      'shows at once; after a short wait (a slow connection) or offline, the last page fetched, which is the ' +
      'same shell for every route.',
  },
  hashedChunk: {
    name: 'hashed-chunk',
    strategy: 'cache-first',
    cacheName: cacheNames.chunks,
    reason:
      'A chunk whose name carries its content hash never changes (served immutable), whichever release ' +
      'names it, so a cached copy is always right. Expiry and a size cap bound what old releases leave behind.',
  },
  publicCatalogue: {
    name: 'public-catalogue',
    strategy: 'stale-while-revalidate',
    cacheName: cacheNames.catalogue,
    reason:
      'Public reads (communities, networks, events, reference lists) are the same for every visitor: the last ' +
      'answer shows at once and offline, while a fresh one is fetched for next time. The data layer’s ' +
      '10-minute rule (SPEC §7) still decides when the page asks again.',
  },
  unknown: {
    name: 'unknown',
    strategy: 'network-only',
    reason:
      'Anything not known to be safe to store (other origins, personal or management API reads, un-hashed ' +
      'files outside the precache) goes to the network untouched.',
  },
} as const satisfies Record<string, CachingRule>;

/** Chunk and asset names carry a 10-hex content hash (shared/build/create-app-config.cjs). */
const hashedFile = /\.[0-9a-f]{10}\.(js|css|png|svg|jpe?g|webp|ico|woff2?)$/;
const deploymentFile = /\/(mf-manifest\.json|remoteEntry\.js)$/;
const siteDeploymentDocument = /^\/(remotes\.json|app-config\.json|manifest\.webmanifest)$/;
/** The public catalogue GETs (api/src/routes/catalogue.ts, community.ts, events.ts): no per-user field in them. */
const publicCatalogue = [
  /^api\/country$/,
  /^api\/bunit$/,
  /^api\/communitybase\/\d+$/,
  /^api\/community$/,
  /^api\/community\/\d+$/,
  /^api\/community\/base\/\d+$/,
  /^api\/events$/,
  /^api\/events\/\d+$/,
];

/**
 * The site's own pages: `/`, `/index.html` and any route of the single-page app (no file
 * extension). Not `/auth/redirect.html`, the work-account bridge, which is its own page.
 */
function isShellPage(pathname: string): boolean {
  if (pathname === '/' || pathname === shellCacheKey) return true;
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.');
}

/** The API path relative to its base address ('api/community/3'), or null when the address is not the API's. */
function apiPathOf(url: URL, apiBase: string | null): string | null {
  if (!apiBase) return null;
  const base = new URL(apiBase);
  const basePath = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  if (url.origin !== base.origin || !url.pathname.startsWith(basePath)) return null;
  return url.pathname.slice(basePath.length);
}

/** The rule for one request. Order matters: the first question that applies decides. */
export function cachingRuleFor(request: RequestFacts, origins: SiteOrigins): CachingRule {
  if (request.method !== 'GET') return rules.write;
  if (request.authenticated) return rules.authenticated;
  const url = new URL(request.url);
  const fromSite = url.origin === origins.site;
  const fromRemote = origins.remotes.includes(url.origin);

  if (fromSite && url.pathname === '/ngsw-worker.js') return rules.workerScript;
  if ((fromSite && siteDeploymentDocument.test(url.pathname)) || (fromRemote && deploymentFile.test(url.pathname))) {
    return rules.deploymentPointer;
  }
  // Before the page rule: the API may share the site's origin.
  const apiPath = apiPathOf(url, origins.apiBase);
  if (apiPath !== null)
    return publicCatalogue.some((pattern) => pattern.test(apiPath)) ? rules.publicCatalogue : rules.unknown;
  // A page load, or the page's own address sent to the worker to be cached (register-service-worker.ts).
  if (fromSite && isShellPage(url.pathname)) return rules.page;
  if ((fromSite || fromRemote) && hashedFile.test(url.pathname)) return rules.hashedChunk;
  return rules.unknown;
}

/** Reads the origins out of the two deploy-time documents the host serves. */
export function originsFrom(
  site: string,
  remotesDocument: unknown,
  appConfigDocument: unknown,
): Pick<SiteOrigins, 'remotes' | 'apiBase'> & { site: string } {
  const remotes: string[] = [];
  if (remotesDocument && typeof remotesDocument === 'object') {
    for (const address of Object.values(remotesDocument as Record<string, unknown>)) {
      if (typeof address !== 'string') continue;
      try {
        const origin = new URL(address, site).origin;
        if (!remotes.includes(origin)) remotes.push(origin);
      } catch {
        // An address that is not a URL names no origin to cache from.
      }
    }
  }
  let apiBase: string | null = null;
  const given = (appConfigDocument as { apiBaseUrl?: unknown } | null)?.apiBaseUrl;
  if (typeof given === 'string') {
    try {
      apiBase = new URL(given, site).href;
    } catch {
      apiBase = null;
    }
  }
  return { site, remotes, apiBase };
}
