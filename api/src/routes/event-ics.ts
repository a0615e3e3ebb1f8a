/** `GET api/events/{id}/ics`: the event as an iCalendar file for the user's calendar (Add to calendar). */
import { errors, IdParams } from '@hub/contract/common';
import { EventCalendar } from '@hub/contract/events';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { calendarEvent } from '../services/calendar-queries.ts';
import { eventCalendarText } from '../services/ics.ts';
import { viewerOfRequest } from '../http/viewer.ts';
import { keepFromSharedCaches } from '../http/public-cache.ts';

export function eventIcsRoutes(app: App, ctx: AppContext): void {
  app.get('/api/events/:id/ics', {
    config: { publicCache: true },
    schema: {
      tags: ['events'],
      summary: 'The event as text/calendar (.ics): stable UID, SEQUENCE, TZID with VTIMEZONE, STATUS:CANCELLED',
      params: IdParams,
      produces: ['text/calendar'],
      response: { 200: EventCalendar, ...errors(400, 404) },
    },
    handler: async (request, reply) => {
      // One who may not see it is answered as if it did not exist (issue 28).
      const event = await calendarEvent(ctx.db, request.params.id, await viewerOfRequest(ctx, request));
      if (!event) throw notFound('Event not found');
      if (event.visibility !== 'public' || event.communityVisibility !== 'public') keepFromSharedCaches(request);
      reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="event-${event.id}.ics"`);
      return eventCalendarText(event, { siteUrl: ctx.config.siteUrl });
    },
  });
}
