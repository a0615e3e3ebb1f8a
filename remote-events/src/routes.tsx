import { lazy } from 'react';
import { withFaultInjection, type RemoteRoutes } from '@hub/shared';

const eventForm = <
  K extends 'EventCreatePage' | 'EventCreateAdminPage' | 'EventEditPage' | 'EventCreateForCommunityPage',
>(
  page: K,
) => lazy(() => import('./pages/event-form/event-form-page').then((m) => ({ default: m[page] })));

/** The events area's screens, each loaded when its route is first shown. */
const routes: RemoteRoutes<'events'> = {
  build: { remote: 'events', buildId: __HUB_BUILD_ID__ },
  pages: withFaultInjection(
    'events',
    {
      eventList: lazy(() => import('./pages/event-list/event-list-page')),
      eventDetail: lazy(() => import('./pages/event-detail/event-detail-page')),
      eventCreate: eventForm('EventCreatePage'),
      eventCreateAdmin: eventForm('EventCreateAdminPage'),
      eventEdit: eventForm('EventEditPage'),
      eventCreateForCommunity: eventForm('EventCreateForCommunityPage'),
    },
    __HUB_FAULT_INJECTION__,
  ),
};

export default routes;
export const { build, pages } = routes;
