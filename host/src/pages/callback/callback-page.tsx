import { makeStyles, Spinner, Title2, tokens } from '@fluentui/react-components';
import { usePageTitle } from '@hub/ui/use-page-title';
import { useCallbackReturn } from './use-callback-return';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalL,
    paddingBlock: tokens.spacingVerticalXXXL,
  },
  heading: { margin: 0 },
});

/**
 * The sign-in return screen (SPEC §2 `callback`, SPEC §4 "On a new session: redirect to /callback").
 *
 * The shared session flow (startNewSession in @hub/shared) brings the user here, posts the user
 * sync (5000 ms timeout; null on error or timeout), clears the sync-pending flag only for a
 * non-null result, fetches the user info, then sends the user to the last visited page (or /).
 * This screen shows progress meanwhile, and sends a user who arrives with nothing under way
 * straight on. The header keeps its previous highlight while this route is shown.
 */
export function CallbackPage() {
  const styles = useStyles();
  useCallbackReturn();
  usePageTitle('Signing you in');
  return (
    <section className={styles.page} aria-labelledby="callback-title" aria-busy="true">
      <Spinner size="large" aria-labelledby="callback-title" />
      <Title2 as="h1" block id="callback-title" className={styles.heading}>
        Signing you in…
      </Title2>
    </section>
  );
}

export default CallbackPage;
