import { lazyPage, withFaultInjection, type RemoteRoutes } from '@hub/shared';

const eventForm = <
  K extends 'EventCreatePage' | 'EventCreateAdminPage' | 'EventEditPage' | 'EventCreateForCommunityPage',
>(
  page: K,
) =>
  lazyPage(
    () => import('./pages/event-form/event-form-page'),
    (m) => m[page],
  );

/** The events area's screens, each loaded when its route is first shown or preloaded by the host. */
const routes: RemoteRoutes<'events'> = {
  build: { remote: 'events', buildId: __HUB_BUILD_ID__ },
  pages: withFaultInjection(
    'events',
    {
      eventList: lazyPage(
        () => import('./pages/event-list/event-list-page'),
        (m) => m.default,
      ),
      eventDetail: lazyPage(
        () => import('./pages/event-detail/event-detail-page'),
        (m) => m.default,
      ),
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
