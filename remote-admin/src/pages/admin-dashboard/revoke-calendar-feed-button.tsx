import { Button, makeStyles } from '@fluentui/react-components';
import { CalendarCancelRegular } from '@fluentui/react-icons';
import { showConfirm, toNormalisedError, useRevokeCalendarFeed, type AdminUser } from '@hub/shared';
import { showToast } from '@hub/ui/show-toast';

// One line in its grid cell, as the role button beside it.
const useStyles = makeStyles({ button: { whiteSpace: 'nowrap' } });

const nameOf = (user: AdminUser) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/** The texts of the revoke control, said once (the tests spell them out). */
export const revokeFeedTexts = {
  /** Short, like "Change roles" beside it: the column's header says it is the calendar feed. */
  button: 'Revoke feed',
  confirmTitle: (name: string) => `Revoke the calendar feed of ${name}?`,
  confirmSubtitle:
    'Their private calendar address stops working at once: calendars subscribed to it stop receiving their events. They can create a new address on their personal page.',
  revoked: 'Calendar feed revoked',
  revokedBody: (name: string) => `The calendar address of ${name} no longer works.`,
  none: (name: string) => `${name} has no calendar feed`,
  noneBody: 'There was nothing to revoke.',
  failed: 'Could not revoke the calendar feed',
};

/**
 * An admin makes a user's private calendar feed address stop working (DELETE
 * api/admin/users/{id}/calendar-feed), after a confirm; the result or the failure is a toast. For a
 * feed address shared by mistake, or an account that must lose access to its events at once.
 */
export function RevokeCalendarFeedButton({ user }: { user: AdminUser }) {
  const styles = useStyles();
  const revoke = useRevokeCalendarFeed();
  const name = nameOf(user);

  const run = async () => {
    const yes = await showConfirm({
      title: revokeFeedTexts.confirmTitle(name),
      subtitle: revokeFeedTexts.confirmSubtitle,
    });
    if (!yes) return;
    try {
      const answer = await revoke.mutateAsync(user.id);
      showToast(
        answer.revoked
          ? { intent: 'success', title: revokeFeedTexts.revoked, body: revokeFeedTexts.revokedBody(name) }
          : { intent: 'info', title: revokeFeedTexts.none(name), body: revokeFeedTexts.noneBody },
      );
    } catch (failure) {
      const problem = toNormalisedError(failure);
      showToast({ intent: 'error', title: revokeFeedTexts.failed, body: `${problem.message} Try again in a moment.` });
    }
  };

  return (
    <Button
      size="small"
      appearance="subtle"
      className={styles.button}
      icon={<CalendarCancelRegular />}
      onClick={() => void run()}
      disabled={revoke.isPending}
      // The visible text starts the name (WCAG 2.5.3 Label in Name); the person follows.
      aria-label={`${revokeFeedTexts.button} of ${name}`}
    >
      {revokeFeedTexts.button}
    </Button>
  );
}
