import { useState } from 'react';
import { Badge, Button, makeStyles, Subtitle1, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { AddRegular, EditRegular, PeopleTeamRegular } from '@fluentui/react-icons';
import {
  CommunityBaseId,
  eventState,
  routePaths,
  toNormalisedError,
  useManagedEvents,
  type ManagedCommunity,
  type ManagedEvent,
} from '@hub/shared';
import { LoadFailure } from '@hub/ui/load-failure';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { formatDateTime } from '@hub/ui/date-time';
import { EmptyState } from '@hub/ui/empty-state';
import { usePageStyles } from '@hub/ui/page-styles';
import { RouterButtonLink, RouterLink } from '@hub/ui/router-link';
import { fromWidth } from '@hub/ui/breakpoints';

const useStyles = makeStyles({
  // A plain section styled as a card: Fluent's Card (6 KB gzip) adds focus handling for cards that
  // are themselves interactive, which these are not.
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  heading: { margin: 0 },
  place: { color: tokens.colorNeutralForeground3 },
  columns: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    gridTemplateColumns: 'minmax(0, 1fr)',
    [fromWidth('medium')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  events: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  eventList: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  event: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  eventHead: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  copy: { marginInlineStart: 'auto' },
  more: { color: tokens.colorNeutralForeground3 },
  moreRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/**
 * "32 attending · 3 waiting · capacity 50" (what a host asks first), plus check-in once it started.
 * A cancelled event (shared eventState) shows no capacity or seats, only who had registered: it is
 * over, whichever column it stands in.
 */
export function attendanceOf(e: ManagedEvent, past: boolean): string {
  if (eventState(e) === 'cancelled') {
    const had = [`${e.attending} ${e.attending === 1 ? 'was' : 'were'} attending`];
    if (e.waiting > 0) had.push(`${e.waiting} waiting`);
    return `Cancelled · ${had.join(' · ')}`;
  }
  const parts = [
    `${e.attending} attending`,
    `${e.waiting} waiting`,
    e.capacity === null ? 'no limit' : `capacity ${e.capacity}`,
  ];
  if (past || e.checkedIn > 0) parts.push(`${e.checkedIn} checked in`);
  return parts.join(' · ');
}

function EventRows({ events, past, title }: { events: ManagedEvent[]; past: boolean; title: string }) {
  const styles = useStyles();
  return (
    <ul className={styles.eventList} aria-label={title}>
      {events.map((e) => (
        <li key={e.id} className={styles.event}>
          <span className={styles.eventHead}>
            <RouterLink to={routePaths.manageEvent(e.id)} aria-label={`${e.title}: attendees and check-in`}>
              {e.title}
            </RouterLink>
            {e.cancelled && (
              <Badge appearance="tint" color="danger" size="small">
                Cancelled
              </Badge>
            )}
            {/* A series is the same event again: its copy keeps everything but the dates. */}
            <RouterLink to={routePaths.eventCopy(e.id)} aria-label={`Copy ${e.title}`} className={styles.copy}>
              Copy
            </RouterLink>
          </span>
          <Text size={200} className={styles.muted}>
            {formatDateTime(e.startsAt)}
          </Text>
          <Text size={200}>{attendanceOf(e, past)}</Text>
        </li>
      ))}
    </ul>
  );
}

const columnTexts = {
  upcoming: { heading: 'Upcoming events', none: 'No upcoming events.', shown: 'next' },
  past: { heading: 'Past events', none: 'No past events.', shown: 'latest' },
} as const;

/**
 * A community's upcoming or past events: the few the overview carries, and on request all of them
 * (asked of api/manage/communities/{id}/events only then).
 */
function EventColumn({ community: c, when }: { community: ManagedCommunity; when: 'upcoming' | 'past' }) {
  const styles = useStyles();
  const texts = columnTexts[when];
  const [all, setAll] = useState(false);
  const first = when === 'upcoming' ? c.upcomingEvents : c.pastEvents;
  const total = when === 'upcoming' ? c.upcomingEventCount : c.pastEventCount;
  const more = useManagedEvents(c.id, when, all);
  const events = all && more.data ? more.data.items : first;
  const title = `${texts.heading} of ${c.name}`;
  return (
    <div className={styles.events}>
      <Subtitle2 as="h3" block className={styles.heading}>
        {texts.heading} ({total})
      </Subtitle2>
      {events.length === 0 ? (
        <Text className={styles.muted}>{texts.none}</Text>
      ) : (
        <EventRows events={events} past={when === 'past'} title={title} />
      )}
      {all && more.isPending && <RowsSkeleton label={`Loading all ${texts.heading.toLowerCase()}`} count={3} />}
      {all && more.isError && (
        <LoadFailure
          title={`Could not load all ${texts.heading.toLowerCase()}`}
          error={toNormalisedError(more.error)}
          onRetry={() => void more.refetch()}
        />
      )}
      {events.length < total && !(all && (more.isPending || more.isError)) && (
        <div className={styles.moreRow}>
          <Text size={200} className={styles.more}>
            The {texts.shown} {events.length} of {total} are shown.
          </Text>
          {!all && (
            <Button
              size="small"
              appearance="subtle"
              onClick={() => setAll(true)}
              aria-label={`Show all ${total} ${texts.heading.toLowerCase()} of ${c.name}`}
            >
              Show all
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** One managed community: who you are there, its events with attendance, and what you can do for it. */
export function ManagedCommunityCard({ community: c }: { community: ManagedCommunity }) {
  const styles = useStyles();
  const page = usePageStyles();
  const headingId = `managed-community-${c.id}`;
  const hasEvents = c.upcomingEventCount + c.pastEventCount > 0;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.head}>
        <Subtitle1 as="h2" block id={headingId} className={styles.heading}>
          {c.name}
        </Subtitle1>
        {c.lead ? (
          <Badge appearance="filled" color="brand">
            Lead
          </Badge>
        ) : c.coreMember ? (
          <Badge appearance="tint" color="brand">
            Core member
          </Badge>
        ) : (
          <Badge appearance="outline" color="informative">
            Admin access
          </Badge>
        )}
        <Text className={styles.place}>
          {c.communityBaseId === CommunityBaseId.Network ? 'Network' : 'Community'} · {c.countryName}
        </Text>
      </div>
      <div className={page.actions}>
        <RouterButtonLink to={routePaths.eventCreateForCommunity(c.id)} appearance="primary" icon={<AddRegular />}>
          Create event
        </RouterButtonLink>
        <RouterButtonLink
          to={routePaths.communityEdit(c.id)}
          icon={<EditRegular />}
          aria-label={`Edit community ${c.name}`}
        >
          Edit community
        </RouterButtonLink>
        {c.canManageCoreMembers && (
          <RouterButtonLink
            to={`${routePaths.communityEdit(c.id)}#core-member-management-title`}
            icon={<PeopleTeamRegular />}
            aria-label={`Core members of ${c.name}`}
          >
            Core members
          </RouterButtonLink>
        )}
      </div>
      {!hasEvents ? (
        <EmptyState
          title="No events yet"
          actions={
            <RouterButtonLink to={routePaths.eventCreateForCommunity(c.id)} appearance="primary" icon={<AddRegular />}>
              Create the first event
            </RouterButtonLink>
          }
        >
          Plan an event for {c.name}; its registrations and check-in will show here.
        </EmptyState>
      ) : (
        <div className={styles.columns}>
          <EventColumn community={c} when="upcoming" />
          <EventColumn community={c} when="past" />
        </div>
      )}
    </section>
  );
}
