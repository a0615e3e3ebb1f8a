import { useId } from 'react';
import { Body1, Caption1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import {
  authStatusAtom,
  CommunityBaseId,
  firstFailure,
  retryFailed,
  routePaths,
  useCommunities,
  useCommunitiesOfBase,
  userInfoAtom,
  type CommunitySummary,
  useAtomValue,
} from '@hub/shared';
import { LoadFailure } from '@hub/ui/load-failure';
import { RouterLink } from '@hub/ui/router-link';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { memberCountText } from '../texts/member-count';

/** How many of the user's own, and how many of each base to discover, the widget shows. */
const mineShown = 6;
const discoverShown = 3;

const useStyles = makeStyles({
  widget: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  item: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  more: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
});

/**
 * The dashboard widget (the host gives it its h2): a signed-in user's communities, then a few
 * communities and networks to discover that they have not joined. Reads go through the shared
 * cache, so the same data asked by other parts of the page costs one request.
 */
export default function DiscoverCommunitiesWidget() {
  const styles = useStyles();
  // Unique per instance: the widget may appear more than once on a page.
  const mineHeading = useId();
  const discoverHeading = useId();
  const user = useAtomValue(userInfoAtom);
  const loggedIn = useAtomValue(authStatusAtom) === 'loggedIn';
  const ids = (loggedIn ? user.memberOfCommunities : []).map((m) => m.communityId);
  // One of the user's own that cannot be loaded is left out rather than failing the widget.
  const mineQueries = useCommunities(ids.slice(0, mineShown));
  const communityList = useCommunitiesOfBase(CommunityBaseId.Community);
  const networkList = useCommunitiesOfBase(CommunityBaseId.Network);
  const error = firstFailure(communityList, networkList);

  if (error) {
    return (
      <LoadFailure
        title="Could not load communities and networks"
        error={error}
        onRetry={() => retryFailed(communityList, networkList)}
      />
    );
  }
  if (!communityList.data || !networkList.data || mineQueries.some((q) => q.isPending)) {
    return <RowsSkeleton label="Loading communities and networks" count={4} />;
  }
  const notMine = (c: CommunitySummary) => !ids.includes(c.id);
  const mine = mineQueries.flatMap((q) => (q.data ? [q.data] : []));
  const communities = communityList.data.filter(notMine).slice(0, discoverShown);
  const networks = networkList.data.filter(notMine).slice(0, discoverShown);
  return (
    <div className={styles.widget}>
      {loggedIn && (
        <section aria-labelledby={mineHeading}>
          <Subtitle2 as="h3" block id={mineHeading} className={styles.heading}>
            Your communities
          </Subtitle2>
          {mine.length === 0 ? (
            <Body1 as="p" block>
              You have not joined any community or network yet.
            </Body1>
          ) : (
            <CommunityLinks items={mine} />
          )}
        </section>
      )}
      <section aria-labelledby={discoverHeading}>
        <Subtitle2 as="h3" block id={discoverHeading} className={styles.heading}>
          Discover
        </Subtitle2>
        {communities.length + networks.length === 0 ? (
          <Body1 as="p" block>
            There is nothing new to discover right now.
          </Body1>
        ) : (
          <CommunityLinks items={[...communities, ...networks]} />
        )}
      </section>
      <div className={styles.more}>
        <RouterLink to={routePaths.communities()}>All communities</RouterLink>
        <RouterLink to={routePaths.networks()}>All networks</RouterLink>
      </div>
    </div>
  );
}

function CommunityLinks({ items }: { items: CommunitySummary[] }) {
  const styles = useStyles();
  return (
    <ul className={styles.list}>
      {items.map((c) => (
        <li key={c.id} className={styles.item}>
          <RouterLink to={routePaths.communityDetail(c.id)}>{c.name}</RouterLink>
          <Caption1>
            {c.communityBaseId === CommunityBaseId.Network ? 'Network' : 'Community'} · {memberCountText(c.memberCount)}
          </Caption1>
        </li>
      ))}
    </ul>
  );
}
