import { useId } from 'react';
import { makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { ArrowRightRegular } from '@fluentui/react-icons';
import { eventState, routePaths, type EventSummary } from '@hub/shared';
import { EventCard } from '@hub/ui/event-card';
import { EmptyState } from '@hub/ui/empty-state';
import { RouterLink } from '@hub/ui/router-link';

/** How many events the widget shows in all, and at most how many of them are the user's own. */
export const widgetShown = 4;
export const mineShown = 2;
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

/** The widget's column, for its failure too. */
export const useUpcomingStyles = useStyles;

/** What the widget reads; the personal parts are a signed-in user's only. */
export interface UpcomingReads {
  loggedIn: boolean;
  /** The next events (api/events). */
  next: EventSummary[];
  /** The featured event (api/home), a visitor's only. */
  featured?: EventSummary | null;
  /** The user's own upcoming events (api/user/events). */
  mine?: EventSummary[];
  /** The user's communities' events (api/user/home). */
  communityEvents?: EventSummary[];
}

export interface UpcomingSelection {
  loggedIn: boolean;
  featured: EventSummary[];
  own: EventSummary[];
  ofCommunities: EventSummary[];
  others: EventSummary[];
}

/**
 * What the widget shows of its reads: only events still to come and not cancelled (shared
 * eventState, the rule of every list), none twice, four in all.
 */
export function selectUpcoming({ loggedIn, next, featured, mine = [], communityEvents = [] }: UpcomingReads) {
  const upcoming = (e: EventSummary) => eventState(e) === 'upcoming';
  const own = mine.filter(upcoming).slice(0, 1);
  const featuredShown = !loggedIn && featured ? [featured] : [];
  const shown = new Set([...own, ...featuredShown].map((e) => e.id));
  const ofCommunities = (loggedIn ? communityEvents : [])
    .filter((e) => upcoming(e) && !shown.has(e.id))
    .slice(0, communityShown);
  for (const e of ofCommunities) shown.add(e.id);
  const others = next.filter((e) => !shown.has(e.id) && upcoming(e)).slice(0, Math.max(0, widgetShown - shown.size));
  return { loggedIn, featured: featuredShown, own, ofCommunities, others } satisfies UpcomingSelection;
}

/** The way to the events list, under the widget. */
export function SeeAllEvents() {
  const styles = useStyles();
  return (
    <div className={styles.more}>
      <RouterLink to={routePaths.eventList()} className={styles.link}>
        See all events <ArrowRightRegular aria-hidden="true" className={styles.arrow} />
      </RouterLink>
    </div>
  );
}

/**
 * The widget's events as it draws them, both in the browser and on the host's page server (the
 * anonymous home's HTML, server-frames.tsx): one component, so the widget renders over the HTML's
 * frame without anything moving. The featured event's cover is the home's largest paint on a
 * phone: asked for first (`fetchpriority="high"`).
 */
export function UpcomingEventsView({ loggedIn, featured, own, ofCommunities, others }: UpcomingSelection) {
  const styles = useStyles();
  const mineHeading = useId();
  const featuredHeading = useId();
  const communitiesHeading = useId();
  const nextHeading = useId();
  if (featured.length + own.length + ofCommunities.length + others.length === 0 && !loggedIn) {
    return (
      <div className={styles.widget}>
        <EmptyState title="No upcoming events yet">
          Communities announce their events here; past events are in the events list.
        </EmptyState>
        <SeeAllEvents />
      </div>
    );
  }
  const anyShown = featured.length + own.length + ofCommunities.length > 0;
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
            {anyShown || loggedIn ? 'Also coming up' : 'Next events'}
          </Subtitle2>
          <EventList events={others} label={{ 'aria-labelledby': nextHeading }} headingLevel="h4" />
        </section>
      )}
      <SeeAllEvents />
    </div>
  );
}

interface EventListProps {
  events: EventSummary[];
  label: { 'aria-label': string } | { 'aria-labelledby': string };
  headingLevel: 'h3' | 'h4';
  /** Whether the cards show their cover (the featured event does, asked for first: the largest paint). */
  cover?: boolean;
}

function EventList({ events, label, headingLevel, cover = false }: EventListProps) {
  const styles = useStyles();
  return (
    <ul className={styles.list} {...label}>
      {events.map((event) => (
        <li key={event.id}>
          <EventCard
            event={event}
            cover={cover}
            coverPriority={cover ? 'high' : undefined}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
