import { useSearchParams } from 'react-router';
import {
  Badge,
  Button,
  Field,
  makeStyles,
  ProgressBar,
  SearchBox,
  Select,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowLeftRegular } from '@fluentui/react-icons';
import {
  routePaths,
  toNormalisedError,
  useManagedAttendees,
  useRecordAttendeeExport,
  type ManagedAttendeeList,
} from '@hub/shared';
import { formatDateTime } from '@hub/ui/date-time';
import { EmptyState } from '@hub/ui/empty-state';
import { LoadFailure } from '@hub/ui/load-failure';
import { Notice } from '@hub/ui/notice';
import { PageFrame } from '@hub/ui/page-frame';
import { usePageStyles } from '@hub/ui/page-styles';
import { RouterButtonLink, RouterLink } from '@hub/ui/router-link';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { showToast } from '@hub/ui/show-toast';
import { fromWidth } from '@hub/ui/breakpoints';
import { downloadCsv } from '../../csv/csv';
import { attendeesCsv, attendeesCsvFileName } from './attendee-csv';
import { AttendeeGrid } from './attendee-grid';
import { AttendeePhoneList } from './attendee-phone-list';
import {
  allLocations,
  emailOf,
  filtersFrom,
  isFiltered,
  locationOptions,
  matches,
  sorted,
  sortFrom,
  sortParam,
  statusFilterLabels,
  statusFilters,
  type SortChoice,
} from './attendee-view';
import { usePhoneWidth } from './use-phone-width';

const useStyles = makeStyles({
  figures: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    // A phone: the count across, the three figures in one row under it.
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    [fromWidth('medium')]: { gridTemplateColumns: '2fr repeat(3, minmax(0, 1fr))' },
    margin: 0,
  },
  figure: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    margin: 0,
  },
  count: { gridColumn: '1 / -1', [fromWidth('medium')]: { gridColumn: 'auto' } },
  figureLabel: { color: tokens.colorNeutralForeground3 },
  figureValue: { margin: 0 },
  // A phone: the search across, the two filters side by side, the export across.
  toolbar: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    alignItems: 'end',
    [fromWidth('medium')]: { gridTemplateColumns: 'minmax(0, 2fr) repeat(2, minmax(0, 1fr)) auto' },
  },
  across: { gridColumn: '1 / -1', [fromWidth('medium')]: { gridColumn: 'auto' } },
  search: { maxWidth: 'none', width: '100%' },
  back: { alignSelf: 'flex-start' },
  meta: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

/** 403 and 404 are answers about the event, not failures to retry. */
function refusalOf(error: unknown): 'forbidden' | 'missing' | null {
  const status = toNormalisedError(error).status;
  return status === 403 ? 'forbidden' : status === 404 ? 'missing' : null;
}

/**
 * One event's attendees for its hosts (`/manage?event=7`): the live check-in count, the list
 * searchable by name and filterable by location and status (all kept in the address), check-in
 * per row, and the CSV export. A DataGrid on wide screens, a list of large rows on a phone.
 */
export function EventAttendees({ eventId }: { eventId: number | null }) {
  const page = usePageStyles();
  const styles = useStyles();
  const list = useManagedAttendees(eventId);
  const refusal = eventId === null ? 'missing' : list.isError ? refusalOf(list.error) : null;
  const back = (
    <RouterLink to={routePaths.manage()} className={styles.back}>
      <ArrowLeftRegular aria-hidden /> All your communities
    </RouterLink>
  );

  if (refusal === 'missing') {
    return (
      <PageFrame title="Event not found" headerExtra={back}>
        <Notice title="This event does not exist" intent="warning">
          It may have been deleted, or the address is wrong. Choose an event from your communities.
        </Notice>
      </PageFrame>
    );
  }
  if (refusal === 'forbidden') {
    return (
      <PageFrame title="Attendees not available" headerExtra={back}>
        <Notice title="You cannot see who attends this event" intent="warning">
          Only the core members of the event&apos;s community and admins see its attendee list.
        </Notice>
      </PageFrame>
    );
  }
  if (list.isError) {
    return (
      <PageFrame title="Attendees" headerExtra={back}>
        <LoadFailure
          title="Could not load the attendees"
          error={toNormalisedError(list.error)}
          onRetry={() => void list.refetch()}
        />
      </PageFrame>
    );
  }
  if (!list.data) {
    return (
      <PageFrame title="Attendees" headerExtra={back} busy>
        <RowsSkeleton label="Loading the attendees" count={6} />
      </PageFrame>
    );
  }
  const { event } = list.data;
  return (
    <PageFrame
      title={event.title}
      documentTitle={`Attendees of ${event.title}`}
      headerExtra={
        <>
          <div className={styles.meta}>
            <Text>
              <RouterLink to={routePaths.communityDetail(event.communityId)}>{event.communityName}</RouterLink> ·{' '}
              {formatDateTime(event.startsAt)}
            </Text>
            {event.cancelled && (
              <Badge appearance="tint" color="danger">
                Cancelled
              </Badge>
            )}
          </div>
          <div className={page.actions}>
            {back}
            <RouterLink to={routePaths.eventDetail(event.id)}>Event page</RouterLink>
          </div>
        </>
      }
    >
      <Figures list={list.data} />
      {event.cancelled && (
        <Notice title="This event is cancelled" intent="warning">
          Nobody can be checked in; the list and the export stay available for your records.
        </Notice>
      )}
      <AttendeeList list={list.data} />
    </PageFrame>
  );
}

