import { lazy, Suspense, useDeferredValue } from 'react';
import {
  authStatusAtom,
  firstFailure,
  retryFailed,
  useAtomValue,
  useEventList,
  useMyEvents,
  useMyHome,
  usePublicHome,
} from '@hub/shared';
import { RowsSkeleton } from '@hub/ui/skeletons';
import {
  mineShown,
  SeeAllEvents,
  selectUpcoming,
  UpcomingEventsView,
  useUpcomingStyles,
  widgetShown,
} from './upcoming-events-view';

/*
 * The home page is the site's first paint (≤ 300 KB gzip with both widgets): the failure message
 * (Fluent's MessageBar and Button) is only fetched when a read fails, and the way to the list is a
 * link rather than a button-styled one, so the widget ships no Button code on the way in.
 */
const LoadFailure = lazy(() => import('@hub/ui/load-failure').then((m) => ({ default: m.LoadFailure })));

/**
 * The home page's events widget (the host gives it its h2 "Upcoming events"), issue 27. To a
 * visitor: the featured event (api/home, decisions.md "Home that knows you") with its cover, then
 * what else is coming up. To a signed-in user: their next event (or a friendly way to find one),
 * the upcoming events of their communities they have not signed up for (api/user/home), and what
 * else is coming up. Every read sits under the events keys, so attending or withdrawing elsewhere
 * shows here at once.
 */
export default function UpcomingEventsWidget() {
  const styles = useUpcomingStyles();
  const status = useAtomValue(authStatusAtom);
  const loggedIn = status === 'loggedIn';
  // While a stored session is being restored, the visitor is neither: the featured event is the
  // anonymous home's, and a signed-in user must never see it (their home replaces it a moment later).
  const restoring = status === 'loading';
  const mine = useMyEvents({ when: 'upcoming', pageSize: mineShown }, { enabled: loggedIn });
  const next = useEventList({ pageSize: widgetShown + mineShown });
  const publicHome = usePublicHome({ enabled: status === 'loggedOut' });
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

  if (error) {
    return (
      <div className={styles.widget}>
        <Suspense fallback={<RowsSkeleton label="Loading upcoming events" count={1} />}>
          <LoadFailure title="Could not load the upcoming events" error={error} onRetry={retry} />
        </Suspense>
        <SeeAllEvents />
      </div>
    );
  }
  if (restoring || !nextData || (loggedIn && !mineData) || !homeSettled) {
    return <RowsSkeleton label="Loading upcoming events" count={4} />;
  }
  return (
    <UpcomingEventsView
      {...selectUpcoming({
        loggedIn,
        next: nextData.items,
        featured: publicHome.data?.featuredEvent,
        mine: mineData?.items,
        communityEvents: myHome.data?.communityEvents,
      })}
    />
  );
}
