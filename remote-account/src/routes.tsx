import { pagesOf, withFaultInjection, type RemoteRoutes } from '@hub/shared';
import { screens } from './screens';

/** This area's screens (screens.ts), each loaded when its route is first shown. */
const routes: RemoteRoutes<'account'> = {
  build: { remote: 'account', buildId: __HUB_BUILD_ID__ },
  pages: withFaultInjection('account', pagesOf(screens), __HUB_FAULT_INJECTION__),
};

export default routes;
export const { build, pages } = routes;
