import { useDeferredValue, useMemo } from 'react';
import { AddRegular } from '@fluentui/react-icons';
import {
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
} from '@hub/shared';
import { LoadFailure } from '@hub/ui/load-failure';
import { usePageStyles } from '@hub/ui/page-styles';
import { RouterButtonLink } from '@hub/ui/router-link';
import { useUrlParams } from '@hub/ui/url-params';
import { usePageTitle } from '@hub/ui/use-page-title';
import { textsOfBase } from '../../texts/base-texts';
import { CommunityGrid } from './community-grid';
import { countriesOfBase, titleOfBase } from './community-list-model';
import { CommunityListFrame } from './community-list-frame';

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
  const texts = textsOfBase(baseId);
  const admin = isAdmin(useAtomValue(userInfoAtom));
  const [params, change] = useUrlParams(readCommunityGridParams, writeCommunityGridParams);

  const base = useCommunityBase(baseId);
  const overview = useCommunityOverview();
  const grid = useCommunityGrid(baseId, toCommunityListFilter(params));
  const countries = useMemo(() => overview.data && countriesOfBase(overview.data, baseId), [overview.data, baseId]);
  // A new answer renders as a transition: the cards shown before stay while it does.
  const cards = useDeferredValue(grid.data);
  const title = base.data ? titleOfBase(base.data) : texts.title;
  usePageTitle(title);
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
      <CommunityGrid
        baseId={baseId}
        title={title}
        params={params}
        onChange={change}
        countries={countries}
        cards={cards}
        busy={grid.isFetching}
        failure={
          error && (
            <LoadFailure title={`Could not load the ${texts.plural}`} error={error} onRetry={() => retryFailed(grid)} />
          )
        }
      />
    </CommunityListFrame>
  );
}

export function CommunitiesListPage() {
  return <CommunityListPage baseId={1} />;
}

export function NetworksListPage() {
  return <CommunityListPage baseId={2} />;
}
