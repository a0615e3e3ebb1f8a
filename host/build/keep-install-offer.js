/**
 * The install offer (Chromium's `beforeinstallprompt`), kept from the head until the app takes it.
 * The app asks for its scripts once the page has painted (startup-after-paint-plugin.js), and the
 * browser may make its offer before then: missed, the footer's 'Add to Home Screen' would not show on
 * that visit. Run inline in the head beside the loader, as written here (self-contained, no syntax
 * newer than the browsers the app supports); the app reads what it kept (install/install-prompt.ts).
 */

/** The window property the kept offer is left in (install-prompt.ts names it too; a test checks they agree). */
const installOfferGlobal = '__hubInstallOffer';

/**
 * Leaves `{ offer, taken }` on the window: the latest offer, the browser's mini-infobar suppressed
 * as the app suppresses it, until the app sets `taken` and listens itself.
 */
function keepInstallOffer(win, key) {
  var kept = { offer: null, taken: false };
  win[key] = kept;
  win.addEventListener('beforeinstallprompt', function (event) {
    if (kept.taken) return;
    event.preventDefault();
    kept.offer = event;
  });
}

module.exports = { installOfferGlobal, keepInstallOffer };
