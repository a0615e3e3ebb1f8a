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
import { routePaths, type CommunitySummary } from '@hub/shared';
import { MembershipButton } from '../membership/membership-button';
import { ItemFace } from '@hub/ui/face';
import { memberCountText } from '../texts/member-count';
import { RouterLink } from '@hub/ui/router-link';

const useStyles = makeStyles({
  card: { height: '100%' },
  description: {
    margin: 0,
    color: tokens.colorNeutralForeground2,
    display: '-webkit-box',
    WebkitLineClamp: 3,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
  footer: { marginTop: 'auto', alignItems: 'center', justifyContent: 'space-between' },
});

export interface CommunityCardProps {
  community: CommunitySummary;
  /** The card's name heading level, below the list's own heading. */
  headingLevel?: 'h2' | 'h3';
}

/** One community in a list: image, name (the link to its page), description, member count and Join / Leave. */
export function CommunityCard({ community, headingLevel = 'h2' }: CommunityCardProps) {
  const styles = useStyles();
  const Heading = headingLevel;
  return (
    <Card className={styles.card}>
      <CardPreview>
        {/* CardPreview makes its direct child a block; the wrapper keeps the face's own layout. */}
        <div>
          <ItemFace image={community.imageUrl} colourKey={community.id} name={community.name} aspect="wide" />
        </div>
      </CardPreview>
      <CardHeader
        header={
          <Heading style={{ margin: 0 }}>
            <Text weight="semibold" size={400}>
              <RouterLink to={routePaths.communityDetail(community.id)}>{community.name}</RouterLink>
            </Text>
          </Heading>
        }
        description={<Caption1>{community.countryName}</Caption1>}
      />
      {community.description && (
        <Body1 as="p" block className={styles.description}>
          {community.description}
        </Body1>
      )}
      <CardFooter className={styles.footer}>
        <Caption1>{memberCountText(community.memberCount)}</Caption1>
        <MembershipButton community={community} size="small" />
      </CardFooter>
    </Card>
  );
}
