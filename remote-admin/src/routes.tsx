import { lazy } from 'react';
import { withFaultInjection, type RemoteRoutes } from '@hub/shared';

const preview = (screen: string) =>
  lazy(() =>
    import('./pages/admin-preview/admin-preview-page').then((m) => ({
      default: () => <m.AdminPreviewPage screen={screen} />,
    })),
  );

/** This area's screens, each loaded when its route is first shown. */
const routes: RemoteRoutes<'admin'> = {
  build: { remote: 'admin', buildId: __HUB_BUILD_ID__ },
  pages: withFaultInjection(
    'admin',
    {
      adminDashboard: preview('Admin dashboard'),
      dashboard: preview('Dashboard'),
      manage: lazy(() => import('./pages/manage/manage-page')),
    },
    __HUB_FAULT_INJECTION__,
  ),
};

export default routes;
export const { build, pages } = routes;
