/**
 * The site's service worker, served as `/ngsw-worker.js` (SPEC §9). Built by Workbox's
 * InjectManifest (host/build/service-worker-build.js), which writes the host's own build files into
 * `self.__WB_MANIFEST`; every other decision is caching-rules.ts, turned here into Workbox strategies.
 */
import { addPlugins, cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { RouteMatchCallbackOptions, WorkboxPlugin } from 'workbox-core/types';
import {
  cacheLimits,
  cacheNames,
  cachingRuleFor,
  originsFrom,
  shellCacheKey,
  type CachingStrategy,
  type SiteOrigins,
} from './caching-rules';
import { workerMessages } from './worker-messages';
import { firstLoadFrameAddressAttribute } from '../components/remote-page/first-load-frame-attributes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const site = self.location.origin;
let origins: SiteOrigins = { site, remotes: [], apiBase: null };

/** The origins come from the deploy-time documents; the last copies of them are read when the worker starts. */
async function refreshOrigins(): Promise<void> {
  const cache = await caches.open(cacheNames.deployment);
  const read = async (path: string) => {
    const answer = await cache.match(new URL(path, site).href);
    return answer ? ((await answer.json()) as unknown) : null;
  };
  origins = originsFrom(site, await read('/remotes.json'), await read('/app-config.json'));
}
const originsReady = refreshOrigins().catch(() => undefined);

const strategyOf = ({ request, url }: RouteMatchCallbackOptions): CachingStrategy =>
  cachingRuleFor(
    { url: url.href, method: request.method, authenticated: request.headers.has('Authorization') },
    origins,
  ).strategy;
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
  handlerDidError: async ({ request }) => {
    if (self.navigator.onLine) return undefined;
    const cache = await caches.open(cacheNames.deployment);
    return cache.match(request.url);
  },
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

registerRoute(when('network-only-offline-copy'), new NetworkOnly({ plugins: [offlineCopy] }));
registerRoute(
  when('network-first'),
  new NetworkFirst({
    cacheName: cacheNames.pages,
    networkTimeoutSeconds: cacheLimits.pageNetworkTimeoutSeconds,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), notDrawnFromData, oneShell],
  }),
);
registerRoute(
  when('cache-first'),
  new CacheFirst({
    cacheName: cacheNames.chunks,
    plugins: [storable, new ExpirationPlugin({ ...cacheLimits.chunks, purgeOnQuotaError: true })],
  }),
);
registerRoute(
  when('stale-while-revalidate'),
  new StaleWhileRevalidate({
    cacheName: cacheNames.catalogue,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ ...cacheLimits.catalogue, purgeOnQuotaError: true }),
    ],
  }),
);
// 'network-only' requests are not routed at all: the browser fetches them as if there were no worker.

self.addEventListener('install', (event) => {
  event.waitUntil(originsReady);
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
