import type { Workbox } from 'workbox-window';
import { workerMessages } from './worker-messages';

/** SPEC §4's service worker version events. */
export type VersionEvent = 'detected' | 'installation-failed' | 'ready' | 'no-new-version' | 'unrecoverable';

/** The texts of the reactions (SPEC §4 leaves them open; docs/decisions.md "Service worker"). */
export const versionTexts = {
  readyTitle: (product: string) => `A new version of ${product} is available`,
  reload: 'Reload',
  unrecoverableTitle: 'This page must reload',
  unrecoverableSubtitle: (product: string) =>
    `Part of this version of ${product} is no longer available on this device. The page will reload to get the current version.`,
  installationFailed: 'A new version of the site could not be installed',
} as const;

export interface VersionReactions {
  productName(): string;
  /** The toast with its one action. */
  toast(message: { title: string; actionLabel: string; onAction: () => void }): void;
  alert(message: { title: string; subtitle: string }): Promise<void>;
  /** Asks the waiting worker to take over (Workbox's `messageSkipWaiting`). */
  activateWaiting(): void;
  /** Calls back once, when a new worker controls the page. */
  onNextController(callback: () => void): void;
  reload(): void;
  logError(...args: unknown[]): void;
}

/**
 * What the user sees for each event: a new version found → nothing (it is only downloading);
 * installation failed → logged; ready → a toast whose Reload activates the new version and reloads
 * once it controls the page; no new version → nothing; unrecoverable → an alert saying the page will
 * reload, then the reload.
 */
export async function reactToVersionEvent(event: VersionEvent, reactions: VersionReactions, detail?: unknown) {
  switch (event) {
    case 'detected':
    case 'no-new-version':
      return;
    case 'installation-failed':
      reactions.logError(versionTexts.installationFailed, detail);
      return;
    case 'ready': {
      let reloading = false;
      reactions.toast({
        title: versionTexts.readyTitle(reactions.productName()),
        actionLabel: versionTexts.reload,
        onAction: () => {
          if (reloading) return;
          reloading = true;
          reactions.onNextController(() => reactions.reload());
          reactions.activateWaiting();
        },
      });
      return;
    }
    case 'unrecoverable':
      await reactions.alert({
        title: versionTexts.unrecoverableTitle,
        subtitle: versionTexts.unrecoverableSubtitle(reactions.productName()),
      });
      reactions.reload();
      return;
  }
}

/**
 * Turns the worker's lifecycle into SPEC §4's events; `emit` receives each in the order it happens.
 * Read from the registration itself rather than from workbox-window's lifecycle events: the
 * browser checks for a new worker on every page load, so a new version may already be installing
 * or waiting when the page registers (it registers only once the app is stable).
 */
export function watchVersionEvents(
  workbox: Pick<Workbox, 'addEventListener'>,
  registration: ServiceWorkerRegistration,
  emit: (event: VersionEvent, detail?: unknown) => void,
  controlled: () => boolean = () => Boolean(navigator.serviceWorker?.controller),
): void {
  const followed = new WeakSet<ServiceWorker>();
  const follow = (worker: ServiceWorker | null) => {
    if (!worker || followed.has(worker)) return;
    followed.add(worker);
    // The first worker of a page is not a new version of anything: only an update is announced.
    const update = controlled();
    if (update) emit('detected');
    let installed = false;
    const onStateChange = () => {
      if (worker.state === 'installed') {
        installed = true;
        if (update) emit('ready');
      } else if (worker.state === 'redundant') {
        worker.removeEventListener('statechange', onStateChange);
        // Redundant without ever having installed: its install step failed (a file it precaches
        // could not be fetched). A version that installed and was later replaced is not a failure.
        if (!installed) emit('installation-failed', worker.scriptURL);
      } else if (worker.state === 'activated') {
        worker.removeEventListener('statechange', onStateChange);
      }
    };
    worker.addEventListener('statechange', onStateChange);
  };
  if (registration.waiting && controlled()) emit('ready');
  follow(registration.installing);
  registration.addEventListener('updatefound', () => follow(registration.installing));
  workbox.addEventListener('message', (event) => {
    const data = event.data as { type?: string; reason?: string } | null;
    if (data?.type === workerMessages.unrecoverable) emit('unrecoverable', data.reason);
  });
}

/** Asks the server for a newer worker; 'no-new-version' when it has none. */
export async function checkForUpdate(
  registration: ServiceWorkerRegistration,
  emit: (event: VersionEvent, detail?: unknown) => void,
): Promise<void> {
  let found = false;
  const onFound = () => {
    found = true;
  };
  registration.addEventListener('updatefound', onFound);
  try {
    await registration.update();
  } finally {
    registration.removeEventListener('updatefound', onFound);
  }
  if (!found && !registration.installing && !registration.waiting) emit('no-new-version');
}
