import { lazy } from 'react';
import { withFaultInjection, type RemoteRoutes } from '@hub/shared';

/** This area's screens, each loaded when its route is first shown. */
const routes: RemoteRoutes<'account'> = {
  build: { remote: 'account', buildId: __HUB_BUILD_ID__ },
  pages: withFaultInjection(
    'account',
    {
      login: lazy(() => import('./pages/login/login-page')),
      register: lazy(() => import('./pages/register/register-page')),
      forgotPassword: lazy(() => import('./pages/forgot-password/forgot-password-page')),
      emailAction: lazy(() => import('./pages/email-action/email-action-page')),
      myAccount: lazy(() => import('./pages/my-account/my-account-page')),
      myProduct: lazy(() => import('./pages/my-hub/my-hub-page')),
    },
    __HUB_FAULT_INJECTION__,
  ),
};

export default routes;
export const { build, pages } = routes;
