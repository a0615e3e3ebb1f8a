import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  Button,
  Input,
  Field,
  Select,
  Subtitle1,
  Title1,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import {
  CommunityBaseId,
  draftKey,
  eventCopyParam,
  firstFailure,
  forgetDraft,
  isAdmin,
  isCoreMemberOf,
  readDraft,
  retryFailed,
  routePaths,
  saveDraft,
  toNormalisedError,
  useAtomValue,
  useCommunitiesOfBase,
  useEvent,
  useEventViewer,
  userInfoAtom,
  useSaveEvent,
  type CommunitySummary,
  type EventDetail,
  type ImageRef,
  type NormalisedError,
  type UserInfo,
} from '@hub/shared';
import { EventVisibilityField } from './event-visibility-field';
import { useHubForm } from '@hub/ui/form';
import { FormField } from '@hub/ui/form-field';
import { formatDateTime } from '@hub/ui/date-time';
import { ImageUpload } from '@hub/ui/image-upload';
import { LeaveGuard } from '@hub/ui/leave-guard';
import { LoadFailure } from '@hub/ui/load-failure';
import { Notice } from '@hub/ui/notice';
import { usePageStyles } from '@hub/ui/page-styles';
import { RouterButtonLink } from '@hub/ui/router-link';
import { showToast } from '@hub/ui/show-toast';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { SubmitButton } from '@hub/ui/submit-button';
import { usePageTitle } from '@hub/ui/use-page-title';
import { DateTimeFields } from './date-time-fields';
import { DescriptionField } from './description-field';
import { endFollowingStart } from './end-follows-start';
import {
  checkEvent,
  copyValuesOf,
  draftValuesOf,
  emptyEventForm,
  eventFields,
  eventFormSchema,
  eventLimits,
  eventServerPaths,
  formValuesOf,
  toEventInput,
  type CheckContext,
  type EventFormValues,
} from './event-form-model';
import { LocationsEditor } from './locations-editor';
import { ReminderSwitches } from './reminder-switches';
import { TimeZoneField } from './time-zone-field';
import { WhenSummary } from './when-summary';
import { toInstant } from './zoned-time';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    border: 0,
    margin: 0,
    padding: 0,
    minWidth: 0,
  },
  heading: { margin: 0 },
  seats: { maxWidth: '14rem' },
});

/** A route parameter as a database id: a positive whole number, else null. */
function parseId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** `?copy=<eventId>`: the event a new one is copied from ("Copy event"), or null. */
function useCopiedEventId(): number | null {
  const [search] = useSearchParams();
  return parseId(search.get(eventCopyParam) ?? undefined);
}

/** SPEC §2 `/event-form` for a core member: an event of one of their communities (`?copy=` starts from another). */
export function EventCreatePage() {
  return <EventFormPage mode="create" copyOf={useCopiedEventId()} />;
}

/** SPEC §2's admin variant of `/event-form`: an event of any community or network. */
export function EventCreateAdminPage() {
  return <EventFormPage mode="create" copyOf={useCopiedEventId()} />;
}

/** SPEC §2 `/event-form/:communityId`: an event of that community (a core member of it, or an admin). */
export function EventCreateForCommunityPage() {
  const communityId = parseId(useParams().communityId);
  return <EventFormPage mode="create" fixedCommunityId={communityId ?? 0} />;
}

/** SPEC §2 `/event-form/edit/:eventId` (a core member of the event's community, or an admin). */
export function EventEditPage() {
  const eventId = parseId(useParams().eventId);
  return <EventFormPage mode="edit" eventId={eventId} />;
}

/** The communities a user may hold events in: every one for an admin, their own for a core member. */
function allowedCommunities(user: UserInfo, all: CommunitySummary[]): CommunitySummary[] {
  return isAdmin(user) ? all : all.filter((c) => isCoreMemberOf(user, c.id));
}

