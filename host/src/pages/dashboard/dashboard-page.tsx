import { makeStyles, mergeClasses, Subtitle1, tokens } from '@fluentui/react-components';
import { usePageStyles } from '@hub/ui/page-styles';
import { usePageTitle } from '@hub/ui/use-page-title';
import { RemoteWidget } from '../../components/remote-page/remote-widget';
import { Welcome } from './welcome';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  intro: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  slot: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // The events widget (its upcoming event cards) measures about 720 px with its heading; the slot
  // keeps that height from the first paint, so the communities widget below it (on phones) does
  // not move when the cards replace their placeholder. Fewer events leave space, never a shift.
  eventsSlot: { minHeight: '720px' },
});

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
