import { useMemo } from 'react';
import { Badge, Body1, Caption1, Card, makeStyles, Skeleton, SkeletonItem, tokens } from '@fluentui/react-components';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  appConfigAtom,
  CommunityBaseId,
  fallbackUser,
  isCommunityLead,
  retryFailed,
  routePaths,
  useCommunities,
  type CommunityDetail,
  type UserInfo,
  useAtomValue,
} from '@hub/shared';
import { PageFrame } from '@hub/ui/page-frame';
import { LoadFailure } from '@hub/ui/load-failure';
import { usePageStyles } from '@hub/ui/page-styles';
import { RouterButtonLink, RouterLink } from '@hub/ui/router-link';
import { UserLoadFailure } from '../../components/user-load-failure';
import { describeProblem } from '../../forms/identity-problem';
import { useSessionUser } from '../../forms/use-session-user';
import { MyEventsSection } from './my-events-section';
import { CalendarFeedSection } from './calendar-feed-section';
import { Heading } from '@hub/ui/heading';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  card: { height: '100%', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  meta: { color: tokens.colorNeutralForeground2 },
  empty: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalS },
  skeletonCard: { height: '5rem' },
});

/** One community of the user, and how they belong to it. */
interface MyCommunity {
  id: number;
  coreMember: boolean;
  lead: boolean;
}

/** Member and core-member communities, once each, core memberships first. */
export function myCommunities(user: UserInfo): MyCommunity[] {
  const byId = new Map<number, MyCommunity>();
  for (const seat of user.coreMemberOfCommunities) {
    byId.set(seat.communityId, {
      id: seat.communityId,
      coreMember: true,
      lead: isCommunityLead(user, seat.communityId),
    });
  }
  for (const m of user.memberOfCommunities) {
    if (!byId.has(m.communityId)) byId.set(m.communityId, { id: m.communityId, coreMember: false, lead: false });
  }
  return [...byId.values()];
}

interface LoadedItem<T> {
  id: number;
  result: PromiseSettledResult<T>;
}

type Loaded<T> =
  { status: 'loading'; retry: () => void } | { status: 'done'; data: LoadedItem<T>[]; retry: () => void };

/**
 * One query per item (each cached under its own key): the list waits until every item has
 * settled, and a failed item is kept as its failure so the rest still shows.
 */
function settledItems<T>(ids: readonly number[], queries: readonly UseQueryResult<T>[]): Loaded<T> {
  const retry = () => retryFailed(...queries);
  if (queries.some((q) => q.isPending)) return { status: 'loading', retry };
  const data = ids.map((id, i): LoadedItem<T> => {
    const query = queries[i];
    return {
      id,
      result: query?.isSuccess
        ? { status: 'fulfilled', value: query.data }
        : { status: 'rejected', reason: query?.error },
    };
  });
  return { status: 'done', data, retry };
}

/**
 * My {product} (SPEC §2 my-{product}): the communities and networks the user belongs to (lead
 * marked), the events they attend (upcoming and past, each linking to its page) and their private
 * calendar feed.
 */
export function MyHubPage() {
  const product = useAtomValue(appConfigAtom).product.name;
  const session = useSessionUser();
  const userLoading = session.status !== 'ready';
  const user = session.status === 'ready' ? session.user : fallbackUser;
  return (
    <PageFrame headingId="my-hub-title" width="medium" title={`My ${product}`} busy={session.status === 'loading'}>
      {session.status === 'failed' ? (
        <UserLoadFailure retry={session.retry} />
      ) : (
        <>
          <MyCommunities user={user} userLoading={userLoading} />
          <MyEventsSection enabled={!userLoading} />
          <CalendarFeedSection enabled={!userLoading} />
        </>
      )}
    </PageFrame>
  );
}

