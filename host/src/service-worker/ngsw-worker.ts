/**
 * The site's service worker, served as `/ngsw-worker.js` (SPEC §9). Built by Workbox's
 * InjectManifest (host/build/service-worker-build.js), which writes the host's own build files into
 * `self.__WB_MANIFEST`; every other decision is caching-rules.ts, turned here into Workbox strategies.
 */
import { addPlugins, cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate, type Strategy } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { RouteMatchCallbackOptions, WorkboxPlugin } from 'workbox-core/types';
import {
  cacheLimits,
  cacheNames,
  cachingRuleFor,
  originsFrom,
  shellCacheKey,
  type CachingRule,
  type CachingStrategy,
  type SiteOrigins,
} from './caching-rules';
import { workerMessages } from './worker-messages';
import { firstLoadFrameAddressAttribute } from '../components/remote-page/first-load-frame-attributes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const site = self.location.origin;
let origins: SiteOrigins = { site, remotes: [], apiBase: null };
/** The documents that name the origins: the remotes' (`/remotes.json`) and the API's (`/app-config.json`). */
const originDocuments = ['/remotes.json', '/app-config.json'].map((path) => new URL(path, site).href);

/** The origins come from the deploy-time documents; the last copies of them are read when the worker starts. */
async function readOrigins(): Promise<void> {
  const cache = await caches.open(cacheNames.deployment);
  const read = async (address: string) => {
    const answer = await cache.match(address);
    return answer ? ((await answer.json()) as unknown) : null;
  };
  const [remotesDocument, appConfigDocument] = await Promise.all(originDocuments.map(read));
  origins = originsFrom(site, remotesDocument, appConfigDocument);
}
/** One read after another, so an earlier read of older copies never ends last and wins. */
let lastRead: Promise<void> = Promise.resolve();
function refreshOrigins(): Promise<void> {
  lastRead = lastRead.then(readOrigins, readOrigins);
  return lastRead;
}
/**
 * Until the worker has read them (a cache read when it starts, or wakes after being stopped while
 * idle), a read waits for the origins rather than being judged against none: judged so, the first
 * request of a waking worker for a remote's manifest would go to the network unstored, and that
 * remote would be missing offline.
 */
let originsKnown = false;
const originsReady = refreshOrigins()
  .catch(() => undefined)
  .finally(() => {
    originsKnown = true;
  });

const ruleOf = ({ request, url }: RouteMatchCallbackOptions): CachingRule =>
  cachingRuleFor(
    { url: url.href, method: request.method, authenticated: request.headers.has('Authorization') },
    origins,
  );
const strategyOf = (options: RouteMatchCallbackOptions): CachingStrategy => ruleOf(options).strategy;
const when = (strategy: CachingStrategy) => (options: RouteMatchCallbackOptions) => strategyOf(options) === strategy;

// Cross-origin scripts (remote entries and chunks) are loaded without CORS, so their answers are
// opaque (status 0): they are stored too, but only within the caps below.
const storable = new CacheableResponsePlugin({ statuses: [0, 200] });

/** Network only, and the answer kept for when the device is offline (caching-rules.ts, 'deployment-pointer'). */
const offlineCopy: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    if (response.ok || response.type === 'opaque') {
      const copy = response.clone();
      const cache = await caches.open(cacheNames.deployment);
      await cache.put(request.url, copy);
      // Awaited, so the page has the document only once the worker knows the origins it names: the
      // remote's manifest and chunks the page asks for next are then stored (were it not, a remote
      // first opened on this page would be missing offline).
      if (/\/(remotes|app-config)\.json$/.test(new URL(request.url).pathname))
        await refreshOrigins().catch(() => undefined);
    }
    return response;
  },
  // The network did not answer: offline, or "connected" with no way through (navigator.onLine
  // says true on a captive portal), or the server unreachable. No newer release can be reached
  // then, and the last copy names the chunks that are stored.
  handlerDidError: async ({ request }) => (await caches.open(cacheNames.deployment)).match(request.url),
};

