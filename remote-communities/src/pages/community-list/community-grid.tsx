import type { ReactNode } from 'react';
import { Badge, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import type { CommunityGridParams, CommunitySummary } from '@hub/shared';
import { EmptyState } from '@hub/ui/empty-state';
import { usePageStyles } from '@hub/ui/page-styles';
import { RouterButtonLink, RouterLink } from '@hub/ui/router-link';
import { CardsSkeleton } from '@hub/ui/skeletons';
import { CommunityCard } from '../../components/community-card';
import { textsOfBase } from '../../texts/base-texts';
import { CommunityGridFilters, type CommunityGridFiltersProps } from './community-grid-filters';
import type { CountryCount } from './community-list-model';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  countries: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  country: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minHeight: '44px' },
});

/** The first row of cards is likely the page's largest paint: its pictures come first. */
const eagerCards = 4;

export interface CommunityGridProps {
  /** SPEC §9: 1 communities, 2 networks. */
  baseId: number;
  /** The list's name (the page's heading). */
  title: string;
  params: CommunityGridParams;
  onChange: CommunityGridFiltersProps['onChange'];
  countries: CountryCount[] | undefined;
  /** The view's communities; undefined while they load. */
  cards: CommunitySummary[] | undefined;
  /** A newer answer is on its way (the cards shown stay meanwhile). */
  busy?: boolean;
  /** What to show instead of the cards when their read failed. */
  failure?: ReactNode;
  /**
   * Join / Leave on the cards, and usable filters: false in the HTML drawn on the server (the cards
   * then have no buttons, community-card.tsx, and the filters wait for the page).
   */
  membership?: boolean;
}

/**
 * The grid under the list's heading (issue 27): filters, the cards (or their skeleton, or why there
 * are none), the countries' overviews. One component for the page (community-list-page.tsx) and the
 * HTML the page server draws from the same answers (src/server-frames.tsx), so the page renders the
 * very markup the HTML painted and nothing moves.
 */
export function CommunityGrid({
  baseId,
  title,
  params,
  onChange,
  countries,
  cards,
  busy,
  failure,
  membership = true,
}: CommunityGridProps) {
  const page = usePageStyles();
  const styles = useStyles();
  const texts = textsOfBase(baseId);
  const filtered = params.search.trim() !== '' || params.countryId !== null;
  return (
    <>
      <CommunityGridFilters
        params={params}
        onChange={onChange}
        countries={countries}
        plural={texts.plural}
        drawnOnServer={!membership}
      />
      {failure ? (
        failure
      ) : !cards ? (
        <CardsSkeleton label={`Loading ${texts.plural}`} />
      ) : cards.length === 0 ? (
        <EmptyState
          title={filtered ? `No ${texts.singular} matches` : `No ${texts.plural} yet`}
          live
          actions={filtered ? <RouterButtonLink to={texts.listPath()}>Clear filters</RouterButtonLink> : undefined}
        >
          {filtered
            ? `The search looks at the names and descriptions of ${texts.plural}.`
            : `There are no ${texts.plural} in any country yet.`}
        </EmptyState>
      ) : (
        <ul className={page.cards} aria-label={title} aria-busy={busy || undefined}>
          {cards.map((community, i) => (
            <li key={community.id}>
              <CommunityCard
                community={community}
                facePriority={i < eagerCards ? 'auto' : 'lazy'}
                membership={membership}
              />
            </li>
          ))}
        </ul>
      )}
      {countries && countries.length > 0 && (
        <section className={styles.section} aria-labelledby="community-countries">
          <Subtitle2 as="h2" block id="community-countries" className={styles.heading}>
            {texts.title} by country
          </Subtitle2>
          <ul className={styles.countries} aria-label="Countries">
            {countries.map((c) => (
              <li key={c.countryId} className={styles.country}>
                <RouterLink to={texts.overviewPath(c.countryId)}>{c.countryName}</RouterLink>
                <Badge appearance="tint">{c.count}</Badge>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
