import { lazy, Suspense, useDeferredValue } from 'react';
import { useParams } from 'react-router';
import {
  Avatar,
  Badge,
  Body1,
  Button,
  makeStyles,
  mergeClasses,
  Subtitle2,
  Text,
  Title1,
  tokens,
} from '@fluentui/react-components';
import { ArchiveRegular, ArrowUndoRegular, CalendarAddRegular, EditRegular } from '@fluentui/react-icons';
import {
  parseId,
  firstFailure,
  isAdmin,
  retryFailed,
  isCommunityLead,
  isCoreMemberOf,
  routePaths,
  showAlert,
  showConfirm,
  toNormalisedError,
  useArchiveCommunity,
  useCommunity,
  useCommunityBase,
  useUpcomingEventsOfCommunity,
  userInfoAtom,
  type CommunityDetail,
  type CommunityBase,
  useAtomValue,
} from '@hub/shared';
import { LoadFailure } from '@hub/ui/load-failure';
import { showToast } from '@hub/ui/show-toast';
import { Notice } from '@hub/ui/notice';
import { RouterButtonLink } from '@hub/ui/router-link';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { usePageStyles } from '@hub/ui/page-styles';
import { usePageTitle } from '@hub/ui/use-page-title';
import { EventCard } from '@hub/ui/event-card';
import { OrganiserUpdates } from '@hub/ui/organiser-updates';
import { MembershipButton } from '../../membership/membership-button';
import { textsOfBase } from '../../texts/base-texts';
import { CommunityDetailFrame } from './community-detail-frame';

// Only leads and admins write announcements: the form (and its schema checker) loads when one looks.
const ComposeMessageDialog = lazy(() =>
  import('@hub/ui/compose-message-dialog').then((m) => ({ default: m.ComposeMessageDialog })),
);

// Only a members-only community's core members and admins see its invitation link and requests.
const MembersOnlyPanel = lazy(() => import('./members-only-panel'));

const useStyles = makeStyles({
  person: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  sectionHeading: { margin: 0, marginBottom: tokens.spacingVerticalS },
});

interface DetailData {
  community: CommunityDetail;
  /** undefined when the base could not be loaded: the page still shows, with the base's usual name. */
  base: CommunityBase | undefined;
}

/** SPEC §2 community detail (`/community/:id`). An unknown or non-numeric id says so. */
export function CommunityDetailPage() {
  const page = usePageStyles();
  const id = parseId(useParams().id);

  const community = useCommunity(id);
  const base = useCommunityBase(community.data?.communityBaseId);
  const error = community.isError ? toNormalisedError(community.error) : null;
  // An unknown or non-numeric id is a page of its own, not a failure to retry.
  const notFound = id === null || error?.status === 404;
  // The base only names the kind; when it cannot be loaded the page still shows, with the usual name.
  const state = notFound
    ? ({ status: 'ready', data: null } as const)
    : error
      ? ({ status: 'error', error } as const)
      : community.data && !base.isPending
        ? ({ status: 'ready', data: { community: community.data, base: base.data } } as const)
        : ({ status: 'loading' } as const);
  const retry = () => void community.refetch();
  usePageTitle(
    state.status !== 'ready' ? 'Community' : state.data === null ? 'Community not found' : state.data.community.name,
  );

  if (state.status === 'ready' && state.data === null) {
    return (
      <section className={mergeClasses(page.page, page.wide)} aria-labelledby="community-title">
        <Title1 as="h1" block id="community-title" className={page.heading}>
          Community not found
        </Title1>
        <Notice title="This community does not exist" intent="warning">
          There is no community or network at this address; it may have been removed.
        </Notice>
        <div className={page.actions}>
          <RouterButtonLink to={routePaths.communities()}>All communities</RouterButtonLink>
          <RouterButtonLink to={routePaths.networks()}>All networks</RouterButtonLink>
        </div>
      </section>
    );
  }
  if (state.status === 'ready' && state.data) return <CommunityDetailView data={state.data} />;
  return (
    <section className={mergeClasses(page.page, page.wide)} aria-labelledby="community-title">
      <Title1 as="h1" block id="community-title" className={page.heading}>
        Community
      </Title1>
      {state.status === 'error' ? (
        <LoadFailure title="Could not load the community" error={state.error} onRetry={retry} />
      ) : (
        <RowsSkeleton label="Loading the community" count={6} />
      )}
    </section>
  );
}

