import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { rememberLastVisited } from '@hub/shared';

/** SPEC §2: after each navigation the URL is stored as the last visited page. */
export function useLastVisitedTracking(): void {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    rememberLastVisited(pathname + search + hash);
  }, [pathname, search, hash]);
}
