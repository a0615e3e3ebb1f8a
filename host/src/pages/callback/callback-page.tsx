import { makeStyles, Spinner, Title2, tokens } from '@fluentui/react-components';

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
 * Only the progress indicator lives here. The identity issue adds the logic: on arrival, post the
 * user sync (5000 ms timeout; null on error or timeout), clear the sync-pending flag only for a
 * non-null result, fetch the user info, then navigate to the last visited page (or /). Codes 4, 5
 * and 6 are only logged. The header keeps its previous highlight while this route is shown.
 */
export function CallbackPage() {
  const styles = useStyles();
  return (
    <section className={styles.page} aria-labelledby="callback-title" aria-busy="true">
      <Spinner size="large" aria-labelledby="callback-title" />
      <Title2 as="h1" id="callback-title" className={styles.heading}>
        Signing you in…
      </Title2>
    </section>
  );
}

export default CallbackPage;
