import { Button, makeStyles } from '@fluentui/react-components';
import { PersonDeleteRegular } from '@fluentui/react-icons';
import { showConfirm, toNormalisedError, useDeleteUserAccount, type AdminUser } from '@hub/shared';
import { showToast } from '@hub/ui/show-toast';

// One line in its grid cell, as the buttons beside it.
const useStyles = makeStyles({ button: { whiteSpace: 'nowrap' } });

const nameOf = (user: AdminUser) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/** The texts of the delete control, said once (the tests spell them out). */
export const deleteAccountTexts = {
  button: 'Delete account',
  confirmTitle: (name: string) => `Delete the account of ${name}?`,
  confirmSubtitle:
    'As if they deleted it themselves: their sign-in is deleted; they are taken off upcoming events (their seats go to the people waiting) and out of their communities and core-member seats; ended events keep counting them anonymously; their profile, preferences and calendar feed are deleted. The audit log records it and names them by a pseudonym from now on. This cannot be undone.',
  deleted: 'Account deleted',
  deletedBody: (name: string) => `The account of ${name} is deleted.`,
  failed: 'Could not delete the account',
};

/**
 * An admin deletes someone's account as its owner can (DELETE api/admin/users/{id}, issue 28;
 * audited), after a confirm that says what happens; the result or the failure is a toast.
 */
export function DeleteUserAccountButton({ user }: { user: AdminUser }) {
  const styles = useStyles();
  const deletion = useDeleteUserAccount();
  const name = nameOf(user);

  const run = async () => {
    const yes = await showConfirm({
      title: deleteAccountTexts.confirmTitle(name),
      subtitle: deleteAccountTexts.confirmSubtitle,
    });
    if (!yes) return;
    try {
      await deletion.mutateAsync(user.id);
      showToast({ intent: 'success', title: deleteAccountTexts.deleted, body: deleteAccountTexts.deletedBody(name) });
    } catch (failure) {
      const problem = toNormalisedError(failure);
      showToast({
        intent: 'error',
        title: deleteAccountTexts.failed,
        body: `${problem.message} Try again in a moment.`,
      });
    }
  };

  return (
    <Button
      size="small"
      appearance="subtle"
      className={styles.button}
      icon={<PersonDeleteRegular />}
      onClick={() => void run()}
      disabled={deletion.isPending}
      // The visible text starts the name (WCAG 2.5.3 Label in Name); the person follows.
      aria-label={`${deleteAccountTexts.button} of ${name}`}
    >
      {deleteAccountTexts.button}
    </Button>
  );
}
