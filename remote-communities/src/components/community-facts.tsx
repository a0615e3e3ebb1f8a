import type { ReactNode } from 'react';
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { CommunityBase, CommunitySummary } from '@hub/shared';
import { usePageStyles } from '@hub/ui/page-styles';
import { VisibilityBadge } from '@hub/ui/visibility-badge';
import { baseLabel } from '../texts/base-texts';
import { memberCountText } from '../texts/member-count';
import { AudienceSentence } from './audience-sentence';

const useStyles = makeStyles({
  facts: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
});

export interface CommunityFactsProps {
  community: Pick<CommunitySummary, 'communityBaseId' | 'visibility' | 'memberCount'>;
  /** undefined when the base could not be read (or is not read): its usual name is shown. */
  base: CommunityBase | undefined;
  /** Its country: a link to the country's communities on its page, plain text on its invitation. */
  country: ReactNode;
}

/**
 * Under a community's name in its page's header and its invitation's: what it is (its kind and
 * badge), where, how many members, and who can see it in one sentence.
 */
export function CommunityFacts({ community, base, country }: CommunityFactsProps) {
  const page = usePageStyles();
  const styles = useStyles();
  return (
    <>
      <div className={styles.facts}>
        <Badge appearance="tint" color="brand">
          {baseLabel(base, community.communityBaseId)}
        </Badge>
        <VisibilityBadge visibility={community.visibility} />
        {country}
        <Text>{memberCountText(community.memberCount)}</Text>
      </div>
      <AudienceSentence visibility={community.visibility} className={page.intro} />
    </>
  );
}
