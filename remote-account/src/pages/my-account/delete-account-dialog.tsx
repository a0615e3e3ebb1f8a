import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { toNormalisedError, useDeleteMyAccount } from '@hub/shared';
import { Notice } from '@hub/ui/notice';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorPaletteRedForeground1, color: tokens.colorNeutralForegroundOnBrand },
  },
});

/** What deleting does, as the API does it (api/src/services/account-deletion.ts). */
export const deletionConsequences = [
  'Your sign-in is deleted: you cannot sign in with it again.',
  'You are taken off the events you signed up for; your seats go to the people waiting.',
  'Events that have ended keep counting you, as an anonymous number.',
  'You leave your communities and give up any core-member seat.',
  'Your profile, mail preferences and calendar feed are deleted; no more mails are sent to you.',
  'The saved data of this site on this device is cleared and you are signed out.',
];

/**
 * Issue 28: the confirm before "Delete my account" says what happens. Deleting signs the person
 * out and reloads the site at its home (useDeleteMyAccount); a failure is shown in the dialog.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const styles = useStyles();
  const deletion = useDeleteMyAccount();
  const busy = deletion.isPending || deletion.isSuccess;
  return (
    <Dialog open modalType="alert" onOpenChange={(_e, data) => !data.open && !busy && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1>This cannot be undone. Download your data first if you want to keep it.</Body1>
            <ul className={styles.list}>
              {deletionConsequences.map((text) => (
                <li key={text}>
                  <Body1>{text}</Body1>
                </li>
              ))}
            </ul>
            <Body1>The audit log keeps what was done, naming you by a pseudonym only.</Body1>
            {deletion.isError ? (
              <Notice intent="error" announce="alert" title="Your account was not deleted">
                {toNormalisedError(deletion.error).message}
              </Notice>
            ) : null}
          </DialogContent>
          {/* The primary action last, as in every dialog of the site. */}
          <DialogActions>
            <Button disabled={busy} onClick={onClose}>
              Keep my account
            </Button>
            <Button
              appearance="primary"
              className={styles.danger}
              disabled={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              onClick={() => deletion.mutate()}
            >
              {busy ? 'Deleting…' : 'Delete my account'}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
