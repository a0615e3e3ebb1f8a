import {
  Body1,
  Caption1,
  Card,
  CardFooter,
  CardHeader,
  CardPreview,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { CalendarRegular } from '@fluentui/react-icons';
import { routePaths, type CommunitySummary } from '@hub/shared';
import { formatDateTimeIn } from '@hub/ui/date-time';
import { RouterLink } from '@hub/ui/router-link';
import { VisibilityBadge } from '@hub/ui/visibility-badge';
import { CommunityPicture } from './community-face';
import { MembershipButton } from '../membership/membership-button';
import { memberCountText } from '../texts/member-count';

const useStyles = makeStyles({
  card: { height: '100%' },
  heading: { margin: 0 },
  description: {
    margin: 0,
    color: tokens.colorNeutralForeground2,
    display: '-webkit-box',
    WebkitLineClamp: 3,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
  next: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
    margin: 0,
    color: tokens.colorNeutralForeground2,
  },
  nextIcon: { flexShrink: 0, fontSize: '16px', marginTop: '2px' },
  nextText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  footer: { marginTop: 'auto', alignItems: 'center', justifyContent: 'space-between' },
  // A small button's height: the HTML drawn on the server keeps Join / Leave's place.
  membershipPlace: { minHeight: '24px' },
});

export interface CommunityCardProps {
  community: CommunitySummary;
  /** The card's name heading level, below the list's own heading. */
  headingLevel?: 'h2' | 'h3';
  /** How soon its picture is fetched: the first cards of a grid `high`, those far below `lazy`. */
  facePriority?: 'high' | 'auto' | 'lazy';
  /**
   * Join / Leave, which depends on the viewer; false in the HTML the page server draws
   * (server-frames.tsx), which keeps its place rather than show a button that does nothing yet.
   */
  membership?: boolean;
}

/** The next event line of a card: its date in its own zone and its title, or that there is none. */
function NextEventLine({ community }: { community: CommunitySummary }) {
  const styles = useStyles();
  const next = community.nextEvent;
  return (
    <p className={styles.next} data-testid="community-next-event">
      <CalendarRegular className={styles.nextIcon} aria-hidden="true" />
      {next ? (
        <span className={styles.nextText}>
          <Caption1>
            Next: <time dateTime={next.startsAt}>{formatDateTimeIn(next.startsAt, next.timeZone)}</time>
          </Caption1>
          <RouterLink to={routePaths.eventDetail(next.id)}>{next.title}</RouterLink>
        </span>
      ) : (
        <Caption1>No upcoming events</Caption1>
      )}
    </p>
  );
}

/**
 * One community in a grid (issue 27): its face, name (the link to its page), country, description,
 * next event, member count and Join / Leave.
 */
export function CommunityCard({
  community,
  headingLevel = 'h2',
  facePriority = 'auto',
  membership = true,
}: CommunityCardProps) {
  const styles = useStyles();
  const Heading = headingLevel;
  return (
    <Card className={styles.card} data-testid="community-card">
      <CardPreview>
        {/* CardPreview makes its direct child a block; the wrapper keeps the face's own layout. */}
        <div>
          <CommunityPicture community={community} sizes="(max-width: 600px) 100vw, 25vw" priority={facePriority} />
        </div>
      </CardPreview>
      <CardHeader
        header={
          <Heading className={styles.heading}>
            <Text weight="semibold" size={400}>
              <RouterLink to={routePaths.communityDetail(community.id)}>{community.name}</RouterLink>
            </Text>
          </Heading>
        }
        description={
          <>
            <Caption1>{community.countryName}</Caption1> <VisibilityBadge visibility={community.visibility} />
          </>
        }
      />
      {community.description && (
        <Body1 as="p" block className={styles.description}>
          {community.description}
        </Body1>
      )}
      <NextEventLine community={community} />
      <CardFooter className={styles.footer}>
        {/* Other visitors change it: the screenshots mask it (e2e/support/visual-screens.ts). */}
        <Caption1 data-volatile>{memberCountText(community.memberCount)}</Caption1>
        {membership ? (
          <MembershipButton community={community} size="small" />
        ) : (
          <span className={styles.membershipPlace} aria-hidden="true" />
        )}
      </CardFooter>
    </Card>
  );
}
