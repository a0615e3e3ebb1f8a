import { useId, useState } from 'react';
import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { eventState, firstFailure, retryFailed, routePaths, useMyEvents, type EventPage } from '@hub/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { EventCard } from '@hub/ui/event-card';
import { LoadFailure } from '@hub/ui/load-failure';
import { usePageStyles } from '@hub/ui/page-styles';
import { RouterButtonLink } from '@hub/ui/router-link';
import { CardsSkeleton } from '@hub/ui/skeletons';
import { Heading } from '@hub/ui/heading';

/** Upcoming events are few: all of them at once (the API's largest page). Past ones a page at a time. */
const upcomingPageSize = 100;
const pastPageSize = 6;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  part: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  empty: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalS },
});

/**
 * "Events I attend" on My {product}: the user's upcoming events (soonest first) and past ones
 * (latest first, more on request), from GET api/user/events. The reads sit under the events keys,
 * so attending or withdrawing anywhere shows here without a reload.
 */
export function MyEventsSection({ enabled }: { enabled: boolean }) {
  const styles = useStyles();
  const [pastShown, setPastShown] = useState(pastPageSize);
  const upcoming = useMyEvents({ when: 'upcoming', pageSize: upcomingPageSize }, { enabled });
  const past = useMyEvents({ when: 'past', pageSize: pastShown }, { enabled });

  return (
    <section className={styles.section} aria-labelledby="my-hub-events">
      <Heading level={2} id="my-hub-events" className={styles.heading}>
        Events I attend
      </Heading>
      <EventsPart
        title="Upcoming"
        query={upcoming}
        keep={isUpcoming}
        enabled={enabled}
        skeleton="Loading your events"
        empty={
          <div className={styles.empty}>
            <Body1>You are not attending any upcoming events.</Body1>
            <RouterButtonLink to={routePaths.eventList()} appearance="primary">
              Browse events
            </RouterButtonLink>
          </div>
        }
      />
      <EventsPart
        title="Past"
        query={past}
        enabled={enabled}
        skeleton="Loading your past events"
        empty={<Body1>No past events yet.</Body1>}
        more={
          past.data && past.data.total > past.data.items.length && pastShown < upcomingPageSize ? (
            <Button
              onClick={() => setPastShown((n) => Math.min(n + pastPageSize, upcomingPageSize))}
              disabled={past.isFetching}
            >
              Show more past events
            </Button>
          ) : null
        }
      />
    </section>
  );
}

/**
 * The API files a cancelled event under past (shared eventState, api event-state-sql.ts); an answer
 * kept from before a cancellation or an ending (the cache, offline reading) is held to the same rule.
 */
const isUpcoming = (event: EventPage['items'][number]) => eventState(event) === 'upcoming';

interface EventsPartProps {
  title: string;
  query: UseQueryResult<EventPage>;
  /** Which of the answer's events this part shows (all by default). */
  keep?: (event: EventPage['items'][number]) => boolean;
  enabled: boolean;
  skeleton: string;
  empty: React.ReactNode;
  more?: React.ReactNode;
}

function EventsPart({ title, query, keep, enabled, skeleton, empty, more }: EventsPartProps) {
  const styles = useStyles();
  const page = usePageStyles();
  const headingId = useId();
  const error = firstFailure(query);
  // The previous answer stays while "show more" loads a longer page.
  const items = keep ? query.data?.items.filter(keep) : query.data?.items;
  return (
    <section className={styles.part} aria-labelledby={headingId}>
      <Heading level={3} id={headingId} className={styles.heading}>
        {title}
      </Heading>
      {error ? (
        <LoadFailure
          title={`Your ${title.toLowerCase()} events could not be loaded`}
          error={error}
          onRetry={() => retryFailed(query)}
          retryLabel={`Retry loading your ${title.toLowerCase()} events`}
        />
      ) : !enabled || !items ? (
        <CardsSkeleton label={skeleton} count={3} />
      ) : items.length === 0 ? (
        empty
      ) : (
        <>
          <ul className={page.cards} aria-label={`${title} events I attend`}>
            {items.map((event) => (
              <li key={event.id}>
                <EventCard event={event} cover={false} headingLevel="h4" />
              </li>
            ))}
          </ul>
          {more}
        </>
      )}
    </section>
  );
}
