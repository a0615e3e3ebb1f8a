import { lazy } from 'react';
import { withFaultInjection, type RemoteRoutes } from '@hub/shared';

// One chunk per screen, fetched when its route is first shown.
const listPage = () => import('./pages/community-list/community-list-page');
const overviewPage = () => import('./pages/communities-overview/communities-overview-page');
const formPage = () => import('./pages/community-form/community-form-page');

/** This area's screens (SPEC §2), each loaded when its route is first shown. */
const routes: RemoteRoutes<'communities'> = {
  build: { remote: 'communities', buildId: __HUB_BUILD_ID__ },
  pages: withFaultInjection(
    'communities',
    {
      communityList: lazy(() => listPage().then((m) => ({ default: m.CommunitiesListPage }))),
      networkList: lazy(() => listPage().then((m) => ({ default: m.NetworksListPage }))),
      communitiesOverview: lazy(() => overviewPage().then((m) => ({ default: m.CommunitiesByCountryPage }))),
      networksOverview: lazy(() => overviewPage().then((m) => ({ default: m.NetworksByCountryPage }))),
      communityDetail: lazy(() => import('./pages/community-detail/community-detail-page')),
      communityCreate: lazy(() => formPage().then((m) => ({ default: m.CommunityCreatePage }))),
      communityEdit: lazy(() => formPage().then((m) => ({ default: m.CommunityEditPage }))),
    },
    __HUB_FAULT_INJECTION__,
  ),
};

export default routes;
export const { build, pages } = routes;
