import { useCallback, useDeferredValue, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { AddRegular } from '@fluentui/react-icons';
import { Badge, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import {
  CommunityBaseId,
  firstFailure,
  isAdmin,
  readCommunityGridParams,
  retryFailed,
  routePaths,
  toCommunityListFilter,
  useAtomValue,
  useCommunityBase,
  useCommunityGrid,
  useCommunityOverview,
  userInfoAtom,
  writeCommunityGridParams,
  type CommunityGridParams,
  type CountryOverview,
} from '@hub/shared';
import { EmptyState } from '@hub/ui/empty-state';
import { LoadFailure } from '@hub/ui/load-failure';
import { usePageStyles } from '@hub/ui/page-styles';
import { RouterButtonLink, RouterLink } from '@hub/ui/router-link';
import { CardsSkeleton } from '@hub/ui/skeletons';
import { usePageTitle } from '@hub/ui/use-page-title';
import { CommunityCard } from '../../components/community-card';
import { textsOfBase } from '../../texts/base-texts';
import { CommunityGridFilters } from './community-grid-filters';
import { titleOfBase } from './community-list-model';
import { CommunityListFrame } from './community-list-frame';

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

export interface CommunityListPageProps {
  /** SPEC §9: 1 communities, 2 networks. */
  baseId: number;
}

/**
 * SPEC §2 communities (base 1) and networks (base 2), issue 27: every one of them as a grid of
 * cards, with a search in names and descriptions, a country filter and an order, all in the URL's
 * query (`?search=java&countryId=2&sort=members`) so a link reproduces the view. The countries'
 * own overview pages stay, linked under the grid.
 */
export function CommunityListPage({ baseId }: CommunityListPageProps) {
  const page = usePageStyles();
  const styles = useStyles();
  const texts = textsOfBase(baseId);
  const admin = isAdmin(useAtomValue(userInfoAtom));
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readCommunityGridParams(search), [search]);

  const base = useCommunityBase(baseId);
  const overview = useCommunityOverview();
  const grid = useCommunityGrid(baseId, toCommunityListFilter(params));
  const countries = useMemo(() => {
    const countOf = (c: CountryOverview) => (baseId === CommunityBaseId.Network ? c.networks : c.communities);
    return overview.data
      ?.map((c) => ({ countryId: c.countryId, countryName: c.countryName, count: countOf(c) }))
      .filter((c) => c.count > 0);
  }, [overview.data, baseId]);
  const change = useCallback(
    (next: CommunityGridParams, { typing = false }: { typing?: boolean } = {}) =>
      setSearch(writeCommunityGridParams(next), { replace: typing }),
    [setSearch],
  );
  // A new answer renders as a transition: the cards shown before stay while it does.
  const cards = useDeferredValue(grid.data);
  const title = base.data ? titleOfBase(base.data) : texts.title;
  usePageTitle(title);
  const filtered = params.search.trim() !== '' || params.countryId !== null;
  const error = firstFailure(grid);

  return (
    <CommunityListFrame
      baseId={baseId}
      title={title}
      actions={
        admin && (
          <div className={page.actions}>
            <RouterButtonLink to={routePaths.communityCreate(texts.baseId)} appearance="primary" icon={<AddRegular />}>
              Create a {texts.singular}
            </RouterButtonLink>
          </div>
        )
      }
    >
      <CommunityGridFilters params={params} onChange={change} countries={countries} plural={texts.plural} />
      {error ? (
        <LoadFailure title={`Could not load the ${texts.plural}`} error={error} onRetry={() => retryFailed(grid)} />
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
        <ul className={page.cards} aria-label={title} aria-busy={grid.isFetching || undefined}>
          {cards.map((community, i) => (
            <li key={community.id}>
              <CommunityCard community={community} facePriority={i < eagerCards ? 'auto' : 'lazy'} />
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
    </CommunityListFrame>
  );
}

export function CommunitiesListPage() {
  return <CommunityListPage baseId={1} />;
}

export function NetworksListPage() {
  return <CommunityListPage baseId={2} />;
}
