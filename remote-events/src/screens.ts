import { apiPaths, CommunityBaseId, fillApiPath, lazyPage, type RemoteScreens } from '@hub/shared';

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
 * The events area's screens, declared once (issue 25): its routes module is derived from them, and
 * its build writes each one's scripts, `public` and first reads into its manifest, where the host's
 * page reads them from this area's live release.
 */
export const screens: RemoteScreens<'events'> = {
  eventList: {
    page: lazyPage(
      () => import('./pages/event-list/event-list-page'),
      (m) => m.default,
    ),
    public: true,
    firstReads: [
      apiPaths.eventList,
      fillApiPath(apiPaths.communitiesOfBase, { id: CommunityBaseId.Community }),
      fillApiPath(apiPaths.communitiesOfBase, { id: CommunityBaseId.Network }),
      apiPaths.countries,
    ],
  },
  eventDetail: {
    page: lazyPage(
      () => import('./pages/event-detail/event-detail-page'),
      (m) => m.default,
    ),
    public: true,
    firstReads: [apiPaths.event, apiPaths.eventMessages],
  },
  eventCreate: { page: eventForm('EventCreatePage'), public: false },
  eventCreateAdmin: { page: eventForm('EventCreateAdminPage'), public: false },
  eventEdit: { page: eventForm('EventEditPage'), public: false },
  eventCreateForCommunity: { page: eventForm('EventCreateForCommunityPage'), public: false },
};
