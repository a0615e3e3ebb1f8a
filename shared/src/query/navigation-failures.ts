import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A navigation starts its screen's first requests while the screen's code loads (the host's
 * route-prefetch.ts). When one of them fails before the screen is shown, the screen shows that
 * failure rather than asking again on mount: it is the answer to this very visit, a moment old.
 * A failure from before this navigation (an earlier visit, a link that was pointed at) is asked
 * again as usual (TanStack Query's `retryOnMount`), and Retry always asks.
 */
let navigationStartedAt = Number.POSITIVE_INFINITY;

/** The host calls this as each navigation starts, before its prefetch. Until then nothing is adopted. */
export function noteNavigationStart(now: number = Date.now()): void {
  navigationStartedAt = now;
}

/** `retryOnMount` for a screen's read: false only for a failure met since the current navigation began. */
export function retryOnMountFor(queryClient: QueryClient, queryKey: QueryKey): boolean {
  const state = queryClient.getQueryState(queryKey);
  return !(state?.status === 'error' && state.errorUpdatedAt >= navigationStartedAt);
}
