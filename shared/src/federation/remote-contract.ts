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
    'communityInvitation',
  ],
  account: ['login', 'register', 'forgotPassword', 'emailAction', 'mailUnsubscribe', 'myAccount', 'myProduct'],
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

/**
 * One screen of a remote, as the remote declares it once (its src/screens.ts, issue 25): its
 * routes module is derived from these, and its build writes each screen's scripts, `public` and
 * `firstReads` into its `mf-manifest.json` (shared/build/screens-manifest-plugin.cjs), where the host's
 * early start and link prefetch read them from the remote's live release.
 */
export interface RemoteScreen {
  /** The page, loaded when first shown or preloaded (`lazyPage(() => import('./pages/<screen>/…'))`). */
  page: ComponentType;
  /**
   * Whether anyone may land on it (the route table's access is `public`): only then may the page's
   * HTML start its reads for an anonymous visitor.
   */
  public: boolean;
  /**
   * What it reads on its first render, as API path templates built from shared's `apiPaths`
   * (`api/events/:id`): `:name` is the address's route parameter, `:search` its list filters.
   */
  firstReads?: readonly string[];
}

export type RemoteScreens<R extends RemoteName> = Record<RemotePageKey<R>, RemoteScreen>;

/** The routes module's pages, from a remote's screens. */
export function pagesOf<K extends string>(screens: Record<K, RemoteScreen>): Record<K, ComponentType> {
  const pages = {} as Record<K, ComponentType>;
  for (const key of Object.keys(screens) as K[]) pages[key] = screens[key].page;
  return pages;
}

/** A screen's entry in its remote's `mf-manifest.json` (`metaData.buildInfo.hubScreens[page]`). */
export interface ManifestScreen {
  /** Its scripts, beside the manifest: the chunks its page's import loads (none shared). */
  scripts: string[];
  public: boolean;
  firstReads: string[];
}
export type RemoteWidgets<R extends WidgetRemoteName> = RemoteWidgetsModule<RemoteWidgetKey<R>>;

/** `/remotes.json`: remote name → its `mf-manifest.json` URL, decided at deploy time. */
export type RemotesManifest = Record<RemoteName, string>;

export const remoteNames = Object.keys(remotePageKeys) as RemoteName[];
