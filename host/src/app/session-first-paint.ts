/**
 * No "Log In" flash for a signed-in visitor (issue 23). Every page is prerendered anonymous, with
 * the header's Log In button; the session is known only once the app has started (and Firebase has
 * restored it), a third to half a second later. The head's inline script (written by the build
 * beside the dark first paint's, prerender/dark-first-paint-sheet.ts) marks the page when this
 * browser holds a stored session, and the prerendered button is hidden (not removed: its box stays)
 * while so marked; once hydrated, the header shows a placeholder of the same size until the session
 * is known (header.tsx). An anonymous visitor, the great majority, sees the button at first paint.
 */
import { firebaseUserKeyPrefix } from '@hub/shared';

/** Set on `<html>` when a stored session is being restored. */
export const sessionFirstPaintAttribute = 'data-hub-session';

/** The inline script's text: plain ES5, before any of the app's code exists. */
export function firstPaintSessionScript(): string {
  const prefix = JSON.stringify(firebaseUserKeyPrefix);
  const attribute = JSON.stringify(sessionFirstPaintAttribute);
  return (
    `(function(){try{for(var i=0;i<localStorage.length;i++){var k=localStorage.key(i);` +
    `if(k&&k.indexOf(${prefix})===0){document.documentElement.setAttribute(${attribute},'restoring');return}}}catch(e){}})()`
  );
}
