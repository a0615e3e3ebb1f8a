import {
  apiPaths,
  eventsQueryString,
  fillApiPath,
  parseId,
  type EventDetail,
  type EventSummary,
  type RemoteServerFrames,
  type RemoteWidgetFrames,
} from '@hub/shared';
import { CardsSkeleton, RowsSkeleton } from '@hub/ui/skeletons';
import { EventListFrame } from './pages/event-list/event-list-frame';
import { EventDetailFrame } from './pages/event-detail/event-detail-frame';
import { mineShown, selectUpcoming, UpcomingEventsView, widgetShown } from './widgets/upcoming-events-view';

/**
 * The events area's frames drawn on the host's server (issue 25), bundled for Node into this area's
 * release (shared/build/server-frames-plugin.cjs): the host's page server loads them from the live
 * release, so what these pages show first is this area's to change. Each is the very frame its page
 * renders over it once loaded.
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export const frames: RemoteServerFrames<'events'> = {
  // Static: the same heading and intro for every visitor (the list under it loads in the browser).
  eventList: {
    draw: async () => ({
      title: 'Events',
      element: (
        <EventListFrame documentTitle="Upcoming events">
          <CardsSkeleton label="Loading events" count={6} />
        </EventListFrame>
      ),
    }),
  },
  eventDetail: {
    draw: async ({ params, read }) => {
      const id = parseId(params.id);
      if (id === null) return null;
      const path = fillApiPath(apiPaths.event, { id });
      const event = await read(path);
      if (!isObject(event) || event.id !== id) return null;
      const detail = event as unknown as EventDetail;
      return {
        title: detail.title,
        answers: { [path]: event },
        // An uploaded cover wins over the address (ItemFace), and its <img> in the HTML picks its size:
        // a preload of the address would fetch a picture nobody sees.
        picture: detail.cover ? undefined : detail.imageUrl,
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
};

/** The reads of the home's events widget for a visitor, by API path, as the widget asks them. */
export const upcomingEventsReads = {
  next: fillApiPath(apiPaths.eventList, { search: eventsQueryString({ pageSize: widgetShown + mineShown }) }),
  home: apiPaths.publicHome,
};

const itemsOf = (page: unknown): EventSummary[] | null =>
  isObject(page) && Array.isArray(page.items) ? (page.items as EventSummary[]) : null;

export const widgetFrames: RemoteWidgetFrames<'events'> = {
  // The anonymous home's events (issues 24 and 27): the featured event's cover is the home's largest
  // paint, in the HTML instead of after this area's code and the API's answer.
  upcomingEvents: {
    draw: async ({ read }) => {
      const [next, home] = await Promise.all([read(upcomingEventsReads.next), read(upcomingEventsReads.home)]);
      const items = itemsOf(next);
      // Without the list there is no widget to draw; without the featured event, the list alone (as the widget does).
      if (!items) return null;
      const featured = isObject(home) && isObject(home.featuredEvent) ? (home.featuredEvent as EventSummary) : null;
      return {
        answers: { [upcomingEventsReads.next]: next, ...(isObject(home) ? { [upcomingEventsReads.home]: home } : {}) },
        element: <UpcomingEventsView {...selectUpcoming({ loggedIn: false, next: items, featured })} />,
      };
    },
  },
};
