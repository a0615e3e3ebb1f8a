import { defaultProduct } from '../config/product';

/**
 * SPEC §2's route patterns, relative to the root route, written once: the host builds its route
 * table from them and the path builders below fill them in, so a link and the route it opens cannot
 * disagree. `my-{product}` depends on the configured slug, hence a function.
 */
export const routePatterns = {
  home: '',
  communities: 'communities',
  communitiesOverview: 'communities/overview/:countryId',
  networks: 'networks',
  networksOverview: 'networks/overview/:countryId',
  eventList: 'events/event-list',
  eventDetail: 'events/:id',
  eventCreate: 'event-form',
  eventEdit: 'event-form/edit/:eventId',
  eventCreateForCommunity: 'event-form/:communityId',
  myProduct: (slug: string = defaultProduct.slug) => `my-${slug}`,
  manage: 'manage',
  myAccount: 'my-account',
  adminDashboard: 'admin-dashboard',
  dashboard: 'dashboard',
  communityCreate: 'community-form',
  communityEdit: 'community-form/edit/:communityId',
  communityDetail: 'community/:id',
  /** Issue 28: a members-only community's invitation link (signed in; the secret is the last segment). */
  communityInvitation: 'community-invitation/:token',
  about: 'about',
  hostingEvent: 'about/hosting-event',
  privacy: 'privacy',
  callback: 'callback',
  login: 'account/login',
  register: 'account/register',
  forgotPassword: 'account/forgot-password',
  emailAction: 'account/action',
  mailUnsubscribe: 'account/unsubscribe',
  notFound: '*',
} as const;

type Id = number | string;

/** The query parameter of `/manage` naming the event whose attendees are shown. */
export const manageEventParam = 'event';
/** The query parameter of `/event-form` naming the event a new one is copied from. */
export const eventCopyParam = 'copy';

/** The absolute path of a pattern with its `:name` segments filled in. */
function fill(pattern: string, params: Record<string, Id> = {}): string {
  return `/${pattern.replace(/:(\w+)/g, (_, name: string) => String(params[name]))}`;
}

/**
 * Path builders for every screen of SPEC §2. Remotes link to each other only through these,
 * never by importing each other.
 */
export const routePaths = {
  home: () => fill(routePatterns.home),
  communities: () => fill(routePatterns.communities),
  communitiesOverview: (countryId: Id) => fill(routePatterns.communitiesOverview, { countryId }),
  networks: () => fill(routePatterns.networks),
  networksOverview: (countryId: Id) => fill(routePatterns.networksOverview, { countryId }),
  eventList: () => fill(routePatterns.eventList),
  eventDetail: (id: Id) => fill(routePatterns.eventDetail, { id }),
  eventCreate: () => fill(routePatterns.eventCreate),
  eventEdit: (eventId: Id) => fill(routePatterns.eventEdit, { eventId }),
  eventCreateForCommunity: (communityId: Id) => fill(routePatterns.eventCreateForCommunity, { communityId }),
  /** The new-event form started from an existing event (its fields without its dates): `/event-form?copy=7`. */
  eventCopy: (eventId: Id) => `${fill(routePatterns.eventCreate)}?${eventCopyParam}=${eventId}`,
  myProduct: (slug: string = defaultProduct.slug) => fill(routePatterns.myProduct(slug)),
  manage: () => fill(routePatterns.manage),
  /**
   * One event's attendees and check-in: SPEC §2 gives the management area one route, so the event
   * is chosen in the address (`/manage?event=7`), which a reload, a shared link and Back keep.
   */
  manageEvent: (eventId: Id) => `${fill(routePatterns.manage)}?${manageEventParam}=${eventId}`,
  myAccount: () => fill(routePatterns.myAccount),
  adminDashboard: () => fill(routePatterns.adminDashboard),
  dashboard: () => fill(routePatterns.dashboard),
  /** The create form, opened for a base (SPEC §9: 1 community, 2 network); the form follows it. */
  communityCreate: (baseId?: number) =>
    baseId === undefined
      ? fill(routePatterns.communityCreate)
      : `${fill(routePatterns.communityCreate)}?base=${baseId}`,
  communityEdit: (communityId: Id) => fill(routePatterns.communityEdit, { communityId }),
  communityDetail: (id: Id) => fill(routePatterns.communityDetail, { id }),
  communityInvitation: (token: string) => fill(routePatterns.communityInvitation, { token: encodeURIComponent(token) }),
  about: () => fill(routePatterns.about),
  hostingEvent: () => fill(routePatterns.hostingEvent),
  privacy: () => fill(routePatterns.privacy),
  callback: () => fill(routePatterns.callback),
  login: () => fill(routePatterns.login),
  register: () => fill(routePatterns.register),
  forgotPassword: () => fill(routePatterns.forgotPassword),
  emailAction: () => fill(routePatterns.emailAction),
  /** The page a mail's unsubscribe link opens (its token in the query, no sign-in). */
  mailUnsubscribe: () => fill(routePatterns.mailUnsubscribe),
} as const;
