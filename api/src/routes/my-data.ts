/**
 * Issue 28, people's data in their own hands:
 *  - `GET api/user/export`: everything the product holds about the caller, as a JSON file to save
 *    (services/my-data-export.ts); produced without an admin, and audited;
 *  - `GET api/user/export/events.ics`: every event they attend, past ones included, as one calendar.
 * Both are private answers (no-store, public-cache.ts's default).
 */
import { errors } from '@hub/contract/common';
import { EventCalendar } from '@hub/contract/events';
import { MyDataExport } from '@hub/contract/my-data';
import { requireUser } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { auditDataExport } from '../services/audit-log.ts';
import { personalFeedEvents } from '../services/calendar-queries.ts';
import { feedCalendarText } from '../services/ics.ts';
import { exportUserData } from '../services/my-data-export.ts';

const today = () => new Date().toISOString().slice(0, 10);

export function myDataRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/user/export', {
    schema: {
      tags: ['user'],
      summary: 'Everything the product holds about the caller, as a JSON file (Content-Disposition: attachment)',
      description: 'Recorded in the audit log (user.data.export). Private to the caller (no-store).',
      security: [{ bearer: [] }],
      response: { 200: MyDataExport, ...errors(401, 403, 404) },
    },
    handler: async (request, reply) => {
      const user = await requireUser(ctx, request);
      // The record first, so that the export lists its own download among the rows about the person.
      await auditDataExport(db, user.id);
      const data = await exportUserData(db, user.id);
      if (!data) throw notFound('User not found');
      reply.header('content-disposition', `attachment; filename="community-hub-my-data-${today()}.json"`);
      return data;
    },
  });

  app.get('/api/user/export/events.ics', {
    schema: {
      tags: ['user'],
      summary: 'Every event the caller attends, past ones included, as one text/calendar file',
      security: [{ bearer: [] }],
      produces: ['text/calendar'],
      response: { 200: EventCalendar, ...errors(401, 403) },
    },
    handler: async (request, reply) => {
      const user = await requireUser(ctx, request);
      const events = await personalFeedEvents(db, user.id, { pastDays: null });
      reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="community-hub-my-events.ics"');
      // Not a subscription: refreshMinutes only fills the feed's required field.
      return feedCalendarText(
        events,
        { siteUrl: ctx.config.siteUrl },
        {
          name: 'Community Hub: my events',
          description: 'Every event you attend on Community Hub',
          refreshMinutes: 24 * 60,
        },
      );
    },
  });
}
