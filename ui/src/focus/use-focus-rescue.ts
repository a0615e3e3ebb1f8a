import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Keeps keyboard focus in a part of a screen whose buttons change under it (issue 23). After Yes
 * in a dialog focus goes back to the button that opened it (the host's dialog renderer), but the
 * request that follows may replace that very button ("Withdraw" becomes "Attend", "Cancel event"
 * goes away), and the browser then drops focus to the page's top. When `key` changes while focus
 * was inside the part and has been lost, focus moves to the part's first button or link, or to
 * `fallback` (a heading with tabIndex -1 that says what happened). Focus the user moved elsewhere
 * is left alone.
 */
export function useFocusRescue<T extends HTMLElement>(key: unknown, fallback?: () => HTMLElement | null) {
  const ref = useRef<T>(null);
  const inside = useRef(false);

  useEffect(() => {
    const part = ref.current;
    if (!part) return;
    const onIn = () => {
      inside.current = true;
    };
    // A removed element's focusout has no relatedTarget: focus was lost, not moved, so it still counts as inside.
    const onOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !part.contains(event.relatedTarget)) inside.current = false;
    };
    part.addEventListener('focusin', onIn);
    part.addEventListener('focusout', onOut);
    return () => {
      part.removeEventListener('focusin', onIn);
      part.removeEventListener('focusout', onOut);
    };
  }, []);

  useLayoutEffect(() => {
    const part = ref.current;
    if (!part || !inside.current) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const target =
      fallback?.() ?? part.querySelector<HTMLElement>('button:not([disabled]), a[href], [tabindex="-1"]') ?? null;
    target?.focus();
    // Only a change of `key` is a moment to look; the fallback is read then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return ref;
}
