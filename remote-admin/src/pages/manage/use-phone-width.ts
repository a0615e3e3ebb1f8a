import { useSyncExternalStore } from 'react';
import { breakpoints } from '@hub/ui/breakpoints';

/** Below SPEC §9's first breakpoint (600 px): a phone, held at the door. */
const query = `(max-width: ${breakpoints.small - 1}px)`;

const mediaQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);

function subscribe(onChange: () => void): () => void {
  const list = mediaQuery();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * Whether the screen is phone-wide, following rotation and resizing. The door list needs a
 * different structure there (a list of large tap targets instead of a grid's columns), which CSS
 * alone cannot give without rendering every switch twice.
 */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(subscribe, () => mediaQuery()?.matches ?? false);
}