function Figures({ list: { event } }: { list: ManagedAttendeeList }) {
  const styles = useStyles();
  const ratio = event.attending > 0 ? event.checkedIn / event.attending : 0;
  return (
    <dl className={styles.figures} aria-label="Attendance">
      <div className={`${styles.figure} ${styles.count}`}>
        <dt className={styles.figureLabel}>Check-in</dt>
        <dd className={styles.figureValue}>
          <Text size={500} weight="semibold" role="status" aria-live="polite">
            {event.checkedIn} of {event.attending} checked in
          </Text>
          <ProgressBar value={ratio} thickness="large" aria-hidden />
        </dd>
      </div>
      <div className={styles.figure}>
        <dt className={styles.figureLabel}>Attending</dt>
        <dd className={styles.figureValue}>
          <Text size={500} weight="semibold">
            {event.attending}
          </Text>
        </dd>
      </div>
      <div className={styles.figure}>
        <dt className={styles.figureLabel}>Waiting list</dt>
        <dd className={styles.figureValue}>
          <Text size={500} weight="semibold">
            {event.waiting}
          </Text>
        </dd>
      </div>
      <div className={styles.figure}>
        <dt className={styles.figureLabel}>Capacity</dt>
        <dd className={styles.figureValue}>
          <Text size={500} weight="semibold">
            {event.capacity ?? 'No limit'}
          </Text>
        </dd>
      </div>
    </dl>
  );
}

function AttendeeList({ list }: { list: ManagedAttendeeList }) {
  const recordExport = useRecordAttendeeExport();
  const styles = useStyles();
  const phone = usePhoneWidth();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const sort = sortFrom(params);
  const { event, items } = list;
  // Typing and choosing filters replace the entry: Back leaves the event, not each keystroke.
  const change = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const clearFilters = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of ['q', 'location', 'status']) next.delete(name);
        return next;
      },
      { replace: true },
    );
  const onSort = (choice: SortChoice) => change('sort', sortParam(choice));
  const locations = locationOptions(items);
  const shown = sorted(
    items.filter((a) => matches(a, filters)),
    sort,
  );
  // Issue 28: each export is recorded in the audit log first; without the record there is no file.
  const exportCsv = async () => {
    try {
      await recordExport.mutateAsync(event.id);
    } catch (failure) {
      showToast({
        intent: 'error',
        title: 'Could not export the attendees',
        body: `${toNormalisedError(failure).message} Try again in a moment.`,
      });
      return;
    }
    downloadCsv(attendeesCsvFileName(event.title, event.startsAt), attendeesCsv(items));
  };

  if (items.length === 0) {
    return (
      <EmptyState
        title="Nobody has registered yet"
        actions={
          <RouterButtonLink to={routePaths.eventDetail(event.id)} appearance="primary">
            Open the event page
          </RouterButtonLink>
        }
      >
        People who register for this event appear here, ready to be checked in at the door.
      </EmptyState>
    );
  }
  return (
    <>
      <div className={styles.toolbar} role="search" aria-label="Attendees">
        <Field label="Search by name" className={styles.across}>
          <SearchBox
            className={styles.search}
            value={filters.q}
            onChange={(_event, data) => change('q', data.value)}
            placeholder="First or last name"
          />
        </Field>
        <Field label="Location">
          <Select value={filters.location} onChange={(_event, data) => change('location', data.value)}>
            <option value={allLocations}>All locations</option>
            {locations.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Status">
          <Select
            value={filters.status}
            onChange={(_event, data) => change('status', data.value === 'all' ? '' : data.value)}
          >
            {statusFilters.map((s) => (
              <option key={s} value={s}>
                {statusFilterLabels[s]}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          className={styles.across}
          icon={<ArrowDownloadRegular />}
          disabled={recordExport.isPending}
          onClick={() => void exportCsv()}
        >
          Export all as CSV
        </Button>
      </div>
      {isFiltered(filters) && (
        <Text role="status">
          Showing {shown.length} of {items.length} registrations
        </Text>
      )}
      {shown.length === 0 ? (
        <EmptyState
          title="No attendee matches these filters"
          live
          actions={<Button onClick={clearFilters}>Clear filters</Button>}
        >
          Try another name, or choose all locations and statuses.
        </EmptyState>
      ) : phone ? (
        <AttendeePhoneList eventId={event.id} eventTitle={event.title} attendees={shown} cancelled={event.cancelled} />
      ) : (
        <AttendeeGrid
          eventId={event.id}
          eventTitle={event.title}
          attendees={shown}
          showEmail={items.some((a) => emailOf(a) !== null)}
          sort={sort}
          onSort={onSort}
          cancelled={event.cancelled}
        />
      )}
    </>
  );
}
