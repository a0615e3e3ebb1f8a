/**
 * The public detail screens whose top the host's page server draws into their HTML, from the API's
 * answers (issue 14: an event's cover and a community's picture and description are those pages'
 * largest paint on a phone; drawn from data in the browser, they waited for all the JavaScript).
 *
 * Server only (render-detail-page.tsx, bundled for Node by the host's build): like the list frames
 * (prerender/remote-frames.tsx), the one other place the host's code reads a remote's source, the
 * frame component that remote's page renders itself. Never part of the host's bundle. What that
 * couples is in docs/decisions.md ("A detail page's top in its HTML").
 */
import type { ReactElement } from 'react';
import type { CommunityBase, CommunityDetail, EventDetail } from '@hub/shared';
import { RowsSkeleton } from '@hub/ui/skeletons';
/* eslint-disable no-restricted-imports -- the remotes' data frames, rendered by the page server (see above) */
import { EventDetailFrame } from '../../../remote-events/src/pages/event-detail/event-detail-frame';
import { CommunityDetailFrame } from '../../../remote-communities/src/pages/community-detail/community-detail-frame';
/* eslint-enable no-restricted-imports */
import type { RemoteFrameKey } from '../components/remote-page/first-load-frame';

/** Reads one API path (`api/events/31`): its JSON answer, or undefined when there is none to use. */
export type ReadAnswer = (path: string) => Promise<unknown>;

export interface DrawnFrame {
  /** The page's own title (its heading). */
  title: string;
  element: ReactElement;
  /** The answers read, by API path: the page's reads take them instead of asking again. */
  answers: Record<string, unknown>;
  /** The picture the top shows (an event's cover, a community's), asked for from the head. */
  picture?: string;
}

export interface DetailFrame {
  /** The route pattern, as in the route table. */
  pattern: string;
  screen: RemoteFrameKey;
  /** The frame for an id, or null when there is nothing to show (unknown, or the API did not answer). */
  draw: (id: number, read: ReadAnswer) => Promise<DrawnFrame | null>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export const detailFrames: DetailFrame[] = [
  {
    pattern: '/events/:id',
    screen: 'events:eventDetail',
    draw: async (id, read) => {
      const path = `api/events/${id}`;
      const event = await read(path);
      if (!isObject(event) || event.id !== id) return null;
      const detail = event as unknown as EventDetail;
      return {
        title: detail.title,
        answers: { [path]: event },
        picture: detail.imageUrl,
        // The rest of the page depends on the viewer (attending, the organisers' tools): the page
        // draws it; the HTML shows its placeholder.
        element: (
          <EventDetailFrame event={detail} viewerZone={null}>
            <RowsSkeleton label="Loading the event" count={5} />
          </EventDetailFrame>
        ),
      };
    },
  },
  {
    pattern: '/community/:id',
    screen: 'communities:communityDetail',
    draw: async (id, read) => {
      const path = `api/community/${id}`;
      const community = await read(path);
      if (!isObject(community) || community.id !== id || typeof community.communityBaseId !== 'number') return null;
      const detail = community as unknown as CommunityDetail;
      // The page shows the base's name; without its answer, the base's usual name, as the page does.
      const basePath = `api/communitybase/${detail.communityBaseId}`;
      const base = await read(basePath);
      const baseAnswer = isObject(base) && typeof base.name === 'string' ? (base as CommunityBase) : undefined;
      return {
        title: detail.name,
        picture: detail.imageUrl,
        answers: baseAnswer ? { [path]: community, [basePath]: baseAnswer } : { [path]: community },
        element: (
          <CommunityDetailFrame community={detail} base={baseAnswer}>
            <RowsSkeleton label="Loading the core members and events" count={4} />
          </CommunityDetailFrame>
        ),
      };
    },
  },
];