/** Some items of a list could not be loaded: say how many, why (the first reason), and offer a retry. */
function PartialLoadProblem({
  failures,
  noun,
  onRetry,
}: {
  failures: { result: PromiseSettledResult<unknown> }[];
  noun: 'communities' | 'events';
  onRetry: () => void;
}) {
  const first = failures[0]?.result;
  if (!first) return null;
  return (
    <LoadFailure
      title={
        failures.length === 1
          ? `One of your ${noun} could not be loaded`
          : `${failures.length} of your ${noun} could not be loaded`
      }
      error={{ message: describeProblem(first.status === 'rejected' ? first.reason : undefined).body }}
      onRetry={onRetry}
      retryLabel={`Retry loading your ${noun}`}
    />
  );
}

function ListSkeleton({ label }: { label: string }) {
  const styles = useStyles();
  const page = usePageStyles();
  return (
    <Skeleton aria-label={label} className={page.cards}>
      {[0, 1, 2].map((i) => (
        <SkeletonItem key={i} shape="rectangle" className={styles.skeletonCard} />
      ))}
    </Skeleton>
  );
}

function MyCommunities({ user, userLoading }: { user: UserInfo; userLoading: boolean }) {
  const styles = useStyles();
  const page = usePageStyles();
  const memberships = useMemo(() => myCommunities(user), [user]);
  const ids = memberships.map((m) => m.id);
  const loaded = settledItems(ids, useCommunities(ids));
  const failures = loaded.status === 'done' ? loaded.data.filter((r) => r.result.status === 'rejected') : [];

  return (
    <section className={styles.section} aria-labelledby="my-hub-communities">
      <Heading level={2} id="my-hub-communities" className={styles.heading}>
        My communities and networks
      </Heading>
      {userLoading || loaded.status === 'loading' ? (
        <ListSkeleton label="Loading your communities" />
      ) : memberships.length === 0 ? (
        <div className={styles.empty}>
          <Body1>You have not joined any community or network yet.</Body1>
          <div className={styles.badges}>
            <RouterButtonLink to={routePaths.communities()} appearance="primary">
              Find a community
            </RouterButtonLink>
            <RouterButtonLink to={routePaths.networks()} appearance="secondary">
              Find a network
            </RouterButtonLink>
          </div>
        </div>
      ) : loaded.status !== 'done' ? null : (
        <>
          <PartialLoadProblem failures={failures} noun="communities" onRetry={loaded.retry} />
          <ul className={page.cards} aria-labelledby="my-hub-communities">
            {loaded.data.map(({ id, result }) => {
              const membership = memberships.find((m) => m.id === id);
              return (
                <li key={id}>
                  <CommunityCard
                    id={id}
                    community={result.status === 'fulfilled' ? result.value : null}
                    coreMember={membership?.coreMember ?? false}
                    lead={membership?.lead ?? false}
                  />
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

interface CommunityCardProps {
  id: number;
  community: CommunityDetail | null;
  coreMember: boolean;
  lead: boolean;
}

function CommunityCard({ id, community, coreMember, lead }: CommunityCardProps) {
  const styles = useStyles();
  const kind = community ? (community.communityBaseId === CommunityBaseId.Network ? 'Network' : 'Community') : null;
  return (
    <Card className={styles.card}>
      <Heading level={3} className={styles.heading}>
        <RouterLink to={routePaths.communityDetail(id)}>{community ? community.name : `Community ${id}`}</RouterLink>
      </Heading>
      {community ? (
        <Caption1 className={styles.meta}>
          {kind} · {community.countryName}
        </Caption1>
      ) : (
        <Caption1 className={styles.meta}>Details could not be loaded.</Caption1>
      )}
      <div className={styles.badges}>
        {lead ? (
          <Badge appearance="filled" color="brand">
            Lead
          </Badge>
        ) : null}
        {coreMember ? (
          <Badge appearance="tint" color="brand">
            Core member
          </Badge>
        ) : (
          <Badge appearance="outline" color="informative">
            Member
          </Badge>
        )}
      </div>
    </Card>
  );
}

export default MyHubPage;
