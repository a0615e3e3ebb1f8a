import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A navigation starts its screen's first requests while the screen's code loads (the host's
 * route-prefetch.ts). When one of them fails before the screen is shown, the screen shows that
 * failure rather than asking again on mount: it is the answer to this very visit, a moment old.
 * A failure from before this navigation (an earlier visit, a link that was pointed at) is asked
 * again as usual (TanStack Query's `retryOnMount`), and Retry always asks.
 */
let current: { href: string; startedAt: number } | null = null;

/**
 * The host calls this as a navigation starts, before its prefetch: at the first load (before React
 * renders) and in each route's loader. The same address again is the same navigation (the first
 * load's early start and its loader). Until the first call nothing is adopted.
 */
export function noteNavigationStart(url: URL | string, now: number = Date.now()): void {
  const href = String(url);
  if (current?.href === href) return;
  current = { href, startedAt: now };
}

/** True when this read failed since the current navigation began: its failure is the screen's answer. */
export function failedThisNavigation(queryClient: QueryClient, queryKey: QueryKey): boolean {
  const state = queryClient.getQueryState(queryKey);
  return current !== null && state?.status === 'error' && state.errorUpdatedAt >= current.startedAt;
}

/** `retryOnMount` for a screen's read: false only for a failure met since the current navigation began. */
export function retryOnMountFor(queryClient: QueryClient, queryKey: QueryKey): boolean {
  return !failedThisNavigation(queryClient, queryKey);
}