/** Every route of the single-page app is the same page: stored once, under one key. */
const oneShell: WorkboxPlugin = {
  cacheKeyWillBeUsed: async () => new URL(shellCacheKey, site).href,
};

/**
 * A detail page drawn from its data by the page server (page-server/render-detail-page.tsx) shows
 * one event or community: kept as the one stored page, it would paint that event's top when another
 * page is opened offline. The stored page stays the last one that is not drawn from data.
 */
const notDrawnFromData: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    (await response.clone().text()).includes(`${firstLoadFrameAddressAttribute}=`) ? null : response,
};

/** A precached file the browser has evicted and the network cannot give: this page cannot go on. */
const unrecoverable: WorkboxPlugin = {
  handlerDidError: async ({ request }) => {
    const clients = await self.clients.matchAll({ type: 'window' });
    for (const client of clients) {
      client.postMessage({ type: workerMessages.unrecoverable, reason: `${request.url} is no longer available` });
    }
    return undefined;
  },
};

// The precache's strategy falls back to the network; when that fails too, the page is told.
addPlugins([unrecoverable]);
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });
cleanupOutdatedCaches();

const strategies: Record<Exclude<CachingStrategy, 'network-only'>, Strategy> = {
  'network-only-offline-copy': new NetworkOnly({ plugins: [offlineCopy] }),
  'network-first': new NetworkFirst({
    cacheName: cacheNames.pages,
    networkTimeoutSeconds: cacheLimits.pageNetworkTimeoutSeconds,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), notDrawnFromData, oneShell],
  }),
  'cache-first': new CacheFirst({
    cacheName: cacheNames.chunks,
    plugins: [storable, new ExpirationPlugin({ ...cacheLimits.chunks, purgeOnQuotaError: true })],
  }),
  'stale-while-revalidate': new StaleWhileRevalidate({
    cacheName: cacheNames.catalogue,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ ...cacheLimits.catalogue, purgeOnQuotaError: true }),
    ],
  }),
};

/** The rules decided before any origin is looked at: these never wait for the origins. */
const originFree = new Set<CachingRule['name']>(['write', 'authenticated']);
// The few milliseconds before the origins are read: a request whose rule depends on them is held
// until they are, then handled as its rule says; one left to the network is fetched as the browser
// would have.
registerRoute(
  (options) => !originsKnown && !originFree.has(ruleOf(options).name),
  async (options) => {
    await originsReady;
    const strategy = strategyOf(options as RouteMatchCallbackOptions);
    return strategy === 'network-only' ? fetch(options.request) : strategies[strategy].handle(options);
  },
);
for (const [strategy, handler] of Object.entries(strategies)) registerRoute(when(strategy as CachingStrategy), handler);
// 'network-only' requests are not routed at all: the browser fetches them as if there were no worker.

/**
 * At install the worker asks for the documents itself, as the page would (stored, and the origins
 * read again, by the offline-copy strategy). The page read them before the worker ran it, so
 * otherwise the worker would learn the origins only from the next page's own read of
 * `/remotes.json`, in parallel with that page's early request for its remote's manifest
 * (federation/early-remote-start.ts): whichever came first decided whether the manifest was stored.
 */
self.addEventListener('install', (event) => {
  const learnOrigins = originDocuments.map((address) =>
    strategies['network-only-offline-copy'].handle({ event, request: new Request(address, { cache: 'no-store' }) }),
  );
  // Offline at install with no copy yet: the worker learns them from the page's reads, as before.
  event.waitUntil(Promise.allSettled([originsReady, ...learnOrigins]));
});

self.addEventListener('activate', (event) => {
  // The first worker takes the open page at once (nothing to be inconsistent with); an update
  // waits until the user chooses Reload (the toast), see below.
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === workerMessages.skipWaiting) void self.skipWaiting();
});
