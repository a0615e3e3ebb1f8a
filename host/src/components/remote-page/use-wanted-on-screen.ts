import { useEffect, useState, type RefObject } from 'react';

/** What counts as the visitor engaging with the page: from then on, everything below the fold is wanted. */
const interactionEvents = ['scroll', 'wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Whether the element `ref` points at is wanted yet: once any part of it is on screen, or the visitor
 * has scrolled, touched, clicked or typed anything on the page. Until then a below-the-fold slot
 * costs nothing: on a phone the home page's second widget (its remote's entry, its code, its
 * request and its render) was a fifth of the page's main-thread work before anyone could see it
 * (issue 24, Lighthouse's Total Blocking Time). A first scroll starts it, so it is usually drawn
 * before it comes into view. Where IntersectionObserver is missing, it is wanted at once.
 */
export function useWantedOnScreen(ref: RefObject<Element | null>, enabled = true): boolean {
  const [wanted, setWanted] = useState(!enabled);
  useEffect(() => {
    if (wanted) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setWanted(true);
      return;
    }
    const want = () => setWanted(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) want();
    });
    observer.observe(element);
    for (const type of interactionEvents) window.addEventListener(type, want, { passive: true, once: true });
    return () => {
      observer.disconnect();
      for (const type of interactionEvents) window.removeEventListener(type, want);
    };
  }, [ref, wanted]);
  return wanted;
}
