import { QueryClient } from '@tanstack/react-query';
import { cacheExpiryMs } from '../cache/cache-expiry';

/**
 * Default options of the site's one query cache, SPEC §7's caching (the reasons are in
 * docs/decisions.md, "Data layer"):
 * - `staleTime` 600000 ms: an answer younger than that is served without a request; at 600000 ms
 *   the next use fetches again.
 * - `gcTime` 600000 ms too: the default (5 minutes) would drop an answer nobody shows any more
 *   before its 10 minutes are up, and the next screen would ask again too early.
 * - `retry: false`: SPEC §8 says errors are propagated; the screens offer Retry themselves, and a
 *   4xx asked three more times would only repeat the same answer. A query in error keeps no data,
 *   so its next user fetches again.
 * - `refetchOnWindowFocus` / `refetchOnReconnect` stay on: they only refetch answers already older
 *   than 600000 ms, which the rule says are to be fetched again anyway.
 */
export const queryClientDefaults = {
  queries: { staleTime: cacheExpiryMs, gcTime: cacheExpiryMs, retry: false },
  mutations: { retry: false },
} as const;

/** A client with the site's defaults; tests make a fresh one each so no answer leaks between them. */
export function createHubQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryClientDefaults });
}

/**
 * The one query cache of the whole site. The host provides it once at the top of the tree
 * (`QueryClientProvider`), and every remote reads the same instance because `@hub/shared` and
 * `@tanstack/react-query` are federation singletons. Code outside React uses it directly.
 */
export const queryClient = createHubQueryClient();
