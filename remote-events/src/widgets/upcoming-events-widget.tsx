import { lazy, Suspense, useDeferredValue, useId } from 'react';
import { makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { ArrowRightRegular } from '@fluentui/react-icons';
import {
  authStatusAtom,
  firstFailure,
  eventState,
  retryFailed,
  routePaths,
  useAtomValue,
  useEventList,
  useMyEvents,
  useMyHome,
  usePublicHome,
  type EventSummary,
} from '@hub/shared';
import { EventCard } from '@hub/ui/event-card';
import { EmptyState } from '@hub/ui/empty-state';
import { RouterLink } from '@hub/ui/router-link';
import { RowsSkeleton } from '@hub/ui/skeletons';

/*
 * The home page is the site's first paint (≤ 300 KB gzip with both widgets): the failure message
 * (Fluent's MessageBar and Button) is only fetched when a read fails, and the way to the list is a
 * link rather than a button-styled one, so the widget ships no Button code on the way in.
 */
const LoadFailure = lazy(() => import('@hub/ui/load-failure').then((m) => ({ default: m.LoadFailure })));

/** How many events the widget shows in all, and at most how many of them are the user's own. */
export const widgetShown = 4;
const mineShown = 2;
/** How many of the user's communities' events are shown. */
const communityShown = 2;

const useStyles = makeStyles({
  widget: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  more: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  arrow: { fontSize: '16px' },
});

/**
 * The home page's events widget (the host gives it its h2 "Upcoming events"), issue 27. To a
 * visitor: the featured event (api/home, decisions.md "Home that knows you") with its cover, then
 * what else is coming up. To a signed-in user: their next event (or a friendly way to find one),
 * the upcoming events of their communities they have not signed up for (api/user/home), and what
 * else is coming up. Every read sits under the events keys, so attending or withdrawing elsewhere
 * shows here at once.
 */
export default function UpcomingEventsWidget() {
  const styles = useStyles();
  const mineHeading = useId();
  const featuredHeading = useId();
  const communitiesHeading = useId();
  const nextHeading = useId();
  const loggedIn = useAtomValue(authStatusAtom) === 'loggedIn';
  const mine = useMyEvents({ when: 'upcoming', pageSize: mineShown }, { enabled: loggedIn });
  const next = useEventList({ pageSize: widgetShown + mineShown });
  const publicHome = usePublicHome({ enabled: !loggedIn });
  const myHome = useMyHome({ enabled: loggedIn });
  // An answer reaches the widget through useSyncExternalStore, which React renders synchronously,
  // in one task (the cards: 25–30 ms of a phone's main thread on the home page's load). The
  // deferred copies render the cards as a transition instead, in slices that yield; meanwhile the
  // placeholder stays (issue 14, Total Blocking Time).
  const nextData = useDeferredValue(next.data);
  const mineData = useDeferredValue(mine.data);
  // The personal and featured parts are extras: when they fail, the rest of the widget still shows.
  const homeSettled = loggedIn ? !myHome.isPending || myHome.isError : !publicHome.isPending || publicHome.isError;
  const error = firstFailure(next, ...(loggedIn ? [mine] : []));
  const retry = () => retryFailed(next, mine);
  const listLink = (
    <div className={styles.more}>
      <RouterLink to={routePaths.eventList()} className={styles.link}>
        See all events <ArrowRightRegular aria-hidden="true" className={styles.arrow} />
      </RouterLink>
    </div>
  );

  if (error) {
    return (
      <div className={styles.widget}>
        <Suspense fallback={<RowsSkeleton label="Loading upcoming events" count={1} />}>
          <LoadFailure title="Could not load the upcoming events" error={error} onRetry={retry} />
        </Suspense>
        {listLink}
      </div>
    );
  }
  if (!nextData || (loggedIn && !mineData) || !homeSettled) {
    return <RowsSkeleton label="Loading upcoming events" count={4} />;
  }

  // Only events still to come and not cancelled are "upcoming" (shared eventState, the rule of every
  // list); none is shown twice.
  const upcoming = (e: EventSummary) => eventState(e) === 'upcoming';
  const own: EventSummary[] = (mineData?.items ?? []).filter(upcoming).slice(0, 1);
  const featured = !loggedIn && publicHome.data?.featuredEvent ? [publicHome.data.featuredEvent] : [];
  const shown = new Set([...own, ...featured].map((e) => e.id));
  const ofCommunities = (loggedIn ? (myHome.data?.communityEvents ?? []) : [])
    .filter((e) => upcoming(e) && !shown.has(e.id))
    .slice(0, communityShown);
  for (const e of ofCommunities) shown.add(e.id);
  const others = nextData.items
    .filter((e) => !shown.has(e.id) && upcoming(e))
    .slice(0, Math.max(0, widgetShown - shown.size));

  if (shown.size === 0 && others.length === 0 && !loggedIn) {
    return (
      <div className={styles.widget}>
        <EmptyState title="No upcoming events yet">
          Communities announce their events here; past events are in the events list.
        </EmptyState>
        {listLink}
      </div>
    );
  }
  return (
    <div className={styles.widget}>
      {featured.length > 0 && (
        <section aria-labelledby={featuredHeading} className={styles.widget}>
          <Subtitle2 as="h3" block id={featuredHeading} className={styles.heading}>
            Featured event
          </Subtitle2>
          <EventList events={featured} label={{ 'aria-labelledby': featuredHeading }} headingLevel="h4" cover />
        </section>
      )}
      {loggedIn && (
        <section aria-labelledby={mineHeading} className={styles.widget}>
          <Subtitle2 as="h3" block id={mineHeading} className={styles.heading}>
            Your next event
          </Subtitle2>
          {own.length > 0 ? (
            <EventList events={own} label={{ 'aria-labelledby': mineHeading }} headingLevel="h4" />
          ) : (
            <EmptyState title="Nothing planned yet">
              You are not signed up for an event. <RouterLink to={routePaths.eventList()}>Find one to join</RouterLink>.
            </EmptyState>
          )}
        </section>
      )}
      {ofCommunities.length > 0 && (
        <section aria-labelledby={communitiesHeading} className={styles.widget}>
          <Subtitle2 as="h3" block id={communitiesHeading} className={styles.heading}>
            From your communities
          </Subtitle2>
          <EventList events={ofCommunities} label={{ 'aria-labelledby': communitiesHeading }} headingLevel="h4" />
        </section>
      )}
      {others.length > 0 && (
        <section aria-labelledby={nextHeading} className={styles.widget}>
          <Subtitle2 as="h3" block id={nextHeading} className={styles.heading}>
            {shown.size > 0 || loggedIn ? 'Also coming up' : 'Next events'}
          </Subtitle2>
          <EventList events={others} label={{ 'aria-labelledby': nextHeading }} headingLevel="h4" />
        </section>
      )}
      {listLink}
    </div>
  );
}

interface EventListProps {
  events: EventSummary[];
  label: { 'aria-label': string } | { 'aria-labelledby': string };
  headingLevel: 'h3' | 'h4';
  /** Whether the cards show their cover (the featured event does). */
  cover?: boolean;
}

function EventList({ events, label, headingLevel, cover = false }: EventListProps) {
  const styles = useStyles();
  return (
    <ul className={styles.list} {...label}>
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} cover={cover} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
