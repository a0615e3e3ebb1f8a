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

/**
 * The events area's screens, each loaded when its route is first shown or preloaded by the host. The
 * screens a visitor may land on name their chunk group `screen-<page>`, so the build lists their
 * scripts in the manifest, for the host's page to ask for beside the entry (shared/build/screen-chunks.cjs).
 */
const routes: RemoteRoutes<'events'> = {
  build: { remote: 'events', buildId: __HUB_BUILD_ID__ },
  pages: withFaultInjection(
    'events',
    {
      eventList: lazyPage(
        () => import(/* webpackChunkName: "screen-eventList" */ './pages/event-list/event-list-page'),
        (m) => m.default,
      ),
      eventDetail: lazyPage(
        () => import(/* webpackChunkName: "screen-eventDetail" */ './pages/event-detail/event-detail-page'),
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
