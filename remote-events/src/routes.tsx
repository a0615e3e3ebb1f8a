import { pagesOf, withFaultInjection, type RemoteRoutes } from '@hub/shared';
import { screens } from './screens';

/** The events area's screens (screens.ts), each loaded when its route is first shown or preloaded by the host. */
const routes: RemoteRoutes<'events'> = {
  build: { remote: 'events', buildId: __HUB_BUILD_ID__ },
  pages: withFaultInjection('events', pagesOf(screens), __HUB_FAULT_INJECTION__),
};

export default routes;
export const { build, pages } = routes;