/** Sends a user who may not be here home, saying why (as the host's guard and the community form do). */
function useRefusal(refused: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!refused) return;
    showToast({ intent: 'warning', title: 'Not allowed', body: refused });
    void navigate(routePaths.home(), { replace: true });
  }, [refused, navigate]);
}

interface EventFormPageProps {
  mode: 'create' | 'edit';
  /** `/event-form/:communityId`: 0 when the parameter is not an id. */
  fixedCommunityId?: number;
  eventId?: number | null;
  /** "Copy event": the new event starts from this one, without its dates. */
  copyOf?: number | null;
}

function EventFormPage({ mode, fixedCommunityId, eventId = null, copyOf = null }: EventFormPageProps) {
  const page = usePageStyles();
  const user = useAtomValue(userInfoAtom);
  const ofCommunities = useCommunitiesOfBase(CommunityBaseId.Community);
  const ofNetworks = useCommunitiesOfBase(CommunityBaseId.Network);
  const edited = useEvent(mode === 'edit' ? eventId : null);
  const viewer = useEventViewer(mode === 'edit' ? eventId : null);
  const copied = useEvent(mode === 'create' ? copyOf : null);
  const copying = mode === 'create' && copyOf !== null;

  // An unknown event (or a non-numeric id) is "does not exist", not a failure to retry.
  const missing =
    mode === 'edit' && (eventId === null || (edited.isError && toNormalisedError(edited.error).status === 404));
  const copyMissing = copying && copied.isError && toNormalisedError(copied.error).status === 404;
  const loads = [
    ofCommunities,
    ofNetworks,
    ...(mode === 'edit' && !missing ? [edited, viewer] : []),
    ...(copying && !copyMissing ? [copied] : []),
  ];
  const error = firstFailure(...loads);
  const loaded = loads.every((l) => l.data !== undefined);
  const all = useMemo(
    () => [...(ofCommunities.data ?? []), ...(ofNetworks.data ?? [])],
    [ofCommunities.data, ofNetworks.data],
  );
  const event = edited.data ?? null;
  const source = copying ? (copied.data ?? null) : null;

  const refused =
    fixedCommunityId !== undefined && !isAdmin(user) && !isCoreMemberOf(user, fixedCommunityId)
      ? 'Only the core members of a community and admins can create its events.'
      : event && !isAdmin(user) && !isCoreMemberOf(user, event.communityId)
        ? "Only the core members of the event's community and admins can edit it."
        : null;
  useRefusal(refused);

  const fixed = fixedCommunityId !== undefined ? (all.find((c) => c.id === fixedCommunityId) ?? null) : null;
  const title =
    mode === 'edit'
      ? event
        ? `Edit ${event.title}`
        : 'Edit event'
      : source
        ? `Create an event from ${source.title}`
        : fixed
          ? `Create an event for ${fixed.name}`
          : 'Create an event';
  usePageTitle(title);
  if (refused) return null;

  const options = allowedCommunities(user, all);
  let body;
  if (missing) {
    body = (
      <Notice title="This event does not exist" intent="warning">
        There is no event to edit at this address. It may have been deleted, or the link is wrong.
      </Notice>
    );
  } else if (copyMissing) {
    body = (
      <Notice
        title="The event to copy does not exist"
        intent="warning"
        actions={<RouterButtonLink to={routePaths.eventCreate()}>Start a new event</RouterButtonLink>}
      >
        It may have been deleted, or the link is wrong.
      </Notice>
    );
  } else if (error) {
    body = <LoadFailure title="Could not load the form" error={error} onRetry={() => retryFailed(...loads)} />;
  } else if (!loaded) {
    body = <RowsSkeleton label="Loading the form" count={6} />;
  } else if (fixedCommunityId !== undefined && !fixed) {
    body = (
      <Notice title="This community does not exist" intent="warning">
        There is no community or network to create an event for at this address.
      </Notice>
    );
  } else if (event?.cancelled) {
    body = (
      <Notice
        title="This event was cancelled"
        intent="warning"
        actions={<RouterButtonLink to={routePaths.eventDetail(event.id)}>Open the event</RouterButtonLink>}
      >
        A cancelled event can no longer be edited.
      </Notice>
    );
  } else if (options.length === 0) {
    body = (
      <Notice title="No community to create an event for" intent="info">
        You are not a core member of any community yet. Ask a community lead or an admin to add you.
      </Notice>
    );
  } else {
    const joinLinks = new Map((viewer.data?.joinLinks ?? []).map((l) => [l.eventLocationId, l.joinUrl]));
    body = (
      <EventForm
        mode={mode}
        communities={options}
        fixed={fixed}
        event={event}
        source={source}
        joinLinks={joinLinks}
        draftKey={draftKey(
          user.userId,
          event
            ? `event:edit:${event.id}`
            : source
              ? `event:copy:${source.id}`
              : fixed
                ? `event:new:${fixed.id}`
                : 'event:new',
        )}
        // Remounted per event so its values are the form's starting point.
        key={event?.id ?? (source ? `copy-${source.id}` : 'new')}
      />
    );
  }

  return (
    <section className={mergeClasses(page.page, page.medium)} aria-labelledby="event-form-title">
      <Title1 as="h1" block id="event-form-title" className={page.heading}>
        {title}
      </Title1>
      {body}
    </section>
  );
}

