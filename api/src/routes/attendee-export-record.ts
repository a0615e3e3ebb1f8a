/**
 * `POST api/manage/events/{id}/attendees/exports` (issue 28): the attendee screen records each CSV
 * export before it saves the file (the CSV is made in the browser from the list it already read),
 * so the audit log says who exported which event's attendees and how many people the file held.
 * The same people as the list may call it: a core member of the event's community, or an admin.
 */
import { errors, IdParams, NoContent } from '@hub/contract/common';
import { sql } from 'kysely';
import { requireCommunityManager, requireUser } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { auditAttendeesExport } from '../services/audit-log.ts';

export function attendeeExportRecordRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  app.post('/api/manage/events/:id/attendees/exports', {
    schema: {
      tags: ['manage'],
      summary: "Record that the caller exports an event's attendee list (a core member of its community, or an admin)",
      description: 'Written to the audit log (event.attendees.export) with the number of people listed.',
      security: [{ bearer: [] }],
      params: IdParams,
      response: { 204: NoContent, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const id = request.params.id;
      await requireUser(ctx, request);
      const event = await db.selectFrom('event').select('communityId').where('id', '=', id).executeTakeFirst();
      if (!event) throw notFound('Event not found');
      await requireCommunityManager(ctx, request, event.communityId);
      // The people the list names: anonymous rows (issue 28's deleted accounts and retention) name nobody.
      const listed = await db
        .selectFrom('eventAttendee')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('eventId', '=', id)
        .where('userId', 'is not', null)
        .executeTakeFirstOrThrow();
      await auditAttendeesExport(ctx, request, db, id, listed.n);
      return reply.code(204).send(null);
    },
  });
}
