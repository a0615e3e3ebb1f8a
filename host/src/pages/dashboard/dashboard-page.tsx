import { makeStyles, mergeClasses, Subtitle1, Title1, Body1, tokens } from '@fluentui/react-components';
import { appConfigAtom, authStatusAtom, userInfoAtom, useAtomValue } from '@hub/shared';
import { usePageStyles } from '@hub/ui/page-styles';
import { usePageTitle } from '@hub/ui/use-page-title';
import { RemoteWidget } from '../../components/remote-page/remote-widget';
import { useHydrationSafe } from '../../app/use-hydrated';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  intro: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  slot: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // The events widget (its upcoming event cards) measures about 720 px with its heading; the slot
  // keeps that height from the first paint, so the communities widget below it (on phones) does
  // not move when the cards replace their placeholder. Fewer events leave space, never a shift.
  eventsSlot: { minHeight: '720px' },
});

/**
 * "Welcome back, Anna" to a signed-in user (issue 27), the product's welcome to everyone else (and
 * in the prerendered page, which is the same for every visitor).
 */
function Welcome() {
  const { product } = useAtomValue(appConfigAtom);
  // The prerendered home is the anonymous one: the user's name comes after hydration.
  const signedIn = useHydrationSafe(useAtomValue(authStatusAtom) === 'loggedIn', false);
  const firstName = useAtomValue(userInfoAtom).firstName.trim();
  if (signedIn && firstName) {
    return (
      <>
        <Title1 as="h1" block>
          Welcome back, {firstName}
        </Title1>
        <Body1 as="p" block>
          Your next event, what your communities are planning, and communities you may like.
        </Body1>
      </>
    );
  }
  return (
    <>
      <Title1 as="h1" block>
        Welcome to {product.name}
      </Title1>
      <Body1 as="p" block>
        Find events, join communities and networks, and meet the people behind them.
      </Body1>
    </>
  );
}

/** The user dashboard (route ''): composed of widgets the remotes expose, each isolated on its own. */
export function DashboardPage() {
  const styles = useStyles();
  const page = usePageStyles();
  // The home page is named by the product alone.
  usePageTitle(undefined);
  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <Welcome />
      </header>
      <div className={page.panels}>
        <section className={mergeClasses(styles.slot, styles.eventsSlot)} aria-labelledby="upcoming-events-heading">
          <Subtitle1 as="h2" block id="upcoming-events-heading">
            Upcoming events
          </Subtitle1>
          <RemoteWidget remote="events" widget="upcomingEvents" label="Upcoming events" />
        </section>
        <section className={styles.slot} aria-labelledby="communities-heading">
          <Subtitle1 as="h2" block id="communities-heading">
            Communities and networks
          </Subtitle1>
          {/* Below the fold on a phone (under the events slot's 720 px): loaded once on screen or once the
              visitor interacts; beside the events on a wide screen, so at once there. */}
          <RemoteWidget
            remote="communities"
            widget="discoverCommunities"
            label="Communities and networks"
            whenOnScreen
          />
        </section>
      </div>
    </div>
  );
}

export default DashboardPage;
