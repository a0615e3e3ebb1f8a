import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { rememberReadPage } from '@hub/shared';

/**
 * Notes each page shown, with its own title, when the user leaves it (another page, or the page going
 * away). The title is the one the page set while shown: a page left before its screen named the tab
 * still carries the previous page's title, which must not become its name. The page the HTML
 * brought carries its own title from the start. A page that failed (the error screen) is not one
 * that can be read again.
 */
export function useReadPageTracking(): void {
  const { pathname, search } = useLocation();
  const firstPage = useRef(true);
  useEffect(() => {
    const path = pathname + search;
    let title: string | null = firstPage.current ? document.title : null;
    firstPage.current = false;
    const observer = new MutationObserver(() => {
      title = document.title;
    });
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    const note = () => {
      if (title !== null && !document.querySelector('[data-route-error]')) rememberReadPage({ path, title });
    };
    window.addEventListener('pagehide', note);
    return () => {
      observer.disconnect();
      window.removeEventListener('pagehide', note);
      note();
    };
  }, [pathname, search]);
}
