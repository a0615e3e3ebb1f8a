import { useParams } from 'react-router';
import { Body1, mergeClasses, Title1 } from '@fluentui/react-components';
import { usePageTitle } from '@hub/ui/use-page-title';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import {
  parseId,
  firstFailure,
  retryFailed,
  useCommunitiesOfBase,
  useCommunityOverview,
  type CommunitySummary,
  type CountryOverview,
} from '@hub/shared';
import { CommunityCard } from '../../components/community-card';
import { LoadFailure } from '@hub/ui/load-failure';
import { Notice } from '@hub/ui/notice';
import { RouterButtonLink } from '@hub/ui/router-link';
import { CardsSkeleton } from '@hub/ui/skeletons';
import { usePageStyles } from '@hub/ui/page-styles';
import { textsOfBase } from '../../texts/base-texts';

interface OverviewData {
  /** null when the country is unknown (or has no communities of any base). */
  countryName: string | null;
  communities: CommunitySummary[];
}

function overviewOf(
  countryId: number | null,
  overview: CountryOverview[],
  communities: CommunitySummary[],
): OverviewData {
  if (countryId === null) return { countryName: null, communities: [] };
  const country = overview.find((c) => c.countryId === countryId);
  return {
    countryName: country?.countryName ?? null,
    communities: communities.filter((c) => c.countryId === countryId),
  };
}

export interface CommunitiesOverviewPageProps {
  baseId: number;
}

/** SPEC §2 overview for one country (`countryId` route parameter): its communities or networks as cards. */
export function CommunitiesOverviewPage({ baseId }: CommunitiesOverviewPageProps) {
  const page = usePageStyles();
  const texts = textsOfBase(baseId);
  const countryId = parseId(useParams().countryId);

  const overview = useCommunityOverview();
  const list = useCommunitiesOfBase(baseId);
  const error = firstFailure(overview, list);
  const data = overview.data && list.data ? overviewOf(countryId, overview.data, list.data) : undefined;
  const state = error
    ? ({ status: 'error', error } as const)
    : data
      ? ({ status: 'ready', data } as const)
      : ({ status: 'loading' } as const);
  const retry = () => retryFailed(overview, list);
  const countryName = state.status === 'ready' ? state.data.countryName : null;
  const title = countryName ? `${texts.title} in ${countryName}` : texts.title;
  usePageTitle(title);

  return (
    <section className={mergeClasses(page.page, page.wide)} aria-labelledby="overview-title">
      <header className={page.header}>
        <Title1 as="h1" block id="overview-title" className={page.heading}>
          {title}
        </Title1>
        <div className={page.actions}>
          <RouterButtonLink to={texts.listPath()} appearance="subtle" icon={<ArrowLeftRegular />}>
            All countries
          </RouterButtonLink>
        </div>
      </header>
      {state.status === 'loading' && <CardsSkeleton label={`Loading ${texts.plural}`} />}
      {state.status === 'error' && (
        <LoadFailure title={`Could not load the ${texts.plural}`} error={state.error} onRetry={retry} />
      )}
      {state.status === 'ready' && state.data.countryName === null && (
        <Notice title="Unknown country" intent="warning">
          There is no country with {texts.plural} at this address. Choose a country from the list of all {texts.plural}.
        </Notice>
      )}
      {state.status === 'ready' && state.data.countryName !== null && state.data.communities.length === 0 && (
        <Notice title={`No ${texts.plural} in ${state.data.countryName} yet`}>
          <Body1>Look at the other countries in the list of all {texts.plural}.</Body1>
        </Notice>
      )}
      {state.status === 'ready' && state.data.communities.length > 0 && (
        <ul className={page.cards} aria-label={`${texts.title} in ${state.data.countryName ?? ''}`}>
          {state.data.communities.map((community) => (
            <li key={community.id}>
              <CommunityCard community={community} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function CommunitiesByCountryPage() {
  return <CommunitiesOverviewPage baseId={1} />;
}

export function NetworksByCountryPage() {
  return <CommunitiesOverviewPage baseId={2} />;
}
