import { lazy, Suspense, useMemo } from 'react';
import { useParams } from 'react-router';
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Link,
  makeStyles,
  mergeClasses,
  Subtitle2,
  Text,
  Title1,
  tokens,
} from '@fluentui/react-components';
import { CalendarAddRegular, GlobeRegular, LocationRegular, PeopleRegular } from '@fluentui/react-icons';
import {
  eventState,
  parseId,
  apiUrl,
  getAppConfig,
  routePaths,
  toNormalisedError,
  useEvent,
  useEventViewer,
  type EventDetail,
  type EventLocation,
  type EventViewerInfo,
} from '@hub/shared';
import { LoadFailure } from '@hub/ui/load-failure';
import { Notice } from '@hub/ui/notice';
import { RouterButtonLink, RouterLink } from '@hub/ui/router-link';
import { NeedsNetwork } from '@hub/ui/needs-network';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { usePageStyles } from '@hub/ui/page-styles';
import { usePageTitle } from '@hub/ui/use-page-title';
import { fromWidth } from '@hub/ui/breakpoints';
import { formatDateTime, viewerTimeZone } from '@hub/ui/date-time';
import { Markdown } from '@hub/ui/markdown';
import { OrganiserUpdates } from '@hub/ui/organiser-updates';
import { useFocusRescue } from '@hub/ui/focus-rescue';
import { attendChoices, locationText } from './attend-choices';
import { useAttendance } from './use-attendance';
import { EventDetailFrame } from './event-detail-frame';

// The managers' panel loads with its own chunk, only for the few who may manage the event. The
// Markdown renderer (about 6 KB) comes with the page: loaded on its own, the description arrived
// after the page and pushed everything below it down (a layout shift on every event page).
const ManagePanel = lazy(() => import('./manage-panel'));
// "Who's going" (issue 28) is for signed-in viewers only: its chunk (Avatar, Switch) never weighs on
// the public page an anonymous visitor loads.
const WhosGoingPanel = lazy(() => import('./whos-going-panel'));

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gap: tokens.spacingHorizontalXXL,
    gridTemplateColumns: 'minmax(0, 1fr)',
    alignItems: 'start',
    [fromWidth('medium')]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(16rem, 1fr)' },
  },
  // The attend panel comes first in the page (on a phone it sits right under the title); from
  // 960 px it is the right-hand column beside the main text.
  main: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
    minWidth: 0,
    [fromWidth('medium')]: { gridColumn: '1', gridRow: '1' },
  },
  aside: {
    [fromWidth('medium')]: { gridColumn: '2', gridRow: '1' },
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  facts: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  times: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  sectionHeading: { margin: 0, marginBottom: tokens.spacingVerticalS },
  locations: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  location: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    gap: tokens.spacingHorizontalS,
    alignItems: 'start',
  },
  locationIcon: { fontSize: '20px', color: tokens.colorBrandForeground1, marginTop: '2px' },
  locationBody: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  buttons: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  count: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground2, margin: 0 },
  joinLink: { overflowWrap: 'anywhere' },
  // The organiser's own line breaks (reception, then floor, then parking) are kept.
  arrivalNotes: { whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
  cancellation: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  // The organiser's note keeps the lines they wrote.
  note: { whiteSpace: 'pre-line', overflowWrap: 'anywhere', margin: 0 },
});

