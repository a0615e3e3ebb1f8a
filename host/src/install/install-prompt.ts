import { hubStore, atom } from '@hub/shared';

/** Chromium's `beforeinstallprompt` event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/** The browser's offer to install the site, kept until used or the site is installed (SPEC §1). */
export const installPromptAtom = atom<BeforeInstallPromptEvent | null>(null);

type Store = typeof hubStore;
let stopListening: (() => void) | null = null;

/**
 * Captures the install offer: the browser's own mini-infobar is suppressed and the event kept so
 * the footer can show 'Add to Home Screen'. Idempotent; returns a function that stops listening.
 */
export function listenForInstallPrompt(target: Window = window, store: Store = hubStore): () => void {
  if (stopListening) return stopListening;
  const onOffer = (event: Event) => {
    event.preventDefault();
    store.set(installPromptAtom, event as BeforeInstallPromptEvent);
  };
  const onInstalled = () => store.set(installPromptAtom, null);
  target.addEventListener('beforeinstallprompt', onOffer);
  target.addEventListener('appinstalled', onInstalled);
  stopListening = () => {
    target.removeEventListener('beforeinstallprompt', onOffer);
    target.removeEventListener('appinstalled', onInstalled);
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
