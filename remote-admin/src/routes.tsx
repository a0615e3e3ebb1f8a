import { lazyPage, withFaultInjection, type RemoteRoutes } from '@hub/shared';

/** This area's screens, each loaded when its route is first shown. */
const routes: RemoteRoutes<'admin'> = {
  build: { remote: 'admin', buildId: __HUB_BUILD_ID__ },
  pages: withFaultInjection(
    'admin',
    {
      adminDashboard: lazyPage(
        () => import('./pages/admin-dashboard/admin-dashboard-page'),
        (m) => m.AdminDashboardPage,
      ),
      dashboard: lazyPage(
        () => import('./pages/platform-status/platform-status-page'),
        (m) => m.PlatformStatusPage,
      ),
      manage: lazyPage(
        () => import('./pages/manage/manage-page'),
        (m) => m.default,
      ),
    },
    __HUB_FAULT_INJECTION__,
  ),
};

export default routes;
export const { build, pages } = routes;
