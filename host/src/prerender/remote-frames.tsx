/**
 * The frames of the public remote list screens, prerendered into their pages' HTML (issue 14: the
 * largest text of `/events/event-list`, `/communities` and `/networks` is their static heading and
 * intro, so with it in the HTML the page's largest paint is its first one).
 *
 * Build time only (prerender-site.tsx, in Node): this is the one place the host's code reads a
 * remote's source, the frame component that remote's list page renders itself, from this
 * workspace. Never part of the host's bundle. What that couples (a remote releasing a new intro is
 * shown with the last host build's copy until its page renders) is in docs/decisions.md.
 */
import type { ReactElement } from 'react';
import { CommunityBaseId } from '@hub/shared';
import { CardsSkeleton, RowsSkeleton } from '@hub/ui/skeletons';
/* eslint-disable no-restricted-imports -- build-time prerender of the remotes' static frames (see above) */
import { EventListFrame } from '../../../remote-events/src/pages/event-list/event-list-frame';
import { CommunityListFrame } from '../../../remote-communities/src/pages/community-list/community-list-frame';
/* eslint-enable no-restricted-imports */
import type { RemoteFrameKey } from '../components/remote-page/first-load-frame';

export interface RemoteFrame {
  /** The address rendered, also where its page is written (`events/event-list/index.html`). */
  render: string;
  /** The remote screen whose frame it is, as the route table names it. */
  screen: RemoteFrameKey;
  /** The document title the page's HTML carries (the frame's heading). */
  title: string;
  /** The frame, with what the screen shows under it while its data loads. */
  element: ReactElement;
}

export const remoteFrames: RemoteFrame[] = [
  {
    render: '/events/event-list',
    screen: 'events:eventList',
    title: 'Events',
    element: (
      <EventListFrame documentTitle="Upcoming events">
        <CardsSkeleton label="Loading events" count={6} />
      </EventListFrame>
    ),
  },
  {
    render: '/communities',
    screen: 'communities:communityList',
    title: 'Communities',
    element: (
      <CommunityListFrame baseId={CommunityBaseId.Community}>
        <RowsSkeleton label="Loading communities" />
      </CommunityListFrame>
    ),
  },
  {
    render: '/networks',
    screen: 'communities:networkList',
    title: 'Networks',
    element: (
      <CommunityListFrame baseId={CommunityBaseId.Network}>
        <RowsSkeleton label="Loading networks" />
      </CommunityListFrame>
    ),
  },
];
