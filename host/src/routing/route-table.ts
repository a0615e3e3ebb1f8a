import type { AccessLevel, RemoteName, RemotePageKey } from '@hub/shared';
import { defaultProduct } from '@hub/shared';

/** Screens the host renders itself. */
export type HostPageKey = 'dashboard' | 'about' | 'hostingEvent' | 'privacy' | 'callback' | 'notFound';

export type RouteTarget =
  { owner: 'host'; page: HostPageKey } | { [R in RemoteName]: { owner: R; page: RemotePageKey<R> } }[RemoteName];

export interface RouteEntry {
  /** Relative to the single parent route, as in SPEC §2 ('' is the dashboard). */
  path: string;
  access: AccessLevel;
  target: RouteTarget;
}

const remote = <R extends RemoteName>(owner: R, page: RemotePageKey<R>) => ({ owner, page }) as RouteTarget;
const host = (page: HostPageKey): RouteTarget => ({ owner: 'host', page });

/**
 * The whole route table of SPEC §2 with its access levels (SPEC §6), as data. The router is
 * built from it, and the guards and tests read it, so a route and its access rule are written once.
 *
 * `event-form` has two entries, as in SPEC §2: core members get the create form; the second
 * entry is the admin variant, which an admin is given instead.
 */
export function buildRouteTable(productSlug: string = defaultProduct.slug): RouteEntry[] {
  return [
    { path: '', access: 'public', target: host('dashboard') },
    { path: 'communities', access: 'public', target: remote('communities', 'communityList') },
    { path: 'communities/overview/:countryId', access: 'public', target: remote('communities', 'communitiesOverview') },
    { path: 'networks', access: 'public', target: remote('communities', 'networkList') },
    { path: 'networks/overview/:countryId', access: 'public', target: remote('communities', 'networksOverview') },
    { path: 'events/event-list', access: 'public', target: remote('events', 'eventList') },
    { path: 'events/:id', access: 'public', target: remote('events', 'eventDetail') },
    { path: 'event-form', access: 'coreMember', target: remote('events', 'eventCreate') },
    { path: 'event-form', access: 'admin', target: remote('events', 'eventCreateAdmin') },
    { path: 'event-form/edit/:eventId', access: 'coreMember', target: remote('events', 'eventEdit') },
    { path: 'event-form/:communityId', access: 'coreMember', target: remote('events', 'eventCreateForCommunity') },
    { path: `my-${productSlug}`, access: 'loggedIn', target: remote('account', 'myProduct') },
    { path: 'manage', access: 'coreMember', target: remote('admin', 'manage') },
    { path: 'my-account', access: 'loggedIn', target: remote('account', 'myAccount') },
    { path: 'admin-dashboard', access: 'admin', target: remote('admin', 'adminDashboard') },
    { path: 'dashboard', access: 'admin', target: remote('admin', 'dashboard') },
    { path: 'community-form', access: 'admin', target: remote('communities', 'communityCreate') },
    { path: 'community-form/edit/:communityId', access: 'coreMember', target: remote('communities', 'communityEdit') },
    { path: 'community/:id', access: 'public', target: remote('communities', 'communityDetail') },
    { path: 'about', access: 'public', target: host('about') },
    { path: 'about/hosting-event', access: 'public', target: host('hostingEvent') },
    { path: 'privacy', access: 'public', target: host('privacy') },
    { path: 'callback', access: 'loggedIn', target: host('callback') },
    { path: 'account/login', access: 'anonymousOnly', target: remote('account', 'login') },
    { path: 'account/register', access: 'anonymousOnly', target: remote('account', 'register') },
    { path: 'account/forgot-password', access: 'anonymousOnly', target: remote('account', 'forgotPassword') },
    { path: 'account/action', access: 'public', target: remote('account', 'emailAction') },
    { path: '*', access: 'public', target: host('notFound') },
  ];
}

/** What users call each remote's area, for loading and failure messages. */
export const areaLabels: Record<RemoteName, string> = {
  events: 'Events',
  communities: 'Communities and networks',
  account: 'Your account',
  admin: 'Administration',
};
