import { lazy } from 'react';
import { withFaultInjection, type RemoteWidgets } from '@hub/shared';

/** Widgets the communities area gives the host's dashboard. */
const widgetsModule: RemoteWidgets<'communities'> = {
  build: { remote: 'communities', buildId: __HUB_BUILD_ID__ },
  widgets: withFaultInjection(
    'communities',
    { discoverCommunities: lazy(() => import('./widgets/discover-communities-widget')) },
    __HUB_FAULT_INJECTION__,
  ),
};

export default widgetsModule;
export const { build, widgets } = widgetsModule;
