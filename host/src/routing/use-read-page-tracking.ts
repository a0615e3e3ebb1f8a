import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { rememberReadPage } from '@hub/shared';

/**
 * Notes each page shown, with the title it had, when the user leaves it (another page, or the page
 * going away): by then its title is its own (set once its screen showed), and the next page's is not
 * set yet. A page that failed (the error screen) is not one that can be read again.
 */
export function useReadPageTracking(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const path = pathname + search;
    const note = () => {
      if (!document.querySelector('[data-route-error]')) rememberReadPage({ path, title: document.title });
    };
    window.addEventListener('pagehide', note);
    return () => {
      window.removeEventListener('pagehide', note);
      note();
    };
  }, [pathname, search]);
}
