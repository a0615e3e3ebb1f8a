import { lazyPage, withFaultInjection, type RemoteRoutes } from '@hub/shared';

// One chunk per screen, fetched when its route is first shown or preloaded by the host. The screens
// a visitor may land on name their chunk group `screen-<pages>`, so the build lists their scripts in
// the manifest, for the host's page to ask for beside the entry (shared/build/screen-chunks.cjs).
const listPage = () =>
  import(/* webpackChunkName: "screen-communityList-networkList" */ './pages/community-list/community-list-page');
const overviewPage = () =>
  import(
    /* webpackChunkName: "screen-communitiesOverview-networksOverview" */ './pages/communities-overview/communities-overview-page'
  );
const formPage = () => import('./pages/community-form/community-form-page');

/** This area's screens (SPEC §2), each loaded when its route is first shown. */
const routes: RemoteRoutes<'communities'> = {
  build: { remote: 'communities', buildId: __HUB_BUILD_ID__ },
  pages: withFaultInjection(
    'communities',
    {
      communityList: lazyPage(listPage, (m) => m.CommunitiesListPage),
      networkList: lazyPage(listPage, (m) => m.NetworksListPage),
      communitiesOverview: lazyPage(overviewPage, (m) => m.CommunitiesByCountryPage),
      networksOverview: lazyPage(overviewPage, (m) => m.NetworksByCountryPage),
      communityDetail: lazyPage(
        () => import(/* webpackChunkName: "screen-communityDetail" */ './pages/community-detail/community-detail-page'),
        (m) => m.default,
      ),
      communityCreate: lazyPage(formPage, (m) => m.CommunityCreatePage),
      communityEdit: lazyPage(formPage, (m) => m.CommunityEditPage),
    },
    __HUB_FAULT_INJECTION__,
  ),
};

export default routes;
export const { build, pages } = routes;
