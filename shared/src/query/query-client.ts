import { QueryClient } from '@tanstack/react-query';
import { cacheExpiryMs } from '../cache/cache-expiry';

/**
 * Default options of the site's one query cache. SPEC §7: a GET answer is reused for 600000 ms
 * (fresh, then dropped when unused), so `staleTime` and `gcTime` are both the spec's expiry.
 */
export const queryClientDefaults = {
  queries: { staleTime: cacheExpiryMs, gcTime: cacheExpiryMs },
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