/** Event detail (`/events/:id`, SPEC §2 public). An unknown or non-numeric id says so. */
export function EventDetailPage() {
  const page = usePageStyles();
  const id = parseId(useParams().id);
  const event = useEvent(id);
  const error = event.isError ? toNormalisedError(event.error) : null;
  const notFound = id === null || error?.status === 404;
  usePageTitle(notFound ? 'Event not found' : (event.data?.title ?? 'Event'));

  if (notFound) {
    return (
      <section className={mergeClasses(page.page, page.wide)} aria-labelledby="event-title">
        <Title1 as="h1" block id="event-title" className={page.heading}>
          Event not found
        </Title1>
        <Notice title="This event does not exist" intent="warning">
          There is no event at this address; it may have been removed. The events list shows what is coming up.
        </Notice>
        <div className={page.actions}>
          <RouterButtonLink to={routePaths.eventList()} appearance="primary">
            All events
          </RouterButtonLink>
        </div>
      </section>
    );
  }
  if (event.data) return <EventView event={event.data} refresh={() => void event.refetch()} />;
  return (
    <section className={mergeClasses(page.page, page.wide)} aria-labelledby="event-title">
      <Title1 as="h1" block id="event-title" className={page.heading}>
        Event
      </Title1>
      {error ? (
        <LoadFailure title="Could not load the event" error={error} onRetry={() => void event.refetch()} />
      ) : (
        <RowsSkeleton label="Loading the event" count={7} />
      )}
    </section>
  );
}

function EventView({ event, refresh }: { event: EventDetail; refresh: () => void }) {
  const styles = useStyles();
  const viewer = useEventViewer(event.id);
  // One state decides what the page offers (shared/src/events/event-state.ts): a cancelled event
  // shows no seats, no Attend, no Add to calendar and no join link, whatever the viewer's own answer says.
  const cancelled = eventState(event) === 'cancelled';
  const joinLinks = new Map(
    cancelled ? [] : (viewer.data?.joinLinks ?? []).map((l) => [l.eventLocationId, l.joinUrl] as const),
  );
  // Attending or withdrawing replaces the button that was pressed: focus moves to the new one.
  const attendRef = useFocusRescue<HTMLElement>(viewer.data?.status);

  return (
    <EventDetailFrame event={event} viewerZone={viewerTimeZone()}>
      <div className={styles.layout}>
        {cancelled ? (
          <aside className={styles.aside} aria-labelledby="cancelled-title" data-cancelled="">
            <Cancellation event={event} />
          </aside>
        ) : (
          <aside className={styles.aside} aria-labelledby="attend-title" ref={attendRef}>
            <Subtitle2 as="h2" block id="attend-title" className={styles.sectionHeading}>
              Attend
            </Subtitle2>
            <Seats event={event} />
            <AttendPanel event={event} viewer={viewer} refresh={refresh} />
            {viewer.data && (
              <Suspense fallback={null}>
                <WhosGoingPanel event={event} viewer={viewer.data} />
              </Suspense>
            )}
            <Link
              href={apiUrl(getAppConfig().apiBaseUrl, `api/events/${event.id}/ics`)}
              download={`event-${event.id}.ics`}
            >
              <span className={styles.count}>
                <CalendarAddRegular aria-hidden="true" /> Add to calendar
              </span>
            </Link>
          </aside>
        )}
        <div className={styles.main}>
          <section aria-labelledby="about-event">
            <Subtitle2 as="h2" block id="about-event" className={styles.sectionHeading}>
              About this event
            </Subtitle2>
            {event.description.trim() === '' ? (
              <Body1 as="p" block className={styles.muted}>
                The organisers have not written a description yet.
              </Body1>
            ) : (
              <Markdown headingLevel={3}>{event.description}</Markdown>
            )}
          </section>
          <section aria-labelledby="event-locations">
            <Subtitle2 as="h2" block id="event-locations" className={styles.sectionHeading}>
              {event.locations.length === 1 ? 'Location' : 'Locations'}
            </Subtitle2>
            {event.locations.length === 0 ? (
              <Body1 as="p" block className={styles.muted}>
                The place will be announced.
              </Body1>
            ) : (
              <ul className={styles.locations}>
                {event.locations.map((l) => (
                  <LocationItem
                    key={l.eventLocationId}
                    location={l}
                    joinUrl={joinLinks.get(l.eventLocationId)}
                    cancelled={cancelled}
                  />
                ))}
              </ul>
            )}
          </section>
          <OrganiserUpdates target={{ kind: 'event', id: event.id }} />
          {viewer.data?.canManage && (
            <Suspense fallback={<RowsSkeleton label="Loading the organisers' tools" count={3} />}>
              <ManagePanel event={event} />
            </Suspense>
          )}
        </div>
      </div>
    </EventDetailFrame>
  );
}

