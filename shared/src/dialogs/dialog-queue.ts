import { atom } from '../store/hub-jotai';
import { hubStore } from '../store/hub-store';
import type {
  AlertDialogRequest,
  ConfirmDialogRequest,
  DialogRequest,
  DialogResult,
  QueuedDialog,
} from './dialog-types';
import type { EventLocation } from '@hub/contract/events';

/** Dialogs waiting to be shown; the host renders only the first (SPEC §2: one at a time, in a queue). */
export const dialogQueueAtom = atom<QueuedDialog[]>([]);

let nextId = 1;

/** The element with focus now, if it is one focus can go back to (not the page itself). */
function focusedElement(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

function enqueue<R extends DialogRequest>(request: R, store = hubStore): Promise<DialogResult<R>> {
  return new Promise((resolve) => {
    const entry: QueuedDialog = {
      id: nextId++,
      request,
      resolve: resolve as (value: unknown) => void,
      opener: focusedElement(),
    };
    store.set(dialogQueueAtom, (queue) => [...queue, entry]);
  });
}

/** Called by the dialog renderer when the shown dialog closes: resolves its promise and shows the next one. */
export function settleDialog(id: number, value: unknown, store = hubStore): void {
  const queue = store.get(dialogQueueAtom);
  const entry = queue.find((d) => d.id === id);
  if (!entry) return;
  store.set(
    dialogQueueAtom,
    queue.filter((d) => d.id !== id),
  );
  entry.resolve(value);
}

export function showAlert(options: Omit<AlertDialogRequest, 'kind'>): Promise<void> {
  return enqueue({ kind: 'alert', ...options });
}

/** Resolves true for Yes, false for Cancel or dismissal. */
export function showConfirm(options: Omit<ConfirmDialogRequest, 'kind'>): Promise<boolean> {
  return enqueue({ kind: 'confirm', ...options });
}

/** SPEC §5: only locations that are not online and have an address are offered. */
export function selectableLocations(locations: EventLocation[]): EventLocation[] {
  return locations.filter((l) => l.online !== 'Yes' && !!l.address && l.address.trim() !== '');
}

/** Resolves with the chosen location, or null when cancelled. */
export function pickEventLocation(locations: EventLocation[]): Promise<EventLocation | null> {
  return enqueue({ kind: 'eventLocation', locations: selectableLocations(locations) });
}
