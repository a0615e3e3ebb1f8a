/**
 * Issue 28, people's data in their own hands:
 *  - `GET api/user/export`: everything the product holds about the caller, as a JSON file to save
 *    (services/my-data-export.ts); produced without an admin, and audited;
 *  - `GET api/user/export/events.ics`: every event they attend, past ones included, as one calendar;
 *  - `DELETE api/user`: the caller deletes their account; `DELETE api/admin/users/{id}`: an admin
 *    deletes someone's (services/account-deletion.ts); both audited.
 * Both are private answers (no-store, public-cache.ts's default).
 */
import { errors, IdParams, NoContent } from '@hub/contract/common';
import { EventCalendar } from '@hub/contract/events';
import { MyDataExport } from '@hub/contract/my-data';
import { requireAdmin, requireUser } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { auditDataExport } from '../services/audit-log.ts';
import { personalFeedEvents } from '../services/calendar-queries.ts';
import { feedCalendarText } from '../services/ics.ts';
import { deleteAccount } from '../services/account-deletion.ts';
import { exportUserData } from '../services/my-data-export.ts';
import { viewerOf } from '../services/visibility.ts';

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
      const events = await personalFeedEvents(db, user.id, viewerOf(user), { pastDays: null });
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

  app.delete('/api/user', {
    schema: {
      tags: ['user'],
      summary: "Delete the caller's account: the Firebase account, their attendances, memberships and data",
      description:
        'Upcoming attendances are withdrawn; attendances of ended events stay as anonymous numbers; the user row is kept anonymised for the audit log. Audited (user.account.delete).',
      security: [{ bearer: [] }],
      response: { 204: NoContent, ...errors(401, 403, 404) },
    },
    handler: async (request, reply) => {
      const user = await requireUser(ctx, request);
      const deleted = await deleteAccount(db, ctx.identity.auth, user.id, { userId: user.id, self: true });
      if (!deleted) throw notFound('User not found');
      // Seats freed on upcoming events went to people waiting: their mails are queued.
      ctx.mailJobs.wake();
      return reply.code(204).send(null);
    },
  });

  app.delete('/api/admin/users/:id', {
    schema: {
      tags: ['admin'],
      summary: "Delete a user's account, as the owner can (admin only; audited)",
      security: [{ bearer: [] }],
      params: IdParams,
      response: { 204: NoContent, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const admin = await requireAdmin(ctx, request);
      const id = request.params.id;
      const deleted = await deleteAccount(db, ctx.identity.auth, id, { userId: admin.id, self: id === admin.id });
      if (!deleted) throw notFound('User not found');
      ctx.mailJobs.wake();
      return reply.code(204).send(null);
    },
  });
}
