import { lazy } from 'react';
import { withFaultInjection, type RemoteRoutes } from '@hub/shared';

/** This area's screens, each loaded when its route is first shown. */
const routes: RemoteRoutes<'admin'> = {
  build: { remote: 'admin', buildId: __HUB_BUILD_ID__ },
  pages: withFaultInjection(
    'admin',
    {
      adminDashboard: lazy(() =>
        import('./pages/admin-dashboard/admin-dashboard-page').then((m) => ({ default: m.AdminDashboardPage })),
      ),
      dashboard: lazy(() =>
        import('./pages/platform-status/platform-status-page').then((m) => ({ default: m.PlatformStatusPage })),
      ),
      manage: lazy(() => import('./pages/manage/manage-page')),
    },
    __HUB_FAULT_INJECTION__,
  ),
};

export default routes;
export const { build, pages } = routes;
