import { useState } from 'react';
import { AddRegular } from '@fluentui/react-icons';
import { Badge, Body1, Caption1, Field, makeStyles, SearchBox, Subtitle2, tokens } from '@fluentui/react-components';
import {
  firstFailure,
  CommunityBaseId,
  isAdmin,
  retryFailed,
  useCommunitiesOfBase,
  useCommunityBase,
  useCommunityOverview,
  routePaths,
  userInfoAtom,
  type CommunitySummary,
  type CommunityBase,
  type CountryOverview,
  useAtomValue,
} from '@hub/shared';
import { LoadFailure } from '@hub/ui/load-failure';
import { Notice } from '@hub/ui/notice';
import { RouterButtonLink, RouterLink } from '@hub/ui/router-link';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { usePageStyles } from '@hub/ui/page-styles';
import { usePageTitle } from '@hub/ui/use-page-title';
import { EmptyState } from '@hub/ui/empty-state';
import { textsOfBase } from '../../texts/base-texts';
import { matchesSearch, titleOfBase } from './community-list-model';
import { CommunityListFrame } from './community-list-frame';

const useStyles = makeStyles({
  search: { maxWidth: '28rem' },
  row: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  sectionHeading: { margin: 0 },
});

interface ListData {
  base: CommunityBase;
  countries: CountryOverview[];
  communities: CommunitySummary[];
}

export interface CommunityListPageProps {
  /** SPEC §9: 1 communities, 2 networks. */
  baseId: number;
}

/**
 * SPEC §2 communities (base 1) and networks (base 2): the base, the countries that have any of
 * them with their counts (each linking to that country's overview), and a search by name that
 * narrows the countries and lists the matching communities as you type.
 */
export function CommunityListPage({ baseId }: CommunityListPageProps) {
  const page = usePageStyles();
  const styles = useStyles();
  const texts = textsOfBase(baseId);
  const [query, setQuery] = useState('');
  const admin = isAdmin(useAtomValue(userInfoAtom));

  const base = useCommunityBase(baseId);
  const overview = useCommunityOverview();
  const communities = useCommunitiesOfBase(baseId);
  const error = firstFailure(base, overview, communities);
  const countOf = (c: CountryOverview) => (baseId === CommunityBaseId.Network ? c.networks : c.communities);
  const state = error
    ? ({ status: 'error', error } as const)
    : base.data && overview.data && communities.data
      ? ({
          status: 'ready',
          data: {
            base: base.data,
            countries: overview.data.filter((c) => countOf(c) > 0),
            communities: communities.data,
          },
        } as const)
      : ({ status: 'loading' } as const);
  const retry = () => retryFailed(base, overview, communities);
  const count = countOf;
  const title = state.status === 'ready' ? titleOfBase(state.data.base) : texts.title;
  usePageTitle(title);

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
      <Field label={`Search ${texts.plural} by name`} className={styles.search}>
        <SearchBox value={query} onChange={(_e, data) => setQuery(data.value)} />
      </Field>
      {state.status === 'loading' && <RowsSkeleton label={`Loading ${texts.plural}`} />}
      {state.status === 'error' && (
        <LoadFailure title={`Could not load the ${texts.plural}`} error={state.error} onRetry={retry} />
      )}
      {state.status === 'ready' && (
        <ListResults
          data={state.data}
          query={query}
          baseId={baseId}
          count={count}
          headingClass={styles.sectionHeading}
          rowClass={styles.row}
          listClass={page.list}
        />
      )}
    </CommunityListFrame>
  );
}

interface ListResultsProps {
  data: ListData;
  query: string;
  baseId: number;
  count: (c: CountryOverview) => number;
  headingClass: string;
  rowClass: string;
  listClass: string;
}

function ListResults({ data, query, baseId, count, headingClass, rowClass, listClass }: ListResultsProps) {
  const texts = textsOfBase(baseId);
  const searching = query.trim() !== '';
  const matches = searching ? data.communities.filter((c) => matchesSearch(c.name, query)) : [];
  const matchedCountries = new Set(matches.map((c) => c.countryId));
  const countries = searching
    ? data.countries.filter((c) => matchesSearch(c.countryName, query) || matchedCountries.has(c.countryId))
    : data.countries;

  if (data.countries.length === 0) {
    return <Notice title={`No ${texts.plural} yet`}>There are no {texts.plural} in any country yet.</Notice>;
  }
  if (searching && matches.length === 0 && countries.length === 0) {
    // Nothing at all: say what was searched, once, rather than two empty sections.
    return (
      <EmptyState title={`No community or network named '${query.trim()}'`} live>
        The search looks at the names of {texts.plural} and of the countries that have them.
      </EmptyState>
    );
  }
  return (
    <>
      {searching && (
        <section aria-labelledby="community-search-results">
          <Subtitle2 as="h2" block id="community-search-results" className={headingClass}>
            {texts.title} named like “{query.trim()}”
          </Subtitle2>
          {matches.length === 0 ? (
            <Body1 as="p" block role="status">
              No {texts.singular} has a name like “{query.trim()}”.
            </Body1>
          ) : (
            <ul className={listClass} aria-label={`Matching ${texts.plural}`}>
              {matches.map((c) => (
                <li key={c.id} className={rowClass}>
                  <RouterLink to={routePaths.communityDetail(c.id)}>{c.name}</RouterLink>
                  <Caption1>{c.countryName}</Caption1>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <section aria-labelledby="community-countries">
        <Subtitle2 as="h2" block id="community-countries" className={headingClass}>
          {texts.title} by country
        </Subtitle2>
        {countries.length === 0 ? (
          <Body1 as="p" block>
            No country matches “{query.trim()}”.
          </Body1>
        ) : (
          <ul className={listClass} aria-label="Countries">
            {countries.map((c) => (
              <li key={c.countryId} className={rowClass}>
                <RouterLink to={texts.overviewPath(c.countryId)}>{c.countryName}</RouterLink>
                <Badge appearance="tint">{`${count(c)} ${count(c) === 1 ? texts.singular : texts.plural}`}</Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export function CommunitiesListPage() {
  return <CommunityListPage baseId={1} />;
}

export function NetworksListPage() {
  return <CommunityListPage baseId={2} />;
}
