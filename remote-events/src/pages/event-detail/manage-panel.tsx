import { useState } from 'react';
import {
  Badge,
  Body1,
  makeStyles,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { CopyRegular, EditRegular, PeopleCheckmarkRegular } from '@fluentui/react-icons';
import { CancelEventInput } from '@hub/contract/events';
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
import { useHubForm } from '@hub/ui/form';
import { FormField } from '@hub/ui/form-field';
import { SubmitButton } from '@hub/ui/submit-button';
import { useFocusRescue } from '@hub/ui/focus-rescue';
import { ComposeMessageDialog } from '@hub/ui/compose-message-dialog';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  tableWrap: { overflowX: 'auto' },
  // Fluent's table lays columns out at fixed widths: below this it scrolls sideways instead of overlapping.
  table: { minWidth: '40rem' },
  muted: { margin: 0, color: tokens.colorNeutralForeground2 },
  cancelForm: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  note: { alignSelf: 'stretch' },
});

/**
 * What the community's core members and admins see on the event page (viewer info `canManage`):
 * Attendees and check-in (the management area's view of this event), Copy event (a new event from
 * this one, dates cleared), Edit, Write to attendees (an organiser message: all, one place, or those checked in), Cancel event with an optional note for the attendees (the event page and the mail show it;
 * its confirmation says attendees will be told), and the attendee list with the e-mail addresses
 * the API gives them.
 */
export function ManagePanel({ event }: { event: EventDetail }) {
  const page = usePageStyles();
  const styles = useStyles();
  // Once cancelled these buttons go away; focus goes to the page's "This event has been cancelled".
  const panelRef = useFocusRescue<HTMLElement>(event.cancelled, () => document.getElementById('cancelled-title'));

  return (
    <section className={styles.panel} aria-labelledby="manage-event" ref={panelRef}>
      <Subtitle2 as="h2" block id="manage-event" className={styles.heading}>
        Organisers
      </Subtitle2>
      <div className={page.actions}>
        {!event.cancelled && (
          <>
            <RouterButtonLink to={routePaths.eventEdit(event.id)} icon={<EditRegular />}>
              Edit
            </RouterButtonLink>
            <ComposeMessageDialog
              target={{ kind: 'event', id: event.id }}
              triggerLabel="Write to attendees"
              title={`Write to the attendees of ${event.title}`}
            />
          </>
        )}
        <RouterButtonLink to={routePaths.manageEvent(event.id)} icon={<PeopleCheckmarkRegular />}>
          Attendees and check-in
        </RouterButtonLink>
        {/* A cancelled event can be copied too: that is how it is held again on another day. */}
        <RouterButtonLink to={routePaths.eventCopy(event.id)} icon={<CopyRegular />}>
          Copy event
        </RouterButtonLink>
      </div>
      {!event.cancelled && <CancelEventForm event={event} />}
      <AttendeeList event={event} />
    </section>
  );
}

/**
 * Cancel event: the note is checked by the contract's schema (as the API checks it), then the
 * confirmation; "Cancelling…" shows only once it is answered Yes and the request is on its way.
 */
function CancelEventForm({ event }: { event: EventDetail }) {
  const styles = useStyles();
  const cancel = useCancelEvent();
  const [cancelling, setCancelling] = useState(false);
  const { form, submit, placeOnFields } = useHubForm({
    schema: CancelEventInput,
    defaultValues: { note: '' },
    fields: { note: { label: 'Note for attendees' } },
  });

  const onSubmit = submit(
    async ({ note }) => {
      const yes = await showConfirm({
        title: `Cancel ${event.title}?`,
        subtitle:
          'Everyone attending or on the waiting list will be told by e-mail that the event is cancelled. The event stays listed, marked cancelled; this cannot be undone.',
      });
      if (!yes) return;
      setCancelling(true);
      try {
        await cancel.mutateAsync({ eventId: event.id, communityId: event.communityId, note: note || undefined });
      } finally {
        setCancelling(false);
      }
      showToast({ intent: 'success', title: 'The event is cancelled; attendees are being told' });
    },
    (error) => {
      const rest = placeOnFields(error);
      const e = toNormalisedError(error);
      if (e.status === 400 && rest.length === 0) return true;
      void showAlert({
        error: true,
        title: 'Could not cancel the event',
        subtitle: [e.message, ...rest, 'Reload the page and try again.'].join(' · '),
      });
      return true;
    },
  );

  return (
    <form className={styles.cancelForm} onSubmit={(e) => void onSubmit(e)} noValidate>
      <FormField
        control={form.control}
        name="note"
        label="Note for attendees (optional)"
        hint="Why it is cancelled, or what comes instead: shown on the event page and in the cancellation e-mail."
        className={styles.note}
      >
        {(props) => <Textarea {...props} resize="vertical" rows={2} />}
      </FormField>
      <SubmitButton
        pending={cancelling}
        pendingLabel="Cancelling…"
        appearance="secondary"
        networkAction="Cancelling the event"
      >
        Cancel event
      </SubmitButton>
    </form>
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
      <Body1 as="p" block className={styles.muted}>
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
