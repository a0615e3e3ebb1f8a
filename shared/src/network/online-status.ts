import { onlineManager } from '@tanstack/react-query';
import { atom, useAtomValue } from '../store/hub-jotai';
import { hubStore } from '../store/hub-store';

/**
 * Whether the device has a network connection, as the browser reports it. One value for the whole
 * site: the host's offline banner and every action that needs the network (join, attend, save) read
 * it, and TanStack Query's `onlineManager` follows it, so reads pause offline instead of failing.
 */
export const onlineAtom = atom<boolean>(typeof navigator === 'undefined' ? true : navigator.onLine !== false);

/** True while the device is online. */
export function useOnline(): boolean {
  return useAtomValue(onlineAtom);
}

/** SPEC leaves the offline texts open (docs/decisions.md "Service worker"); one wording everywhere. */
export const offlineTexts = {
  bannerTitle: 'You are offline',
  bannerBody: 'Pages you have visited can still be read. Joining, attending and saving need a network connection.',
  /** Beside an action that is disabled offline: "Joining needs a network connection." */
  needsNetwork: (action: string) => `You are offline. ${action} needs a network connection.`,
  /** In place of what is still loading when the device is offline and nothing of it was kept. */
  notSavedTitle: 'Not saved for offline reading',
  notSavedBody: 'This has not been opened on this device before. It appears here as soon as you are back online.',
} as const;

type Store = typeof hubStore;
let stopTracking: (() => void) | null = null;

/**
 * Follows the browser's `online` / `offline` events. Also sets the query layer's online state from
 * `navigator.onLine` at once: TanStack Query assumes online until an event says otherwise, so a page
 * opened offline would otherwise run every query into a network error instead of showing the
 * answers it already has. Idempotent; returns a function that stops following.
 */
export function trackOnlineStatus(target: Window = window, store: Store = hubStore): () => void {
  if (stopTracking) return stopTracking;
  const apply = (online: boolean) => {
    store.set(onlineAtom, online);
    onlineManager.setOnline(online);
  };
  const onOnline = () => apply(true);
  const onOffline = () => apply(false);
  apply(target.navigator.onLine !== false);
  target.addEventListener('online', onOnline);
  target.addEventListener('offline', onOffline);
  stopTracking = () => {
    target.removeEventListener('online', onOnline);
    target.removeEventListener('offline', onOffline);
    stopTracking = null;
  };
  return stopTracking;
}

// The device's network state is followed from the moment the shared package loads: the first page
// may be opened offline, before any component that reads it mounts.
if (typeof window !== 'undefined') trackOnlineStatus();
