import { settleDialog, type QueuedDialog, useStore } from '@hub/shared';
import { AlertDialog } from './alert-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { EventLocationDialog } from './event-location-dialog';

/** Renders one queued dialog by kind and settles it through the shared queue. */
export function DialogRenderer({ dialog }: { dialog: QueuedDialog }) {
  const store = useStore();
  const settle = (value: unknown) => settleDialog(dialog.id, value, store);
  const { request } = dialog;
  // Keyed by id: two dialogs in a row never share state (a half-chosen location, focus).
  switch (request.kind) {
    case 'alert':
      return <AlertDialog key={dialog.id} request={request} onClose={() => settle(undefined)} />;
    case 'confirm':
      return <ConfirmDialog key={dialog.id} request={request} onAnswer={settle} />;
    case 'eventLocation':
      return <EventLocationDialog key={dialog.id} request={request} onChoose={settle} />;
  }
}

export default DialogRenderer;
