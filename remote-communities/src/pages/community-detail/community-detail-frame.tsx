import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, Title1, tokens } from '@fluentui/react-components';
import type { CommunityBase, CommunityDetail } from '@hub/shared';
import { usePageStyles } from '@hub/ui/page-styles';
import { RouterLink } from '@hub/ui/router-link';
import { textsOfBase } from '../../texts/base-texts';
import { CommunityFacts } from '../../components/community-facts';
import { CommunityFace } from '../../components/community-face';

const useStyles = makeStyles({
  layout: { alignItems: 'start' },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  // A medium button's height: the actions' place is kept while they are not there yet.
  actions: { minHeight: '32px' },
});

export interface CommunityDetailFrameProps {
  community: CommunityDetail;
  /** undefined when the base could not be read: its usual name is shown. */
  base: CommunityBase | undefined;
  /** The viewer's buttons (join or leave, edit); left out of the page's HTML, their place kept. */
  actions?: ReactNode;
  /** The second column: the core members and the upcoming events. */
  children?: ReactNode;
}

/**
 * The top of a community's or network's page: its name, kind, country and members, its picture and
 * description. Public data only, the same for every visitor: the host's page server renders it with
 * the community's answers into the HTML of `/community/:id`, from this area's live release
 * (src/server-frames.tsx),
 * so the page's largest paint comes with the HTML, and this page renders the very same markup over
 * it. What depends on the viewer comes in `actions`, whose place the HTML keeps.
 */
export function CommunityDetailFrame({ community, base, actions, children }: CommunityDetailFrameProps) {
  const page = usePageStyles();
  const styles = useStyles();
  const texts = textsOfBase(community.communityBaseId);
  return (
    <section className={mergeClasses(page.page, page.wide)} aria-labelledby="community-title">
      <header className={page.header}>
        <Title1 as="h1" block id="community-title" className={page.heading}>
          {community.name}
        </Title1>
        <CommunityFacts
          community={community}
          base={base}
          country={<RouterLink to={texts.overviewPath(community.countryId)}>{community.countryName}</RouterLink>}
        />
        <div className={mergeClasses(page.actions, styles.actions)}>{actions}</div>
      </header>
      <div className={mergeClasses(page.panels, styles.layout)}>
        <div className={styles.column}>
          <CommunityFace
            community={community}
            // One of two columns from the medium breakpoint (page.panels), the whole width below it.
            sizes="(min-width: 960px) 50vw, 100vw"
          />
        </div>
        <div className={styles.column}>{children}</div>
      </div>
    </section>
  );
}
