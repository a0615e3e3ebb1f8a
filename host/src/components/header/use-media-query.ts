import { useCallback, useSyncExternalStore } from 'react';

/** SPEC §9: the side menu is used below 1240 px. */
export const sideMenuMediaQuery = '(max-width: 1239px)';

/** Whether a media query matches, kept current by the query's `change` listener. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = useCallback(() => window.matchMedia(query).matches, [query]);
  return useSyncExternalStore(subscribe, matches, () => false);
}