/** What a cancelled event's page says in place of attending: that it was cancelled, when, and the organiser's note. */
function Cancellation({ event }: { event: EventDetail }) {
  const styles = useStyles();
  return (
    <>
      {/* Focusable by script: where focus goes when the organiser's "Cancel event" button goes away. */}
      <Subtitle2 as="h2" block id="cancelled-title" className={styles.sectionHeading} tabIndex={-1}>
        This event has been cancelled
      </Subtitle2>
      <Notice title="It will not take place" intent="error">
        <span className={styles.cancellation}>
          {event.cancelledAt && (
            <span data-cancelled-at="">
              Cancelled on <time dateTime={event.cancelledAt}>{formatDateTime(event.cancelledAt)}</time>.
            </span>
          )}
          <span>Everyone who was attending has been told by e-mail.</span>
        </span>
      </Notice>
      {event.cancellationNote && (
        <section aria-labelledby="cancellation-note">
          <Text as="h3" weight="semibold" id="cancellation-note" block>
            The organisers&apos; note
          </Text>
          <Body1 as="p" block className={styles.note} data-cancellation-note="">
            {event.cancellationNote}
          </Body1>
        </section>
      )}
      <RouterLink to={routePaths.eventList()}>Other events</RouterLink>
    </>
  );
}

function Seats({ event }: { event: EventDetail }) {
  const styles = useStyles();
  const seats =
    event.seatsLeft === null
      ? 'No seat limit'
      : event.seatsLeft === 0
        ? 'Full'
        : `${event.seatsLeft} ${event.seatsLeft === 1 ? 'seat' : 'seats'} left`;
  return (
    <div className={styles.facts} data-seats="">
      <Text className={styles.count} data-attendee-count="">
        <PeopleRegular aria-hidden="true" />
        {event.attendeeCount} attending
      </Text>
      <Badge appearance="tint" color={event.seatsLeft === 0 ? 'danger' : 'success'} data-seats-left="">
        {seats}
      </Badge>
    </div>
  );
}

function LocationItem({
  location,
  joinUrl,
  cancelled,
}: {
  location: EventLocation;
  joinUrl: string | undefined;
  cancelled: boolean;
}) {
  const styles = useStyles();
  const online = location.online === 'Yes';
  const Icon = online ? GlobeRegular : LocationRegular;
  const seats =
    location.capacity === null || cancelled
      ? null
      : `${Math.max(0, location.capacity - location.attendeeCount)} of ${location.capacity} seats left here`;
  return (
    <li className={styles.location}>
      <Icon className={styles.locationIcon} aria-hidden="true" />
      <div className={styles.locationBody}>
        <Text weight="semibold">{online ? 'Online' : location.cityName}</Text>
        {!online && <Text>{location.address ?? 'Address to be announced'}</Text>}
        {!online && location.arrivalNotes && (
          <Text className={styles.arrivalNotes}>
            <Text weight="semibold">On arrival: </Text>
            {location.arrivalNotes}
          </Text>
        )}
        {online && location.cityName && <Caption1>Hosted from {location.cityName}</Caption1>}
        {seats && <Caption1>{seats}</Caption1>}
        {online &&
          !cancelled &&
          (joinUrl ? (
            <Link href={joinUrl} target="_blank" rel="noopener noreferrer" className={styles.joinLink}>
              Join online: {joinUrl}
            </Link>
          ) : (
            <Caption1>The join link is shown here to people attending.</Caption1>
          ))}
      </div>
    </li>
  );
}

interface ViewerQuery {
  data: EventViewerInfo | undefined;
  isError: boolean;
  error: unknown;
  fetchStatus: string;
  isPending: boolean;
  refetch: () => unknown;
}

