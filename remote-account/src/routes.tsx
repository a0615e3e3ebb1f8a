import { lazy } from 'react';
import { withFaultInjection, type RemoteRoutes } from '@hub/shared';

const preview = (screen: string) =>
  lazy(() =>
    import('./pages/account-preview/account-preview-page').then((m) => ({ default: () => <m.AccountPreviewPage screen={screen} /> })),
  );

/** This area's screens, each loaded when its route is first shown. */
const routes: RemoteRoutes<'account'> = {
  build: { remote: 'account', buildId: __HUB_BUILD_ID__ },
  pages: withFaultInjection(
    'account',
    {
      login: preview('Log in'),
      register: preview('Sign up'),
      forgotPassword: preview('Forgot password'),
      myAccount: preview('My account'),
      myProduct: preview('My hub'),
    },
    __HUB_FAULT_INJECTION__,
  ),
};

export default routes;
export const { build, pages } = routes;
