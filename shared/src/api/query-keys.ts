/**
 * The query keys of every GET, one factory per resource, built in one place so that readers and
 * invalidators can never disagree on a spelling. Keys are arrays so that invalidating a prefix
 * (`communityKeys.all`) reaches every key under it. SPEC §7 names four of them: community data by
 * id, the overview, the communities of a base by id and the community base by id.
 */

import type { EventListQuery, MyEventsQuery } from '@hub/contract/events';

/** The list's filters as they form a key: the contract's query without the base filter the screens never use. */
export type EventListFilters = Omit<EventListQuery, 'communityBaseId'>;
export type MyEventsFilters = MyEventsQuery;

/** Route parameters arrive as strings and code passes numbers: one spelling for both. */
const idOf = (id: number | string) => String(id);

export const communityKeys = {
  all: ['communities'] as const,
  /** GET api/community */
  overview: () => [...communityKeys.all, 'overview'] as const,
  /** GET api/community/{id} */
  detail: (id: number | string) => [...communityKeys.all, 'detail', idOf(id)] as const,
  /** GET api/community/base/{id} */
  ofBase: (baseId: number | string) => [...communityKeys.all, 'of-base', idOf(baseId)] as const,
  /** GET api/community/base/{id}?search=&countryId=&sort= (the grid, issue 27): under the base's key */
  ofBaseFiltered: (baseId: number | string, filter: object) =>
    [...communityKeys.all, 'of-base', idOf(baseId), filter] as const,
  /** GET api/community/{id}/core-members (the managers' view, with e-mail addresses) */
  coreMembers: (id: number | string) => [...communityKeys.all, 'core-members', idOf(id)] as const,
};

/**
 * Issue 28, members-only communities: a link's view (keyed by its secret), a community's link status
 * and its pending requests (other people's addresses). Under a root of their own, which the offline
 * copy of the query data never keeps (query-persistence.ts keeps only the roots it names).
 */
export const invitationKeys = {
  all: ['invitations'] as const,
  /** GET api/community-invitations/{token} */
  view: (token: string) => [...invitationKeys.all, 'link', token] as const,
  /** GET api/community/{id}/invitation */
  status: (communityId: number | string) => [...invitationKeys.all, 'status', idOf(communityId)] as const,
  /** GET api/community/{id}/join-requests */
  requests: (communityId: number | string) => [...invitationKeys.all, 'requests', idOf(communityId)] as const,
};

export const communityBaseKeys = {
  all: ['community-bases'] as const,
  /** GET api/communitybase/{id} */
  detail: (baseId: number | string) => [...communityBaseKeys.all, idOf(baseId)] as const,
};

export const eventKeys = {
  all: ['events'] as const,
  /** GET api/events/{id} */
  detail: (id: number | string) => [...eventKeys.all, 'detail', idOf(id)] as const,
  /** GET api/events?when=upcoming&communityId={id} */
  upcomingOfCommunity: (communityId: number | string) =>
    [...eventKeys.all, 'upcoming-of-community', idOf(communityId)] as const,
  /** GET api/events with a filter set: one key per filter set (the filters object is part of the key). */
  list: (filters: EventListFilters) => [...eventKeys.all, 'list', filters] as const,
  /** GET api/user/events: the caller's own; under `all` so attending or withdrawing refreshes it. */
  mine: (filters: MyEventsFilters) => [...eventKeys.all, 'mine', filters] as const,
  /** GET api/home (issue 27): the featured event and the most active communities */
  publicHome: () => [...eventKeys.all, 'public-home'] as const,
  /** GET api/user/home (issue 27): the caller's communities' events and suggestions */
  myHome: () => [...eventKeys.all, 'my-home'] as const,
  /** GET api/events/{id}/me: keyed by the signed-in user too, so another sign-in never sees this one's answer. */
  viewer: (id: number | string, userId: string) => [...eventKeys.all, 'viewer', idOf(id), userId] as const,
  /** GET api/events/{id}/whos-going (issue 28): other people's first names, per signed-in user; never kept on the device. */
  whosGoing: (id: number | string, userId: string) => [...eventKeys.all, 'whos-going', idOf(id), userId] as const,
  /** GET api/events/{id}/attendees (managers only, with e-mail addresses) */
  attendees: (id: number | string) => [...eventKeys.all, 'attendees', idOf(id)] as const,
};

