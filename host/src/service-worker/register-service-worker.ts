import { getAppConfig, logger, showAlert } from '@hub/shared';
import { showToast } from '@hub/ui/show-toast';
import { whenStable, type StabilityEnvironment } from './when-stable';
import {
  checkForUpdate,
  reactToVersionEvent,
  watchVersionEvents,
  type VersionEvent,
  type VersionReactions,
} from './version-events';
import { workerMessages } from './worker-messages';

/** SPEC §9: the worker's file. */
export const serviceWorkerUrl = '/ngsw-worker.js';
/** How often an open page asks whether a newer version was released (also whenever it is shown again). */
export const updateCheckIntervalMs = 60 * 60 * 1000;
/** SPEC §8's wording: a registration failure is logged to the console. */
export const registrationFailedText = 'Service worker registration failed';
/**
 * The performance mark set when the page is stable and registering starts: like idle warming's, it
 * ends what the page itself cost (the e2e budget guard and the bench count the scripts before it;
 * registering loads workbox-window and precaches the shell).
 */
export const registrationMark = 'hub:service-worker-registration';

/**
 * The version events this page has seen, in order, on the page element (`data-hub-version-events`):
 * what a support person or an end-to-end test reads to see which version the page is on and why.
 */
function record(event: VersionEvent): void {
  const root = document.documentElement;
  const seen = root.dataset.hubVersionEvents;
  root.dataset.hubVersionEvents = seen ? `${seen} ${event}` : event;
}

export interface RegistrationOptions {
  /** Only production builds register (SPEC §7, §9); tests pass it. */
  production?: boolean;
  stability?: StabilityEnvironment;
}

/**
 * SPEC §9: registers `/ngsw-worker.js` in production builds only, once the app is stable or after
 * 30 s at the latest, and wires SPEC §4's version events to their reactions. Never throws: a page
 * without a worker is still the whole site.
 */
export async function registerServiceWorker({
  production = process.env.NODE_ENV === 'production',
  stability,
}: RegistrationOptions = {}): Promise<ServiceWorkerRegistration | undefined> {
  if (!production || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
  await whenStable(stability);
  performance.mark?.(registrationMark);
  try {
    const { Workbox } = await import(/* webpackChunkName: "workbox-window" */ 'workbox-window');
    const workbox = new Workbox(serviceWorkerUrl);
    const emit = (event: VersionEvent, detail?: unknown) => {
      record(event);
      void reactToVersionEvent(event, reactions(workbox), detail);
    };
    const controlledAtStart = Boolean(navigator.serviceWorker.controller);
    const registration = await workbox.register({ immediate: true });
    // A browser that blocks workers (or a test harness) may answer without a registration.
    if (!registration) throw new Error('the browser gave no registration');
    watchVersionEvents(workbox, registration, emit);
    const check = () => void checkForUpdate(registration, emit).catch((error: unknown) => logger.error(error));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') check();
    });
    window.setInterval(check, updateCheckIntervalMs);
    // The first visit loaded its page, remotes, chunks and reads before a worker ran it: once it is
    // active, the worker is handed their addresses, and stores those its rules allow
    // (Workbox's CACHE_URLS message, answered by its router with the same routes as a fetch).
    if (!controlledAtStart) {
      void workbox.active
        .then(() => workbox.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: pageAddresses() } }))
        .catch((error: unknown) => logger.error('Could not cache the first page for offline use', error));
    }
    // A page already run by a worker asks at once, so "no new version" is known from the start.
    if (navigator.serviceWorker.controller && !registration.installing && !registration.waiting) check();
    return registration;
  } catch (error) {
    logger.error(registrationFailedText, error);
    return undefined;
  }
}

/** The page's own address and everything it has fetched so far. */
function pageAddresses(): string[] {
  const fetched = performance.getEntriesByType('resource').map((entry) => entry.name);
  return [...new Set([window.location.href, ...fetched])];
}

function reactions(workbox: { messageSkipWaiting(): void }): VersionReactions {
  return {
    productName: () => getAppConfig().product.name,
    toast: ({ title, actionLabel, onAction }) =>
      showToast({ intent: 'info', title, action: { label: actionLabel, onClick: onAction }, timeout: -1 }),
    alert: ({ title, subtitle }) => showAlert({ title, subtitle, error: true }),
    activateWaiting: () => workbox.messageSkipWaiting(),
    onNextController: (callback) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => callback(), { once: true }),
    reload: () => window.location.reload(),
    logError: (...args) => logger.error(...args),
  };
}

export { workerMessages };
