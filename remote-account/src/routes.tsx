import { lazyPage, withFaultInjection, type RemoteRoutes } from '@hub/shared';

/** This area's screens, each loaded when its route is first shown. */
const routes: RemoteRoutes<'account'> = {
  build: { remote: 'account', buildId: __HUB_BUILD_ID__ },
  pages: withFaultInjection(
    'account',
    {
      login: lazyPage(
        () => import('./pages/login/login-page'),
        (m) => m.default,
      ),
      register: lazyPage(
        () => import('./pages/register/register-page'),
        (m) => m.default,
      ),
      forgotPassword: lazyPage(
        () => import('./pages/forgot-password/forgot-password-page'),
        (m) => m.default,
      ),
      emailAction: lazyPage(
        () => import('./pages/email-action/email-action-page'),
        (m) => m.default,
      ),
      myAccount: lazyPage(
        () => import('./pages/my-account/my-account-page'),
        (m) => m.default,
      ),
      myProduct: lazyPage(
        () => import('./pages/my-hub/my-hub-page'),
        (m) => m.default,
      ),
    },
    __HUB_FAULT_INJECTION__,
  ),
};

export default routes;
export const { build, pages } = routes;