function CommunityDetailView({ data }: { data: DetailData }) {
  const page = usePageStyles();
  const styles = useStyles();
  const user = useAtomValue(userInfoAtom);
  const { community, base } = data;
  const texts = textsOfBase(community.communityBaseId);
  // Editing it and creating its events: its core members (the lead among them) and admins, as the API allows.
  const canEdit = isAdmin(user) || isCoreMemberOf(user, community.id);
  // Announcements to the members: the community's lead, or an admin (as the API allows).
  const canAnnounce = isAdmin(user) || isCommunityLead(user, community.id);
  const coreMembers = community.coreMembers ?? [];
  const archived = Boolean(community.archivedAt);

  return (
    <CommunityDetailFrame
      community={community}
      base={base}
      actions={
        <>
          {/* Archived, it takes no new members and no new events (the API refuses both). */}
          {!archived && <MembershipButton community={community} />}
          {canEdit && !archived && (
            <RouterButtonLink to={routePaths.eventCreateForCommunity(community.id)} icon={<CalendarAddRegular />}>
              Create event
            </RouterButtonLink>
          )}
          {canEdit && (
            <RouterButtonLink to={routePaths.communityEdit(community.id)} icon={<EditRegular />}>
              Edit {texts.singular}
            </RouterButtonLink>
          )}
          {canAnnounce && (
            <Suspense fallback={null}>
              <ComposeMessageDialog
                target={{ kind: 'community', id: community.id }}
                triggerLabel="Write to members"
                title={`Write to the members of ${community.name}`}
              />
            </Suspense>
          )}
          {isAdmin(user) && !archived && <ArchiveButton community={community} plural={texts.plural} />}
        </>
      }
    >
      {archived && (
        <Notice
          title="Archived"
          intent="warning"
          actions={isAdmin(user) ? <ArchiveButton community={community} plural={texts.plural} /> : undefined}
        >
          {`This ${texts.singular} is archived: it is not listed, and its events cannot be joined. Its members and events are kept.`}
        </Notice>
      )}
      <section aria-labelledby="core-members-title">
        <Subtitle2 as="h2" block id="core-members-title" className={styles.sectionHeading}>
          Core members
        </Subtitle2>
        {coreMembers.length === 0 ? (
          <Body1 as="p" block>
            This {texts.singular} has no core members yet.
          </Body1>
        ) : (
          <ul className={page.list}>
            {coreMembers.map((m) => {
              const name = `${m.firstName} ${m.lastName}`.trim();
              return (
                <li key={m.id} className={styles.person}>
                  <Avatar
                    name={name}
                    image={m.imageUrl ? { src: m.imageUrl } : undefined}
                    size={32}
                    aria-hidden="true"
                  />
                  <Text>{name}</Text>
                  {m.responsibleForCommunity && (
                    <Badge appearance="filled" color="brand">
                      Lead
                    </Badge>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {canEdit && community.visibility === 'members' && (
        <Suspense fallback={<RowsSkeleton label="Loading the invitation and requests" count={2} />}>
          <MembersOnlyPanel communityId={community.id} communityName={community.name} />
        </Suspense>
      )}
      <OrganiserUpdates target={{ kind: 'community', id: community.id }} />
      <UpcomingEvents communityId={community.id} singular={texts.singular} headingClass={styles.sectionHeading} />
    </CommunityDetailFrame>
  );
}

/**
 * Archive (or, once archived, Restore) for admins, asking first what it does (docs/decisions.md,
 * "Archive and restore"): nothing is deleted, so restoring brings everything back.
 */
function ArchiveButton({ community, plural }: { community: CommunityDetail; plural: string }) {
  const change = useArchiveCommunity();
  const archive = !community.archivedAt;
  const onClick = async () => {
    const yes = await showConfirm({
      title: archive ? `Archive ${community.name}?` : `Restore ${community.name}?`,
      subtitle: archive
        ? `It leaves the ${plural} and events lists, nobody can join it or its events, and no new events can be created in it. Its members, core members, events and their attendees are kept, and you can restore it from this page.`
        : `It comes back in the ${plural} and events lists, and its events can be joined again.`,
    });
    if (!yes) return;
    try {
      await change.mutateAsync({ id: community.id, archived: archive });
      showToast({
        intent: 'success',
        title: archive ? `${community.name} is archived` : `${community.name} is restored`,
      });
    } catch (error) {
      const e = toNormalisedError(error);
      void showAlert({ error: true, title: archive ? 'Could not archive' : 'Could not restore', subtitle: e.message });
    }
  };
  return (
    <Button
      icon={archive ? <ArchiveRegular /> : <ArrowUndoRegular />}
      disabled={change.isPending}
      onClick={() => void onClick()}
    >
      {archive ? 'Archive' : 'Restore'}
    </Button>
  );
}

interface UpcomingEventsProps {
  communityId: number;
  singular: string;
  headingClass: string;
}

/**
 * The community's coming events as event cards, each linking to its page; loaded on their own so
 * a failure here leaves the rest of the page. A cancelled event is not coming up, so it is left out.
 */
function UpcomingEvents({ communityId, singular, headingClass }: UpcomingEventsProps) {
  const page = usePageStyles();
  const events = useUpcomingEventsOfCommunity(communityId);
  // An answer arrives through useSyncExternalStore, which React renders synchronously in one task,
  // and this section usually mounts in that same render (the community's answer shows the page).
  // The deferred copy, starting from nothing, renders the event cards afterwards as a transition,
  // in slices that yield (issue 14, Total Blocking Time: 30 ms of a phone's main thread in one
  // piece on this page's load); the placeholder rows show meanwhile.
  const data = useDeferredValue(events.data ?? null, null);
  const error = firstFailure(events);
  const state = error
    ? ({ status: 'error', error } as const)
    : data
      ? ({ status: 'ready', data: data.items.filter((e) => !e.cancelled) } as const)
      : ({ status: 'loading' } as const);
  const retry = () => retryFailed(events);
  return (
    <section aria-labelledby="upcoming-events-title">
      <Subtitle2 as="h2" block id="upcoming-events-title" className={headingClass}>
        Upcoming events
      </Subtitle2>
      {state.status === 'loading' && <RowsSkeleton label="Loading the upcoming events" count={2} />}
      {state.status === 'error' && (
        <LoadFailure title="Could not load the upcoming events" error={state.error} onRetry={retry} />
      )}
      {state.status === 'ready' && state.data.length === 0 && (
        <Body1 as="p" block>
          This {singular} has no upcoming events.
        </Body1>
      )}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className={page.list} aria-labelledby="upcoming-events-title">
          {state.data.map((event) => (
            <li key={event.id}>
              <EventCard event={event} cover={false} headingLevel="h3" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default CommunityDetailPage;
