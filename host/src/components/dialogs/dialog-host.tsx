import { lazy, Suspense, useEffect, useRef } from 'react';
import { dialogQueueAtom, useAtomValue, type QueuedDialog } from '@hub/shared';

// The dialogs themselves load only when the first one is asked for, so they cost nothing on first paint.
const DialogRenderer = lazy(() => import('./dialog-renderer'));

/**
 * Shows the queued dialogs of the shared dialog API one at a time (SPEC §2): only the first entry
 * of the queue is rendered; settling it removes it and the next one appears.
 *
 * When the last one closes, focus goes back to what opened the first (the queue keeps it): the
 * dialogs are opened by code, not by a Fluent DialogTrigger, so Fluent has nothing to give focus
 * back to, and a keyboard user was left at the top of the page after Esc or Yes (issue 23). When
 * that element is gone or cannot take focus, the screen that asked decides where focus goes.
 */
export function DialogHost() {
  const current = useAtomValue(dialogQueueAtom)[0];
  useReturnFocus(current);
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <DialogRenderer dialog={current} />
    </Suspense>
  );
}

/** Remembers the opener of a run of dialogs and focuses it once none is shown. */
function useReturnFocus(current: QueuedDialog | undefined): void {
  const opener = useRef<HTMLElement | null>(null);
  if (current && opener.current === null) opener.current = current.opener;
  const open = current !== undefined;
  useEffect(() => {
    // Runs after the dialog's own unmount (its focus trap released).
    if (open || !opener.current) return;
    const target = opener.current;
    opener.current = null;
    if (target.isConnected && !target.hasAttribute('disabled')) target.focus();
  }, [open]);
}
