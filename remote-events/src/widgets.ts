import { lazy } from 'react';
import { withFaultInjection, type RemoteWidgets } from '@hub/shared';

/** Widgets the events area gives the host's dashboard. */
const widgetsModule: RemoteWidgets<'events'> = {
  build: { remote: 'events', buildId: __HUB_BUILD_ID__ },
  widgets: withFaultInjection(
    'events',
    { upcomingEvents: lazy(() => import('./widgets/upcoming-events-widget')) },
    __HUB_FAULT_INJECTION__,
  ),
};

export default widgetsModule;
export const { build, widgets } = widgetsModule;
