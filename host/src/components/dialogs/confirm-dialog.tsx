import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { dialogTexts, type ConfirmDialogRequest } from '@hub/shared';

export interface ConfirmDialogProps {
  request: ConfirmDialogRequest;
  onAnswer: (yes: boolean) => void;
}

/** SPEC §2 Confirm: title, subtitle, Cancel and Yes. Escape or any other dismissal answers no. */
export function ConfirmDialog({ request, onAnswer }: ConfirmDialogProps) {
  return (
    <Dialog
      open
      modalType="modal"
      onOpenChange={(_, data) => {
        if (!data.open) onAnswer(false);
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{request.title}</DialogTitle>
          {request.subtitle && <DialogContent>{request.subtitle}</DialogContent>}
          <DialogActions>
            <Button appearance="secondary" onClick={() => onAnswer(false)}>
              {dialogTexts.cancel}
            </Button>
            <Button appearance="primary" onClick={() => onAnswer(true)}>
              {dialogTexts.yes}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
