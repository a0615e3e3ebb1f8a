import type { ComponentType } from 'react';

/**
 * What each remote exposes to the host. Remotes declare their modules with `satisfies` against
 * these types and the host loads them through the same types, so a host–remote mismatch fails
 * type-checking; the runtime key lists below back the contract test.
 */
export interface RemoteBuildInfo {
  remote: RemoteName;
  /** Identifies the deployed build (a time stamp, or the release marker given at build time). */
  buildId: string;
}

export interface RemoteRoutesModule<P extends string> {
  build: RemoteBuildInfo;
  pages: Record<P, ComponentType>;
}

export interface RemoteWidgetsModule<W extends string> {
  build: RemoteBuildInfo;
  widgets: Record<W, ComponentType>;
}

export const remotePageKeys = {
  events: ['eventList', 'eventDetail', 'eventCreate', 'eventCreateAdmin', 'eventEdit', 'eventCreateForCommunity'],
  communities: [
    'communityList',
    'networkList',
    'communitiesOverview',
    'networksOverview',
    'communityDetail',
    'communityCreate',
    'communityEdit',
  ],
  account: ['login', 'register', 'forgotPassword', 'emailAction', 'myAccount', 'myProduct'],
  admin: ['adminDashboard', 'dashboard', 'manage'],
} as const;

export const remoteWidgetKeys = {
  events: ['upcomingEvents'],
  communities: ['discoverCommunities'],
} as const;

export type RemoteName = keyof typeof remotePageKeys;
export type RemotePageKey<R extends RemoteName> = (typeof remotePageKeys)[R][number];
export type WidgetRemoteName = keyof typeof remoteWidgetKeys;
export type RemoteWidgetKey<R extends WidgetRemoteName> = (typeof remoteWidgetKeys)[R][number];

export type RemoteRoutes<R extends RemoteName> = RemoteRoutesModule<RemotePageKey<R>>;
export type RemoteWidgets<R extends WidgetRemoteName> = RemoteWidgetsModule<RemoteWidgetKey<R>>;

/** `/remotes.json`: remote name → its `mf-manifest.json` URL, decided at deploy time. */
export type RemotesManifest = Record<RemoteName, string>;

export const remoteNames = Object.keys(remotePageKeys) as RemoteName[];
