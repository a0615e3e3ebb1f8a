import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before the search goes into the URL. */
export const searchDelayMs = 300;

/**
 * A search box whose value lives in the URL: the box shows what is typed at once, and the URL is told
 * once typing pauses (`commit` with the untrimmed text). The URL stays the source of truth: back,
 * forward or a cleared filter set the box to what the URL says. `commit` must be stable between
 * renders unless the URL's other state changed (it is a dependency of the pending timer).
 */
export function useUrlSearchText(urlText: string, commit: (text: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(urlText);
  const lastSent = useRef(urlText);
  useEffect(() => {
    if (urlText !== lastSent.current) {
      lastSent.current = urlText;
      setText(urlText);
    }
  }, [urlText]);
  useEffect(() => {
    if (text.trim() === urlText.trim()) return;
    const timer = setTimeout(() => {
      lastSent.current = text.trim();
      commit(text);
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [text, urlText, commit]);
  return [text, setText];
}
