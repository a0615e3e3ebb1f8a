import { lazy } from 'react';
import { withFaultInjection, type RemoteRoutes } from '@hub/shared';

const preview = (screen: string) =>
  lazy(() =>
    import('./pages/communities-preview/communities-preview-page').then((m) => ({ default: () => <m.CommunitiesPreviewPage screen={screen} /> })),
  );

/** This area's screens, each loaded when its route is first shown. */
const routes: RemoteRoutes<'communities'> = {
  build: { remote: 'communities', buildId: __HUB_BUILD_ID__ },
  pages: withFaultInjection(
    'communities',
    {
      communityList: preview('Communities'),
      networkList: preview('Networks'),
      communitiesOverview: preview('Communities by country'),
      networksOverview: preview('Networks by country'),
      communityDetail: preview('Community'),
      communityCreate: preview('Create a community'),
      communityEdit: preview('Edit a community'),
    },
    __HUB_FAULT_INJECTION__,
  ),
};

export default routes;
export const { build, pages } = routes;
