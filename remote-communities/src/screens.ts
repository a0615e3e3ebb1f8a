import {
  apiPaths,
  CommunityBaseId,
  communityEventsPageSize,
  fillApiPath,
  lazyPage,
  type RemoteScreens,
} from '@hub/shared';

// One chunk per page module, fetched when its route is first shown or preloaded by the host.
const listPage = () => import('./pages/community-list/community-list-page');
const overviewPage = () => import('./pages/communities-overview/communities-overview-page');
const formPage = () => import('./pages/community-form/community-form-page');

/**
 * What a list of a base reads first: the base's name, the overview (the country filter), its
 * communities. The grid's read with the address's query (search, country, order) is the host's to
 * start from a link; the plain list (the grid without a query) the page's HTML starts itself.
 */
const listReads = (baseId: CommunityBaseId) => [
  fillApiPath(apiPaths.communityBase, { id: baseId }),
  apiPaths.communityOverview,
  fillApiPath(apiPaths.communitiesOfBase, { id: baseId }),
  fillApiPath(apiPaths.communityGrid, { id: baseId }),
];

/**
 * This area's screens (SPEC §2), declared once (issue 25): its routes module is derived from them,
 * and its build writes each one's scripts, `public` and first reads into its manifest.
 */
export const screens: RemoteScreens<'communities'> = {
  communityList: {
    page: lazyPage(listPage, (m) => m.CommunitiesListPage),
    public: true,
    firstReads: listReads(CommunityBaseId.Community),
  },
  networkList: {
    page: lazyPage(listPage, (m) => m.NetworksListPage),
    public: true,
    firstReads: listReads(CommunityBaseId.Network),
  },
  communitiesOverview: { page: lazyPage(overviewPage, (m) => m.CommunitiesByCountryPage), public: true },
  networksOverview: { page: lazyPage(overviewPage, (m) => m.NetworksByCountryPage), public: true },
  communityDetail: {
    page: lazyPage(
      () => import('./pages/community-detail/community-detail-page'),
      (m) => m.default,
    ),
    public: true,
    firstReads: [
      apiPaths.community,
      fillApiPath(apiPaths.upcomingEventsOfCommunity, { pageSize: communityEventsPageSize }),
      apiPaths.communityMessages,
    ],
  },
  communityCreate: { page: lazyPage(formPage, (m) => m.CommunityCreatePage), public: false },
  communityEdit: { page: lazyPage(formPage, (m) => m.CommunityEditPage), public: false },
  communityInvitation: {
    page: lazyPage(
      () => import('./pages/community-invitation/community-invitation-page'),
      (m) => m.CommunityInvitationPage,
    ),
    public: false,
  },
};
