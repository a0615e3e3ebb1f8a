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
 * Captures the install offer: the browser's own mini-infobar is suppressed and the event kept so
 * the footer can show 'Add to Home Screen'. Idempotent; returns a function that stops listening.
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
