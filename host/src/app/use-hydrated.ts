import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates the page prerendered at build time (and in that prerender), true
 * otherwise. What the build cannot know (the signed-in user, the stored theme, the screen width, a
 * remote's code) must render as the prerender did until hydration is over, or React would find
 * markup that does not match and throw the page's HTML away; React renders again with the real
 * values right after. A page rendered on the client from scratch is "hydrated" from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** `value`, or what the prerender rendered (`prerendered`) while the page is being hydrated. */
export function useHydrationSafe<T>(value: T, prerendered: T): T {
  return useHydrated() ? value : prerendered;
}
