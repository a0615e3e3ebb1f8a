import type { ReactElement } from 'react';
import type { RemoteName, RemotePageKey, RemoteWidgetKey, WidgetRemoteName } from './remote-contract';

/**
 * Issue 25: the frames a remote draws into a page's HTML on the host's server (the top of an event's
 * page, the events list's heading and intro). A remote declares them in its `src/server-frames.tsx`;
 * its build bundles that file for Node into its own release and names it in its manifest
 * (shared/build/server-frames-plugin.cjs); the host's page server loads it from the remote's live
 * release (host/server/page-server/remote-frames-loader.ts). So the text of a frame is the remote's to
 * change, on the next page served, without a host release.
 */

/** Reads one API path (`api/events/31`): its JSON answer, or undefined when there is none to use. */
export type ReadAnswer = (path: string) => Promise<unknown>;

export interface DrawnFrame {
  /** The page's own title (its heading), for the document's title. */
  title: string;
  /** The frame, with what the screen shows under it while the rest loads. */
  element: ReactElement;
  /**
   * The answers read, by API path, for the page's first reads to take instead of asking again. Only
   * a frame drawn from data has them: it belongs to its one address (a static frame, to every one).
   */
  answers?: Record<string, unknown>;
  /** The picture the frame shows (an event's cover), asked for from the page's head. */
  picture?: string;
}

export interface ServerFrameRequest {
  /** The address's route parameters (`{ id: '31' }` for `/events/31`). */
  params: Readonly<Record<string, string | undefined>>;
  /**
   * The address's query string without its `?` (`sort=members` for `/communities?sort=members`), ''
   * for none: a screen whose view lives in the query (the communities grid) draws that view. A host
   * built before issue 27 gives none: the screen then draws its default view.
   */
  search?: string;
  /** Public answers only (the API's `Cache-Control` lets a shared cache keep them): undefined otherwise. */
  read: ReadAnswer;
}

export interface ServerFrame {
  /** The frame for the address, or null when there is nothing to show (unknown, or the API did not answer). */
  draw(request: ServerFrameRequest): Promise<DrawnFrame | null>;
}

/** A remote's `src/server-frames.tsx` exports `frames`: per screen that has one, its frame. */
export type RemoteServerFrames<R extends RemoteName> = Partial<Record<RemotePageKey<R>, ServerFrame>>;

/**
 * Issues 24 and 27: a widget the host's home shows, drawn on the server from public answers (the
 * featured event: the home's largest paint). The widget renders the same frame component once
 * loaded, so nothing moves. The home is the anonymous one: a widget has no parameters, its reads are
 * the public ones.
 */
export interface DrawnWidgetFrame {
  element: ReactElement;
  /** The answers read, by API path, for the page's first reads (the widget's own reads take them). */
  answers?: Record<string, unknown>;
}

export interface WidgetServerFrame {
  /** The widget's frame, or null when there is nothing to show (the API did not answer). */
  draw(request: { read: ReadAnswer }): Promise<DrawnWidgetFrame | null>;
}

/** A remote's `src/server-frames.tsx` may export `widgetFrames` too: per widget that has one, its frame. */
export type RemoteWidgetFrames<R extends WidgetRemoteName> = Partial<Record<RemoteWidgetKey<R>, WidgetServerFrame>>;
