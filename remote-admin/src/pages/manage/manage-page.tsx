import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Field, makeStyles, SearchBox, tokens } from '@fluentui/react-components';
import {
  isAdmin,
  managedCommunitiesPageSize,
  manageEventParam,
  routePaths,
  toNormalisedError,
  useAtomValue,
  useManagedCommunities,
  userInfoAtom,
} from '@hub/shared';
import { EmptyState } from '@hub/ui/empty-state';
import { LoadFailure } from '@hub/ui/load-failure';
import { PageFrame } from '@hub/ui/page-frame';
import { RouterButtonLink } from '@hub/ui/router-link';
import { CardsSkeleton, RowsSkeleton } from '@hub/ui/skeletons';
import { ManagedCommunityCard } from './managed-community-card';

import { Pager } from '../../pager/pager';

// One event's attendee list (its DataGrid, filters and check-in switches) is a chunk of its own,
// fetched when an event is opened: the overview, where /manage opens, needs none of it (issue 12's
// budget of 350 KB gzip on /manage).
const EventAttendees = lazy(() => import('./event-attendees').then((m) => ({ default: m.EventAttendees })));

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  search: { maxWidth: '30rem' },
  searchBox: { maxWidth: 'none', width: '100%' },
});

/** A positive whole number from the address, or null. */
function idFrom(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/**
 * SPEC §2 `/manage` (core members and admins): the communities the user runs and their events;
 * with `?event=<id>`, that event's attendee list and check-in.
 */
export default function ManagePage() {
  const [params] = useSearchParams();
  if (params.has(manageEventParam))
    return (
      <Suspense fallback={<RowsSkeleton label="Loading the attendees" count={6} />}>
        <EventAttendees eventId={idFrom(params.get(manageEventParam))} />
      </Suspense>
    );
  return <ManageOverview />;
}

function ManageOverview() {
  const styles = useStyles();
  const user = useAtomValue(userInfoAtom);
  const admin = isAdmin(user);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = idFrom(params.get('page')) ?? 1;
  const communities = useManagedCommunities({ q: q.trim(), page });
  const data = communities.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / managedCommunitiesPageSize)) : 1;
  const setQuery = (next: { q?: string; page?: number }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.q !== undefined) {
          if (next.q) updated.set('q', next.q);
          else updated.delete('q');
          updated.delete('page');
        }
        if (next.page !== undefined) {
          if (next.page > 1) updated.set('page', String(next.page));
          else updated.delete('page');
        }
        return updated;
      },
      // Typing replaces the entry; turning a page is a step Back can undo.
      { replace: next.q !== undefined },
    );

  return (
    <PageFrame
      title="Manage"
      intro={
        admin
          ? 'Every community and network, with their events: attendance, attendee lists and check-in.'
          : 'The communities you are a core member of, with their events: attendance, attendee lists and check-in.'
      }
      busy={communities.isFetching}
    >
      {admin && (
        <Field label="Find a community or network" className={styles.search}>
          <SearchBox
            className={styles.searchBox}
            value={q}
            onChange={(_event, d) => setQuery({ q: d.value })}
            placeholder="Name"
          />
        </Field>
      )}
      {communities.isError && !data ? (
        <LoadFailure
          title="Could not load your communities"
          error={toNormalisedError(communities.error)}
          onRetry={() => void communities.refetch()}
        />
      ) : !data ? (
        <CardsSkeleton label="Loading your communities" count={2} />
      ) : data.items.length === 0 ? (
        q.trim() ? (
          <EmptyState title={`No community or network named '${q.trim()}'`} live>
            Check the spelling, or search for part of the name.
          </EmptyState>
        ) : (
          <EmptyState
            title="You are not a core member of any community yet"
            actions={<RouterButtonLink to={routePaths.communities()}>Browse communities</RouterButtonLink>}
          >
            A community&apos;s lead or an admin can appoint you; its events will then be managed here.
          </EmptyState>
        )
      ) : (
        <>
          {communities.isError && (
            <LoadFailure
              title="Could not load this page of communities"
              error={toNormalisedError(communities.error)}
              onRetry={() => void communities.refetch()}
            />
          )}
          <div className={styles.list}>
            {data.items.map((c) => (
              <ManagedCommunityCard key={c.id} community={c} />
            ))}
          </div>
          {pages > 1 && (
            <Pager
              label="Pages of communities"
              page={page}
              pages={pages}
              onPageChange={(next) => setQuery({ page: next })}
            />
          )}
        </>
      )}
    </PageFrame>
  );
}
