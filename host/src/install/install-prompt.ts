import { hubStore, atom } from '@hub/shared';

/** Chromium's `beforeinstallprompt` event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/** The browser's offer to install the site, kept until used or the site is installed (SPEC §1). */
export const installPromptAtom = atom<BeforeInstallPromptEvent | null>(null);

type Store = typeof hubStore;

/** The manifest's `display: standalone`: the site runs as the installed app. */
export const standaloneQuery = '(display-mode: standalone)';

export function isStandalone(target: Window = window): boolean {
  return Boolean(target.matchMedia?.(standaloneQuery).matches);
}
let stopListening: (() => void) | null = null;

/**
 * Where the page's head keeps an offer made before the app started (host/build/keep-install-offer.js,
 * which names it too: a test checks they agree). The app starts once the page has painted.
 */
export const installOfferGlobal = '__hubInstallOffer';

interface KeptOffer {
  offer: BeforeInstallPromptEvent | null;
  taken: boolean;
}

/** The offer the head kept, if any; from now on the app listens itself and the head keeps nothing. */
function takeKeptOffer(target: Window): BeforeInstallPromptEvent | null {
  const kept = (target as unknown as Record<string, KeptOffer | undefined>)[installOfferGlobal];
  if (!kept) return null;
  kept.taken = true;
  const { offer } = kept;
  kept.offer = null;
  return offer;
}

/**
 * Captures the install offer: the browser's own mini-infobar is suppressed and the event kept so
 * the footer can show 'Add to Home Screen'; an offer the head kept before the app started is taken
 * first. Idempotent; returns a function that stops listening.
 */
export function listenForInstallPrompt(target: Window = window, store: Store = hubStore): () => void {
  if (stopListening) return stopListening;
  const onOffer = (event: Event) => {
    event.preventDefault();
    // Already running as the installed app: there is nothing to offer.
    if (isStandalone(target)) return;
    store.set(installPromptAtom, event as BeforeInstallPromptEvent);
  };
  const onInstalled = () => store.set(installPromptAtom, null);
  // Opened from the home screen (or the installed window), the offer goes, whatever came before.
  const standalone = target.matchMedia?.(standaloneQuery);
  const onDisplayMode = (event: MediaQueryListEvent) => {
    if (event.matches) store.set(installPromptAtom, null);
  };
  // The head already suppressed its infobar; otherwise it is handled as if it came now.
  const kept = takeKeptOffer(target);
  if (kept) onOffer(kept);
  target.addEventListener('beforeinstallprompt', onOffer);
  target.addEventListener('appinstalled', onInstalled);
  standalone?.addEventListener?.('change', onDisplayMode);
  stopListening = () => {
    target.removeEventListener('beforeinstallprompt', onOffer);
    target.removeEventListener('appinstalled', onInstalled);
    standalone?.removeEventListener?.('change', onDisplayMode);
    stopListening = null;
  };
  return stopListening;
}

/** Shows the browser's install dialog. An offer can be used once, so it is cleared first. */
export async function promptInstall(store: Store = hubStore): Promise<void> {
  const offer = store.get(installPromptAtom);
  if (!offer) return;
  store.set(installPromptAtom, null);
  await offer.prompt();
}

// The offer can arrive as soon as the page loads, before any component mounts: listen now.
if (typeof window !== 'undefined') listenForInstallPrompt();
