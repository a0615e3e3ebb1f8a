/** `GET api/events/{id}/ics`: the event as an iCalendar file for the user's calendar. */
import { errors, IdParams } from '@hub/contract/common';
import { EventCalendar } from '@hub/contract/events';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { eventSummaryQuery } from '../services/event-queries.ts';
import { eventToIcs } from '../services/ics.ts';

export function eventIcsRoutes(app: App, ctx: AppContext): void {
  const host = new URL(ctx.config.siteUrl).hostname || 'hub';
  app.get('/api/events/:id/ics', {
    config: { publicCache: true },
    schema: {
      tags: ['events'],
      summary: 'The event as text/calendar (.ics)',
      params: IdParams,
      produces: ['text/calendar'],
      response: { 200: EventCalendar, ...errors(400, 404) },
    },
    handler: async (request, reply) => {
      const row = await eventSummaryQuery(ctx.db)
        .select('e.updatedAt')
        .where('e.id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound('Event not found');
      reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="event-${row.id}.ics"`);
      return eventToIcs(row, ctx.config.siteUrl, host);
    },
  });
}