/** Organiser messages: an event's or a community's "Updates from the organisers", and audience counts. */
export const messageKeys = {
  all: ['organiser-messages'] as const,
  /** GET api/events/{id}/messages, api/community/{id}/messages */
  list: (kind: 'event' | 'community', id: number | string) => [...messageKeys.all, kind, idOf(id)] as const,
  /** GET api/events/{id}/messages/audiences, api/community/{id}/messages/audience (senders only) */
  audience: (kind: 'event' | 'community', id: number | string) =>
    [...messageKeys.all, 'audience', kind, idOf(id)] as const,
};

/** The manage area (core members and admins): what a manager sees, always their own view. */
export const manageKeys = {
  all: ['manage'] as const,
  /** GET api/manage/communities?q&page: the communities the caller manages, with their events' attendance. */
  communities: (query: { q?: string; page?: number } = {}) =>
    [...manageKeys.all, 'communities', { q: query.q ?? '', page: query.page ?? 1 }] as const,
  /** GET api/manage/communities/{id}/events?when: all of one community's upcoming or past events. */
  events: (communityId: number | string, when: 'upcoming' | 'past') =>
    [...manageKeys.all, 'events', idOf(communityId), when] as const,
  /** GET api/manage/events/{id}/attendees: one event's attendee list with check-in. */
  attendees: (eventId: number | string) => [...manageKeys.all, 'attendees', idOf(eventId)] as const,
};

export const userKeys = {
  all: ['user'] as const,
  /** GET api/user */
  info: () => [...userKeys.all, 'info'] as const,
  /** GET api/user/calendar-feed: whether the private feed exists and since when (its address is never read back). */
  calendarFeed: () => [...userKeys.all, 'calendar-feed'] as const,
  /** GET api/user/mail-preferences: the kinds of mail switched on and each joined community's news choice. */
  mailPreferences: () => [...userKeys.all, 'mail-preferences'] as const,
  /** GET api/user/whos-going (issue 28): the default for "Who's going" on new attendances. */
  whosGoingDefault: () => [...userKeys.all, 'whos-going'] as const,
};

/** Reference lists that forms and filters offer. */
export const referenceKeys = {
  /** GET api/country */
  countries: () => ['countries'] as const,
  /** GET api/bunit */
  businessUnits: () => ['business-units'] as const,
  /** GET api/images/limits */
  imageLimits: () => ['image-limits'] as const,
};

/** Administration (api/src/routes/admin.ts): admins only, so every key is dropped at sign-out with the rest. */
export const adminKeys = {
  all: ['admin'] as const,
  /** GET api/admin/stats and api/admin/stats/trends (a role change or check-in moves both) */
  stats: () => [...adminKeys.all, 'stats'] as const,
  trends: (query: object) => [...adminKeys.stats(), 'trends', query] as const,
  /** GET api/admin/users?…: the whole query is the key, so each page, search, filter and sort is kept apart. */
  usersAll: () => [...adminKeys.all, 'users'] as const,
  users: (query: object) => [...adminKeys.usersAll(), query] as const,
  /** GET api/admin/audit-log?… */
  auditAll: () => [...adminKeys.all, 'audit'] as const,
  audit: (query: object) => [...adminKeys.auditAll(), query] as const,
};

/** Operations: what the platform status shows. */
export const opsKeys = {
  /** GET api/health */
  health: () => ['health'] as const,
  /** The host's `/remotes.json`: where each remote is deployed. */
  remotes: () => ['platform', 'remotes'] as const,
  /** One remote's deployed `mf-manifest.json`. */
  remoteManifest: (url: string) => ['platform', 'manifest', url] as const,
};
