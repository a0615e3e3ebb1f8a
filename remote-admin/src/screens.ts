import { lazyPage, type RemoteScreens } from '@hub/shared';

/** This area's screens, declared once (issue 25): its routes module is derived from them. */
export const screens: RemoteScreens<'admin'> = {
  adminDashboard: {
    page: lazyPage(
      () => import('./pages/admin-dashboard/admin-dashboard-page'),
      (m) => m.AdminDashboardPage,
    ),
    public: false,
  },
  dashboard: {
    page: lazyPage(
      () => import('./pages/platform-status/platform-status-page'),
      (m) => m.PlatformStatusPage,
    ),
    public: false,
  },
  manage: {
    page: lazyPage(
      () => import('./pages/manage/manage-page'),
      (m) => m.default,
    ),
    public: false,
  },
};
