import type { AccessLevel, RemoteName, RemotePageKey } from '@hub/shared';
import { defaultProduct, routePatterns as at } from '@hub/shared';

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
    { path: at.home, access: 'public', target: host('dashboard') },
    { path: at.communities, access: 'public', target: remote('communities', 'communityList') },
    { path: at.communitiesOverview, access: 'public', target: remote('communities', 'communitiesOverview') },
    { path: at.networks, access: 'public', target: remote('communities', 'networkList') },
    { path: at.networksOverview, access: 'public', target: remote('communities', 'networksOverview') },
    { path: at.eventList, access: 'public', target: remote('events', 'eventList') },
    { path: at.eventDetail, access: 'public', target: remote('events', 'eventDetail') },
    { path: at.eventCreate, access: 'coreMember', target: remote('events', 'eventCreate') },
    { path: at.eventCreate, access: 'admin', target: remote('events', 'eventCreateAdmin') },
    { path: at.eventEdit, access: 'coreMember', target: remote('events', 'eventEdit') },
    { path: at.eventCreateForCommunity, access: 'coreMember', target: remote('events', 'eventCreateForCommunity') },
    { path: at.myProduct(productSlug), access: 'loggedIn', target: remote('account', 'myProduct') },
    { path: at.manage, access: 'coreMember', target: remote('admin', 'manage') },
    { path: at.myAccount, access: 'loggedIn', target: remote('account', 'myAccount') },
    { path: at.adminDashboard, access: 'admin', target: remote('admin', 'adminDashboard') },
    { path: at.dashboard, access: 'admin', target: remote('admin', 'dashboard') },
    { path: at.communityCreate, access: 'admin', target: remote('communities', 'communityCreate') },
    { path: at.communityEdit, access: 'coreMember', target: remote('communities', 'communityEdit') },
    { path: at.communityDetail, access: 'public', target: remote('communities', 'communityDetail') },
    // Issue 28: signed in only; the guard brings an anonymous visitor back here after signing in.
    { path: at.communityInvitation, access: 'loggedIn', target: remote('communities', 'communityInvitation') },
    { path: at.about, access: 'public', target: host('about') },
    { path: at.hostingEvent, access: 'public', target: host('hostingEvent') },
    { path: at.privacy, access: 'public', target: host('privacy') },
    { path: at.callback, access: 'loggedIn', target: host('callback') },
    { path: at.login, access: 'anonymousOnly', target: remote('account', 'login') },
    { path: at.register, access: 'anonymousOnly', target: remote('account', 'register') },
    { path: at.forgotPassword, access: 'anonymousOnly', target: remote('account', 'forgotPassword') },
    { path: at.emailAction, access: 'public', target: remote('account', 'emailAction') },
    { path: at.mailUnsubscribe, access: 'public', target: remote('account', 'mailUnsubscribe') },
    { path: at.notFound, access: 'public', target: host('notFound') },
  ];
}

/**
 * The routes anyone may open whose page a public remote renders (every variant `public`, one
 * owner, not the admin area), as `/path` → remote: what a server may start loading for any visitor
 * of that address without asking who they are (prerender/prerendered-files.ts, routeRemotesFile).
 */
export function publicRemoteRoutes(table: RouteEntry[]): Record<string, RemoteName> {
  const byPath = new Map<string, RouteEntry[]>();
  for (const entry of table) byPath.set(entry.path, [...(byPath.get(entry.path) ?? []), entry]);
  const routes: Record<string, RemoteName> = {};
  for (const [path, entries] of byPath) {
    const owners = new Set(entries.map((e) => e.target.owner));
    const [owner] = owners;
    if (owners.size !== 1 || owner === 'host' || owner === 'admin' || owner === undefined) continue;
    if (entries.every((e) => e.access === 'public')) routes[`/${path}`] = owner;
  }
  return routes;
}

/** What users call each remote's area, for loading and failure messages. */
export const areaLabels: Record<RemoteName, string> = {
  events: 'Events',
  communities: 'Communities and networks',
  account: 'Your account',
  admin: 'Administration',
};
