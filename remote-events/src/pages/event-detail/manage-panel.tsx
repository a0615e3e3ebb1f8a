import { useRef, useState } from 'react';
import {
  Badge,
  Body1,
  Button,
  makeStyles,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { CalendarCancelRegular, EditRegular } from '@fluentui/react-icons';
import {
  routePaths,
  showAlert,
  showConfirm,
  toNormalisedError,
  useCancelEvent,
  useEventAttendees,
  type EventDetail,
} from '@hub/shared';
import { LoadFailure } from '@hub/ui/load-failure';
import { RouterButtonLink } from '@hub/ui/router-link';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { showToast } from '@hub/ui/show-toast';
import { usePageStyles } from '@hub/ui/page-styles';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  tableWrap: { overflowX: 'auto' },
  // Fluent's table lays columns out at fixed widths: below this it scrolls sideways instead of overlapping.
  table: { minWidth: '40rem' },
  muted: { margin: 0, color: tokens.colorNeutralForeground2 },
});

/**
 * What the community's core members and admins see on the event page (viewer info `canManage`):
 * Edit, Cancel event (its confirmation says attendees will be told), and the attendee list with
 * the e-mail addresses the API gives them.
 */
export function ManagePanel({ event }: { event: EventDetail }) {
  const page = usePageStyles();
  const styles = useStyles();
  const cancel = useCancelEvent();
  const [cancelling, setCancelling] = useState(false);
  const inFlight = useRef(false);

  const cancelEvent = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setCancelling(true);
    try {
      const yes = await showConfirm({
        title: `Cancel ${event.title}?`,
        subtitle:
          'Everyone attending or on the waiting list will be told by e-mail that the event is cancelled. The event stays listed, marked cancelled; this cannot be undone.',
      });
      if (!yes) return;
      try {
        await cancel.mutateAsync({ eventId: event.id, communityId: event.communityId });
      } catch (error) {
        const e = toNormalisedError(error);
        void showAlert({
          error: true,
          title: 'Could not cancel the event',
          subtitle: [e.message, ...e.details, 'Reload the page and try again.'].join(' · '),
        });
        return;
      }
      showToast({ intent: 'success', title: 'The event is cancelled; attendees are being told' });
    } finally {
      inFlight.current = false;
      setCancelling(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="manage-event">
      <Subtitle2 as="h2" id="manage-event" className={styles.heading}>
        Organisers
      </Subtitle2>
      {!event.cancelled && (
        <div className={page.actions}>
          <RouterButtonLink to={routePaths.eventEdit(event.id)} icon={<EditRegular />}>
            Edit
          </RouterButtonLink>
          <Button icon={<CalendarCancelRegular />} onClick={() => void cancelEvent()} disabled={cancelling}>
            {cancelling ? 'Cancelling…' : 'Cancel event'}
          </Button>
        </div>
      )}
      <AttendeeList event={event} />
    </section>
  );
}

function AttendeeList({ event }: { event: EventDetail }) {
  const styles = useStyles();
  const attendees = useEventAttendees(event.id, true);
  if (attendees.isError) {
    return (
      <LoadFailure
        title="Could not load the attendee list"
        error={toNormalisedError(attendees.error)}
        onRetry={() => void attendees.refetch()}
      />
    );
  }
  if (!attendees.data) return <RowsSkeleton label="Loading the attendee list" count={3} />;
  if (attendees.data.length === 0) {
    return (
      <Body1 as="p" className={styles.muted}>
        Nobody is attending yet.
      </Body1>
    );
  }
  return (
    <div className={styles.tableWrap}>
      <Table aria-label="Attendees" size="small" className={styles.table}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Name</TableHeaderCell>
            <TableHeaderCell>E-mail</TableHeaderCell>
            <TableHeaderCell>Location</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {attendees.data.map((a) => (
            <TableRow key={a.id}>
              <TableCell>{`${a.firstName} ${a.lastName}`.trim() || 'No name'}</TableCell>
              <TableCell>{a.email}</TableCell>
              <TableCell>{a.cityName?.trim() || (a.eventLocationId === null ? 'Not chosen' : 'Online')}</TableCell>
              <TableCell>
                {a.status === 'waiting' ? (
                  <Badge appearance="tint" color="warning">
                    Waiting
                  </Badge>
                ) : (
                  <Badge appearance="tint" color="success">
                    Attending
                  </Badge>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

export default ManagePanel;
