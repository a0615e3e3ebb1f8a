/**
 * A dark first paint for a visitor who chose dark (or whose system is dark and who never chose).
 * The build prerenders every page in the light theme, and the dark theme is applied only once the
 * app has hydrated and the theme's chunk has arrived (app.tsx): until then such a visitor saw the
 * page light, then dark, on every load. The build therefore writes Fluent's dark theme variables
 * into a small stylesheet of their own (prerender/dark-first-paint-sheet.ts), linked from every
 * page's head with `media="(prefers-color-scheme: dark)"` and corrected before it is parsed by an
 * inline script that reads the stored choice. It overrides the prerendered provider's light
 * variables while the provider still says light; once the app shows the chosen theme itself, the
 * sheet is removed, so a later choice in the menu is the provider's alone.
 */
import { themeStorageKey } from '@hub/shared';

export const darkFirstPaintId = 'hub-dark-first-paint';

/**
 * The inline script, run in the head just after the sheet's link: a stored choice decides over the
 * system's (`initialTheme()`'s rule). Plain ES5 source text, before any of the app's code exists.
 */
export function firstPaintThemeScript(): string {
  const id = JSON.stringify(darkFirstPaintId);
  const key = JSON.stringify(themeStorageKey);
  return (
    `(function(){var s=document.getElementById(${id});if(!s)return;var c=null;` +
    `try{c=localStorage.getItem(${key})}catch(e){}` +
    `if(c==='dark')s.media='all';else if(c==='light')s.media='not all'})()`
  );
}

/** Called once the app shows the chosen theme itself: from then on the provider alone decides. */
export function removeDarkFirstPaint(doc: Document = document): void {
  doc.getElementById(darkFirstPaintId)?.remove();
}
