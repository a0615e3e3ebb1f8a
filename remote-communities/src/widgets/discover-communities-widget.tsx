import { useId } from 'react';
import { Body1, Caption1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import {
  authStatusAtom,
  CommunityBaseId,
  firstFailure,
  retryFailed,
  routePaths,
  useCommunities,
  useMyHome,
  usePublicHome,
  userInfoAtom,
  type CommunitySummary,
  useAtomValue,
} from '@hub/shared';
import { ItemFace } from '@hub/ui/face';
import { LoadFailure } from '@hub/ui/load-failure';
import { RouterLink } from '@hub/ui/router-link';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { memberCountText } from '../texts/member-count';

/** How many of the user's own communities the widget shows. */
const mineShown = 6;

const useStyles = makeStyles({
  widget: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, minHeight: '48px' },
  face: { width: '48px', flexShrink: 0 },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  more: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
});

/**
 * The home page's communities widget (the host gives it its h2), issue 27. To a visitor: the most
 * active communities and networks (api/home). To a signed-in user: their own, then communities
 * they may like (api/user/home: people of their city or business unit are in them). The rules are
 * in docs/decisions.md ("Home that knows you"). Reads go through the shared cache, so the events
 * widget beside it asks the same home read once between them.
 */
export default function DiscoverCommunitiesWidget() {
  const styles = useStyles();
  // Unique per instance: the widget may appear more than once on a page.
  const mineHeading = useId();
  const discoverHeading = useId();
  const user = useAtomValue(userInfoAtom);
  const status = useAtomValue(authStatusAtom);
  const loggedIn = status === 'loggedIn';
  const ids = (loggedIn ? user.memberOfCommunities : []).map((m) => m.communityId);
  // One of the user's own that cannot be loaded is left out rather than failing the widget.
  const mineQueries = useCommunities(ids.slice(0, mineShown));
  // While a stored session is being restored, the visitor is neither: the anonymous home's "Most
  // active" would be replaced by the user's own a moment later.
  const publicHome = usePublicHome({ enabled: status === 'loggedOut' });
  const myHome = useMyHome({ enabled: loggedIn });
  const home = loggedIn ? myHome : publicHome;
  const error = firstFailure(home);

  if (error) {
    return (
      <LoadFailure title="Could not load communities and networks" error={error} onRetry={() => retryFailed(home)} />
    );
  }
  if (status === 'loading' || !home.data || mineQueries.some((q) => q.isPending)) {
    return <RowsSkeleton label="Loading communities and networks" count={4} />;
  }
  const mine = mineQueries.flatMap((q) => (q.data ? [q.data] : []));
  const discover = myHome.data?.suggestedCommunities ?? publicHome.data?.activeCommunities ?? [];
  return (
    <div className={styles.widget}>
      {loggedIn && (
        <section aria-labelledby={mineHeading} className={styles.section}>
          <Subtitle2 as="h3" block id={mineHeading} className={styles.heading}>
            Your communities
          </Subtitle2>
          {mine.length === 0 ? (
            <Body1 as="p" block>
              You have not joined any community or network yet.
            </Body1>
          ) : (
            <CommunityRows items={mine} />
          )}
        </section>
      )}
      <section aria-labelledby={discoverHeading} className={styles.section}>
        <Subtitle2 as="h3" block id={discoverHeading} className={styles.heading}>
          {loggedIn ? 'Communities you may like' : 'Most active'}
        </Subtitle2>
        {discover.length === 0 ? (
          <Body1 as="p" block>
            There is nothing new to discover right now.
          </Body1>
        ) : (
          <CommunityRows items={discover} />
        )}
      </section>
      <div className={styles.more}>
        <RouterLink to={routePaths.communities()}>All communities</RouterLink>
        <RouterLink to={routePaths.networks()}>All networks</RouterLink>
      </div>
    </div>
  );
}

const upcomingText = (count: number) => (count === 1 ? '1 upcoming event' : `${count} upcoming events`);

/** Each community with its face, its name (the link to it), its kind, members and upcoming events. */
function CommunityRows({ items }: { items: CommunitySummary[] }) {
  const styles = useStyles();
  return (
    <ul className={styles.list}>
      {items.map((c) => (
        <li key={c.id} className={styles.item}>
          <ItemFace
            image={c.imageUrl}
            upload={c.logo ?? c.cover}
            colourKey={c.id}
            name={c.name}
            aspect="square"
            sizes="48px"
            className={styles.face}
          />
          <span className={styles.text}>
            <RouterLink to={routePaths.communityDetail(c.id)}>{c.name}</RouterLink>
            <Caption1 data-volatile>
              {c.communityBaseId === CommunityBaseId.Network ? 'Network' : 'Community'} ·{' '}
              {memberCountText(c.memberCount)}
              {` · ${upcomingText(c.upcomingEventCount)}`}
            </Caption1>
          </span>
        </li>
      ))}
    </ul>
  );
}