interface EventFormProps {
  mode: 'create' | 'edit';
  communities: CommunitySummary[];
  fixed: CommunitySummary | null;
  event: EventDetail | null;
  /** "Copy event": the event the new one starts from. */
  source: EventDetail | null;
  joinLinks: ReadonlyMap<number, string>;
  /** Where this form's draft is kept on the device (per user, and per event or new). */
  draftKey: string;
}

function EventForm({ mode, communities, fixed, event, source, joinLinks, draftKey: key }: EventFormProps) {
  const page = usePageStyles();
  const styles = useStyles();
  const navigate = useNavigate();
  const save = useSaveEvent();
  const [failure, setFailure] = useState<NormalisedError | null>(null);
  // The uploaded cover is saved by id with the form (engineer faces, issue 27); a copy starts with
  // the copied event's cover (one image may be the cover of several events of its community).
  const [chosenCover, setCover] = useState<ImageRef | null>(event?.cover ?? source?.cover ?? null);
  const context: CheckContext = {
    mode,
    now: () => new Date(),
    attendees: event
      ? {
          total: event.attendeeCount,
          byLocation: new Map(event.locations.map((l) => [l.eventLocationId, l.attendeeCount])),
        }
      : undefined,
  };
  const defaultCommunity = fixed?.id ?? (communities.length === 1 ? communities[0]!.id : null);
  // The form's own starting point: the event, the copied one, or a blank one.
  const [original] = useState<EventFormValues>(() =>
    event
      ? formValuesOf(event, joinLinks)
      : source
        ? copyValuesOf(
            source,
            communities.some((c) => c.id === source.communityId),
          )
        : emptyEventForm(defaultCommunity),
  );
  // A draft left on this device (a reload, a closed tab) comes back, and says so.
  const [restored] = useState(() => {
    const stored = readDraft(key);
    const values = stored && draftValuesOf(stored.values, original);
    return values && stored ? { values, savedAt: stored.savedAt } : null;
  });
  const [restoredAt, setRestoredAt] = useState(restored?.savedAt ?? null);
  const [saved, setSaved] = useState(false);
  const { form, submit, pending, placeOnFields } = useHubForm({
    schema: eventFormSchema,
    defaultValues: restored?.values ?? original,
    fields: eventFields,
    check: (values) => checkEvent(values, context),
    serverPaths: eventServerPaths,
  });

  const communityId = Number(form.watch('communityId')) || undefined;
  // An image belongs to its community (the API refuses another community's image as a new cover):
  // a copy moved to another community starts without the copied cover, and gets it back if moved back.
  const cover =
    source?.cover && chosenCover?.id === source.cover.id && communityId !== source.communityId ? null : chosenCover;

  const onSubmit = submit(
    async (values) => {
      setFailure(null);
      const answer = await save.mutateAsync({
        id: event?.id,
        input: { ...toEventInput(values), coverImageId: cover?.id ?? null },
      });
      forgetDraft(key);
      // Rendered at once, so that the leave prompt lets this navigation through.
      flushSync(() => setSaved(true));
      showToast({
        intent: 'success',
        title: event ? 'Changes saved' : 'Event created',
        body: event
          ? `${answer.title} is up to date; attendees are told about a new time or place.`
          : `${answer.title} is published.`,
      });
      void navigate(routePaths.eventDetail(answer.id));
    },
    (error) => {
      // The server's reasons on the fields they name, and the whole answer with Retry above the form.
      const normalised = toNormalisedError(error);
      placeOnFields(error);
      // A capacity below the attendees is a 409 naming its field without a reason: the message is the reason.
      if (normalised.status === 409 && normalised.details.includes('body/capacity')) {
        form.setError('capacity', { type: 'server', message: normalised.message }, { shouldFocus: true });
      }
      setFailure(normalised);
      return true;
    },
  );

  // A restored draft is unsaved work too, though the form starts from it.
  const dirty = !saved && (form.formState.isDirty || restoredAt !== null);
  const restoredRef = useRef(restoredAt !== null);
  restoredRef.current = restoredAt !== null;
  // The end set by the start (not by the organiser) moves with it; see end-follows-start.ts.
  const endDerived = useRef(false);
  useEffect(() => {
    const subscription = form.watch((values, { name, type }) => {
      if ((name === 'endDate' || name === 'endTime') && type === 'change') endDerived.current = false;
      if (name === 'startDate' || name === 'startTime') {
        const v = values as EventFormValues;
        const end = endFollowingStart(
          { date: v.startDate, time: v.startTime },
          { date: v.endDate, time: v.endTime },
          endDerived.current,
        );
        if (end) {
          endDerived.current = true;
          // Re-checked now only when the end already shows a message (which the new end may answer).
          const recheck = Boolean(form.getFieldState('endDate').error || form.getFieldState('endTime').error);
          form.setValue('endDate', end.date, { shouldDirty: true, shouldValidate: recheck });
          form.setValue('endTime', end.time, { shouldDirty: true, shouldValidate: recheck });
          return; // those two changes come back here and write the draft
        }
      }
      // Written at every change (a small synchronous write), so a reload right after typing keeps it.
      const current = form.getValues();
      if (restoredRef.current || JSON.stringify(current) !== JSON.stringify(original)) saveDraft(key, current);
      else forgetDraft(key);
    });
    return () => subscription.unsubscribe();
  }, [form, key, original]);
  const discardDraft = () => {
    // Not restored any more before the reset, whose change must not write the draft again.
    restoredRef.current = false;
    form.reset(original);
    forgetDraft(key);
    endDerived.current = false;
    setRestoredAt(null);
  };

  const startValues = form.watch(['startDate', 'startTime', 'timeZone']);
  const startInstant = toInstant({ date: startValues[0], time: startValues[1] }, startValues[2]);
  const today = new Date();
  today.setHours(0, 0, 0, 0);

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Event details">
      <LeaveGuard
        when={dirty}
        title="Discard your changes?"
        body={
          event
            ? 'Your changes to this event are not saved. If you leave, they are discarded.'
            : 'This event is not created yet. If you leave, what you entered is discarded.'
        }
        stayLabel="Keep editing"
        leaveLabel="Discard and leave"
        onLeave={() => forgetDraft(key)}
      />
      {restoredAt && (
        <Notice
          title="Draft restored"
          intent="info"
          actions={
            <Button appearance="secondary" onClick={discardDraft}>
              Discard
            </Button>
          }
        >
          {`Your unsaved changes of ${formatDateTime(restoredAt)} are back.`}
        </Notice>
      )}
      {failure && <LoadFailure title="Could not save the event" error={failure} onRetry={() => void onSubmit()} />}
      <fieldset className={styles.section}>
        <Subtitle1 as="h2" block className={styles.heading}>
          About the event
        </Subtitle1>
        {fixed ? (
          <Field label="Community">
            <Input readOnly value={fixed.name} />
          </Field>
        ) : (
          <FormField control={form.control} name="communityId" label="Community" required>
            {({ onChange, ...props }) => (
              <Select {...props} onChange={(e, d) => onChange(e, d)}>
                <option value="">Choose a community</option>
                {[CommunityBaseId.Community, CommunityBaseId.Network].map((base) => {
                  const inBase = communities.filter((c) => c.communityBaseId === base);
                  return inBase.length === 0 ? null : (
                    <optgroup key={base} label={base === CommunityBaseId.Network ? 'Networks' : 'Communities'}>
                      {inBase.map((c) => (
                        <option key={c.id} value={String(c.id)}>
                          {c.name}
                        </option>
                      ))}
                    </optgroup>
                  );
                })}
              </Select>
            )}
          </FormField>
        )}
        <FormField
          control={form.control}
          name="title"
          label="Title"
          required
          hint={`At most ${eventLimits.title} characters.`}
        >
          {(props) => <Input {...props} maxLength={eventLimits.title} />}
        </FormField>
        <DescriptionField control={form.control} />
        <ImageUpload
          label="Cover"
          hint="A picture for the event's card and page, cropped around the point you click; without one, a cover in the community's colour is shown."
          target={{ kind: 'event-cover', communityId }}
          value={cover}
          onChange={setCover}
        />
        <EventVisibilityField
          form={form}
          communities={fixed ? [fixed, ...communities] : communities}
          knownCommunityVisibility={event?.communityVisibility}
        />
      </fieldset>

      <fieldset className={styles.section}>
        <Subtitle1 as="h2" block className={styles.heading}>
          When
        </Subtitle1>
        <DateTimeFields control={form.control} which="start" minDate={mode === 'create' ? today : undefined} />
        <DateTimeFields control={form.control} which="end" minDate={mode === 'create' ? today : undefined} />
        <TimeZoneField
          control={form.control}
          at={startInstant.kind === 'ok' ? startInstant.instant : new Date()}
          current={event?.timeZone ?? form.getValues('timeZone')}
        />
        <WhenSummary control={form.control} />
      </fieldset>

      <fieldset className={styles.section}>
        <Subtitle1 as="h2" block className={styles.heading}>
          Where
        </Subtitle1>
        <LocationsEditor form={form} attendeesAt={context.attendees?.byLocation ?? new Map()} />
      </fieldset>

      <fieldset className={styles.section}>
        <Subtitle1 as="h2" block className={styles.heading}>
          Seats
        </Subtitle1>
        <FormField
          control={form.control}
          name="capacity"
          label="Capacity"
          hint={
            event && event.attendeeCount > 0
              ? `${event.attendeeCount} people attend now. Leave empty for no limit.`
              : 'The most people who can attend, over all locations. Leave empty for no limit.'
          }
        >
          {(props) => <Input {...props} inputMode="numeric" className={styles.seats} />}
        </FormField>
      </fieldset>

      <fieldset className={styles.section}>
        <Subtitle1 as="h2" block className={styles.heading}>
          Reminders
        </Subtitle1>
        <ReminderSwitches control={form.control} />
      </fieldset>

      <div className={page.actions}>
        <SubmitButton pending={pending} pendingLabel="Saving…">
          {event ? 'Save changes' : 'Create event'}
        </SubmitButton>
        <RouterButtonLink
          to={
            event
              ? routePaths.eventDetail(event.id)
              : fixed
                ? routePaths.communityDetail(fixed.id)
                : routePaths.eventList()
          }
        >
          Cancel
        </RouterButtonLink>
      </div>
    </form>
  );
}
