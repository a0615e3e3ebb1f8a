import { useEffect } from 'react';
import { useLocation } from 'react-router';

const anchorWaitMs = 3000;

/**
 * Scrolls to `#anchor` after navigation. The target may be rendered by a remote that is still
 * loading, so it is looked for until it appears (for a few seconds at most).
 */
export function useAnchorScrolling(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash || hash.length < 2) return;
    const id = decodeURIComponent(hash.slice(1));
    const scrollTo = () => {
      const target = document.getElementById(id);
      if (!target) return false;
      target.scrollIntoView();
      return true;
    };
    if (scrollTo()) return;
    const observer = new MutationObserver(() => {
      if (scrollTo()) stop();
    });
    const timer = setTimeout(() => stop(), anchorWaitMs);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [hash, key]);
}
