import { defaultProduct } from '../config/product';

/**
 * Path builders for every screen of SPEC §2. Remotes link to each other only through these,
 * never by importing each other.
 */
export const routePaths = {
  home: () => '/',
  communities: () => '/communities',
  communitiesOverview: (countryId: number | string) => `/communities/overview/${countryId}`,
  networks: () => '/networks',
  networksOverview: (countryId: number | string) => `/networks/overview/${countryId}`,
  eventList: () => '/events/event-list',
  eventDetail: (id: number | string) => `/events/${id}`,
  eventCreate: () => '/event-form',
  eventEdit: (eventId: number | string) => `/event-form/edit/${eventId}`,
  eventCreateForCommunity: (communityId: number | string) => `/event-form/${communityId}`,
  myProduct: (slug: string = defaultProduct.slug) => `/my-${slug}`,
  manage: () => '/manage',
  myAccount: () => '/my-account',
  adminDashboard: () => '/admin-dashboard',
  dashboard: () => '/dashboard',
  /** The create form, opened for a base (SPEC §9: 1 community, 2 network); the form follows it. */
  communityCreate: (baseId?: number) => (baseId === undefined ? '/community-form' : `/community-form?base=${baseId}`),
  communityEdit: (communityId: number | string) => `/community-form/edit/${communityId}`,
  communityDetail: (id: number | string) => `/community/${id}`,
  about: () => '/about',
  hostingEvent: () => '/about/hosting-event',
  privacy: () => '/privacy',
  callback: () => '/callback',
  login: () => '/account/login',
  register: () => '/account/register',
  forgotPassword: () => '/account/forgot-password',
} as const;
