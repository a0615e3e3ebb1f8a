import { createElement, type ComponentType } from 'react';
import type { PreloadableComponent } from './lazy-page';

/**
 * Chaos testing for fault isolation. Only builds made with HUB_FAULT_INJECTION=1 (the end-to-end
 * stack) honour `?hub-fault=<remote>`, which makes that remote's screens and widgets throw while
 * rendering; production builds compile this to a plain pass-through.
 */
export function withFaultInjection<K extends string>(
  remote: string,
  components: Record<K, ComponentType>,
  enabled: boolean,
): Record<K, ComponentType> {
  if (!enabled) return components;
  const wrapped = {} as Record<K, ComponentType>;
  for (const key of Object.keys(components) as K[]) {
    const Inner = components[key];
    const Faulty = () => {
      if (new URLSearchParams(window.location.search).get('hub-fault') === remote) {
        throw new Error(`Injected render failure in the '${remote}' remote`);
      }
      return createElement(Inner);
    };
    Faulty.displayName = `FaultInjection(${key})`;
    // The host preloads screens through this wrapper (lazy-page.ts).
    (Faulty as PreloadableComponent).preload = (Inner as PreloadableComponent).preload;
    wrapped[key] = Faulty;
  }
  return wrapped;
}