function AttendPanel({ event, viewer, refresh }: { event: EventDetail; viewer: ViewerQuery; refresh: () => void }) {
  const styles = useStyles();
  const full = event.seatsLeft === 0;
  const wait = full && event.waitingListEnabled;
  const choices = useMemo(() => attendChoices(event, wait), [event, wait]);
  const attendance = useAttendance(event, viewer.data, choices, refresh);
  const past = eventState(event) === 'past';

  if (viewer.isError) {
    return (
      <LoadFailure
        title="Could not load your attendance"
        error={toNormalisedError(viewer.error)}
        onRetry={() => void viewer.refetch()}
      />
    );
  }
  // Signed in, and the viewer's own view is on its way.
  if (viewer.isPending && viewer.fetchStatus === 'fetching')
    return <RowsSkeleton label="Loading your attendance" count={2} />;

  const status = viewer.data?.status ?? 'none';
  if (status === 'attending') {
    const where = event.locations.find((l) => l.eventLocationId === viewer.data?.eventLocationId);
    return (
      <div className={styles.buttons}>
        <Badge appearance="filled" color="success" size="large" data-attendance="attending">
          You&apos;re going
        </Badge>
        {where && <Text>{where.online === 'Yes' ? 'Online' : locationText(where)}</Text>}
        {!past && (
          <NeedsNetwork action="Withdrawing">
            {(offline) => (
              // Focusable while busy: the button that had focus keeps it while its request runs.
              <Button
                onClick={() => void attendance.withdraw()}
                disabledFocusable={offline || attendance.busy}
                data-busy={attendance.busyKey === 'withdraw' || undefined}
              >
                {attendance.busyKey === 'withdraw' ? 'Withdrawing…' : 'Withdraw'}
              </Button>
            )}
          </NeedsNetwork>
        )}
      </div>
    );
  }
  if (status === 'waiting') {
    const position = viewer.data?.waitingListPosition;
    return (
      <div className={styles.buttons}>
        <Badge appearance="filled" color="warning" size="large" data-attendance="waiting">
          On the waiting list
        </Badge>
        <Text data-waiting-position="">
          {position ? `You are number ${position} on the waiting list.` : 'You are on the waiting list.'} When a seat
          frees, you get it and an e-mail.
        </Text>
        <NeedsNetwork action="Leaving the waiting list">
          {(offline) => (
            <Button onClick={() => void attendance.withdraw()} disabledFocusable={offline || attendance.busy}>
              {attendance.busyKey === 'withdraw' ? 'Leaving…' : 'Leave the waiting list'}
            </Button>
          )}
        </NeedsNetwork>
      </div>
    );
  }
  if (past) {
    return (
      <Notice title="This event has taken place" intent="info">
        Attendance is closed.
      </Notice>
    );
  }
  if ((full && !wait) || choices.length === 0) {
    return (
      <Notice
        title="This event is full"
        intent="warning"
        data-full=""
        actions={<RouterLink to={routePaths.eventList()}>Other events</RouterLink>}
      >
        All seats are taken{event.waitingListEnabled ? '' : ' and there is no waiting list'}. The events list shows
        other events you can still attend.
      </Notice>
    );
  }
  return (
    <div className={styles.buttons}>
      {wait && (
        <Notice title="This event is full" intent="warning" data-full="">
          Join the waiting list: when a seat frees, the first person waiting gets it and an e-mail.
          {event.waitingListCount > 0 ? ` ${event.waitingListCount} already waiting.` : ''}
        </Notice>
      )}
      {choices.map((choice, index) => (
        <NeedsNetwork key={choice.key} action="Attending">
          {(offline) => (
            <Button
              appearance={index === 0 ? 'primary' : 'secondary'}
              disabledFocusable={offline || attendance.busy}
              onClick={() => void attendance.attend(choice)}
            >
              {attendance.busyKey === choice.key ? 'Attending…' : choice.label}
            </Button>
          )}
        </NeedsNetwork>
      ))}
    </div>
  );
}

export default EventDetailPage;
