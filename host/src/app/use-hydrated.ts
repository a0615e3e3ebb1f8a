import { createContext, createElement, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/** True outside a hydrating `HydrationState` (tests, a page rendered afresh). */
const HydratedContext = createContext(true);

/**
 * Holds whether React is still taking over the page prerendered at build time (`hydrating`: the
 * prerender and the browser's hydration of it). Once hydration has committed, the switch to the
 * real values is a transition: React re-renders what depends on them (the header, the theme, the
 * remote areas) in slices that yield to the browser, rather than in one synchronous task, which a
 * `useSyncExternalStore` server snapshot forces (Lighthouse's Total Blocking Time on a phone).
 */
export function HydrationState({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return createElement(HydratedContext.Provider, { value: hydrated }, children);
}

/**
 * False while React hydrates the page prerendered at build time (and in that prerender), true
 * otherwise. What the build cannot know (the signed-in user, the stored theme, the screen width, a
 * remote's code) must render as the prerender did until hydration is over, or React would find
 * markup that does not match and throw the page's HTML away; React renders again with the real
 * values right after. A page rendered on the client from scratch is "hydrated" from its first render.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/** `value`, or what the prerender rendered (`prerendered`) while the page is being hydrated. */
export function useHydrationSafe<T>(value: T, prerendered: T): T {
  return useHydrated() ? value : prerendered;
}
