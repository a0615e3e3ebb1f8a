import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ErrorCircleFilled } from '@fluentui/react-icons';
import { dialogTexts, type AlertDialogRequest } from '@hub/shared';

const useStyles = makeStyles({
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  errorIcon: { flexShrink: 0, color: tokens.colorStatusDangerForeground1, fontSize: '24px' },
});

export interface AlertDialogProps {
  request: AlertDialogRequest;
  onClose: () => void;
}

/** SPEC §2 Alert: title, subtitle, error flag, Ok. An error alert is announced as an alert dialog. */
export function AlertDialog({ request, onClose }: AlertDialogProps) {
  const styles = useStyles();
  return (
    <Dialog
      open
      modalType={request.error ? 'alert' : 'modal'}
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle className={styles.title}>
            {request.error && <ErrorCircleFilled className={styles.errorIcon} aria-label="Error" />}
            {request.title}
          </DialogTitle>
          {request.subtitle && <DialogContent>{request.subtitle}</DialogContent>}
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {dialogTexts.ok}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
