import { lazy, Suspense } from 'react';
import { dialogQueueAtom, useAtomValue } from '@hub/shared';

// The dialogs themselves load only when the first one is asked for, so they cost nothing on first paint.
const DialogRenderer = lazy(() => import('./dialog-renderer'));

/**
 * Shows the queued dialogs of the shared dialog API one at a time (SPEC §2): only the first entry
 * of the queue is rendered; settling it removes it and the next one appears.
 */
export function DialogHost() {
  const current = useAtomValue(dialogQueueAtom)[0];
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <DialogRenderer dialog={current} />
    </Suspense>
  );
}
