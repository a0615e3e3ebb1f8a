import { useDeferredValue, useMemo } from 'react';
import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { CalendarAddRegular } from '@fluentui/react-icons';
import {
  canCreateEvents,
  firstFailure,
  retryFailed,
  routePaths,
  useCommunitiesOfBase,
  useCountries,
  useEventList,
  CommunityBaseId,
  eventListPageSize,
  isEventListFiltered,
  readEventListParams,
  toEventListFilters,
  writeEventListParams,
  type EventListParams,
  useAtomValue,
  userInfoAtom,
} from '@hub/shared';
import { LoadFailure } from '@hub/ui/load-failure';
import { CardsSkeleton } from '@hub/ui/skeletons';
import { EmptyState } from '@hub/ui/empty-state';
import { RouterButtonLink } from '@hub/ui/router-link';
import { useUrlParams } from '@hub/ui/url-params';
import { EventFilters } from './event-filters';
import { EventPager } from './event-pager';
import { EventListFrame } from './event-list-frame';
import { EventResults } from './event-results';

const useStyles = makeStyles({
  results: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  count: { margin: 0, color: tokens.colorNeutralForeground2 },
  /** Read by screen readers, not shown: the results' heading (the toggle says it on screen). */
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
});

/**
 * The events list (`/events/event-list`): upcoming by default, past on a toggle, filtered by
 * community, country, format and a text search, a page at a time; the whole state lives in the URL.
 */
export function EventListPage() {
  const styles = useStyles();
  // One object per address, so that the memoised filter bar and cards skip the renders other
  // answers cause.
  const [params, change] = useUrlParams(readEventListParams, writeEventListParams);
  const user = useAtomValue(userInfoAtom);
  const events = useEventList(toEventListFilters(params, eventListPageSize));
  const communities = useCommunitiesOfBase(CommunityBaseId.Community);
  const networks = useCommunitiesOfBase(CommunityBaseId.Network);
  const countries = useCountries();
  const filterFailure = firstFailure(communities, networks, countries);
  // The filter choices arrive after the page is drawn; filling the three lists is a transition too.
  const choices = useDeferredValue(
    useMemo(
      () => (communities.data && networks.data ? [...communities.data, ...networks.data] : undefined),
      [communities.data, networks.data],
    ),
  );
  const countryChoices = useDeferredValue(countries.data);

  const hrefOf = (p: number) => {
    const query = writeEventListParams({ ...params, page: p }).toString();
    return query ? `${routePaths.eventList()}?${query}` : routePaths.eventList();
  };

  const title = params.past ? 'Past events' : 'Upcoming events';
  const error = firstFailure(events);
  // An answer arrives through useSyncExternalStore, which React renders synchronously, in one task;
  // the deferred copy renders the page of cards as a transition, in slices that yield, while the
  // cards (or the placeholder) shown before stay (issue 14, Total Blocking Time).
  const data = useDeferredValue(events.data);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const updating = events.isPlaceholderData;

  return (
    <EventListFrame
      documentTitle={title}
      busy={events.isFetching}
      actions={
        canCreateEvents(user) && (
          <RouterButtonLink to={routePaths.eventCreate()} icon={<CalendarAddRegular />}>
            Create event
          </RouterButtonLink>
        )
      }
    >
      <EventFilters params={params} onChange={change} communities={choices} countries={countryChoices} />
      {filterFailure && (
        <LoadFailure
          title="Could not load the filter choices"
          error={filterFailure}
          onRetry={() => retryFailed(communities, networks, countries)}
          retryLabel="Retry loading the filter choices"
        />
      )}
      <section className={styles.results} aria-labelledby="event-results-title">
        <h2 id="event-results-title" className={styles.hidden}>
          {title}
        </h2>
        {error ? (
          <LoadFailure title="Could not load the events" error={error} onRetry={() => retryFailed(events)} />
        ) : !data ? (
          <CardsSkeleton label="Loading events" count={6} />
        ) : data.items.length === 0 ? (
          <EmptyState
            title={emptyTitle(params)}
            live
            actions={
              isEventListFiltered(params) ? (
                <RouterButtonLink to={params.past ? `${routePaths.eventList()}?when=past` : routePaths.eventList()}>
                  Clear filters
                </RouterButtonLink>
              ) : params.past ? undefined : (
                <RouterButtonLink to={`${routePaths.eventList()}?when=past`}>See past events</RouterButtonLink>
              )
            }
          >
            {isEventListFiltered(params)
              ? 'Try another community, country or format, or fewer words.'
              : params.past
                ? 'Events that have taken place are listed here.'
                : 'New events are announced by the communities; check back soon.'}
          </EmptyState>
        ) : (
          <>
            <Body1 as="p" block className={styles.count} role="status">
              {countText(data.total, params.past)}
            </Body1>
            <EventResults items={data.items} updating={updating} labelledBy="event-results-title" />
            <EventPager page={data.page} pageCount={pageCount} hrefOf={hrefOf} />
          </>
        )}
      </section>
    </EventListFrame>
  );
}

function countText(total: number, past: boolean): string {
  const noun = total === 1 ? 'event' : 'events';
  return past ? `${total} past ${noun}` : `${total} upcoming ${noun}`;
}

function emptyTitle(params: EventListParams): string {
  if (isEventListFiltered(params)) {
    const q = params.q.trim();
    return q ? `No ${params.past ? 'past' : 'upcoming'} events match “${q}”` : 'No events match these filters';
  }
  return params.past ? 'No past events yet' : 'No upcoming events yet';
}

export default EventListPage;
