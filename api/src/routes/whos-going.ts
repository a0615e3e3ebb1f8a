/**
 * Issue 28, "Who's going": the event page's line ("Anna, Ben and 23 others are going"), the
 * attendee's choice for one event, and their default for the events they attend from now on (My
 * account). Every answer is the caller's own: `private, no-store`, never in a shared cache or the
 * service worker's.
 */
import { errors, IdParams } from '@hub/contract/common';
import { WhosGoing, WhosGoingChoice, WhosGoingChoiceAnswer, WhosGoingDefault } from '@hub/contract/whos-going';
import type { FastifyReply } from 'fastify';
import { requireUser } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { eventSeen, viewerOf } from '../services/visibility.ts';
import { readWhosGoing } from '../services/whos-going.ts';

/** Names people: for the caller's browser alone, and not even kept there. */
function personal(reply: FastifyReply): void {
  void reply.header('cache-control', 'private, no-store');
}

export function whosGoingRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/events/:id/whos-going', {
    schema: {
      tags: ['attendance'],
      summary:
        'Who else is going: the first names of attendees who agreed to be shown, and how many others (signed-in caller)',
      description:
        'Names only attendees (seated, not waiting) who chose to be shown, never the caller; `others` counts everyone else seated, anonymous places included. An event the caller may not see is 404 as a missing one; anonymous callers get 401.',
      security: [{ bearer: [] }],
      params: IdParams,
      response: { 200: WhosGoing, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      personal(reply);
      const user = await requireUser(ctx, request);
      const answer = await readWhosGoing(db, request.params.id, user);
      if (!answer) throw notFound('Event not found');
      return answer;
    },
  });

  app.put('/api/events/:id/attendance/whos-going', {
    schema: {
      tags: ['attendance'],
      summary: "Choose whether this event's Who's going names the caller (attending or waiting)",
      security: [{ bearer: [] }],
      params: IdParams,
      body: WhosGoingChoice,
      response: { 200: WhosGoingChoiceAnswer, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      personal(reply);
      const user = await requireUser(ctx, request);
      const eventId = request.params.id;
      const seen = await db
        .selectFrom('event as e')
        .innerJoin('community as c', 'c.id', 'e.communityId')
        .select('e.id')
        .where('e.id', '=', eventId)
        .where(eventSeen(viewerOf(user)))
        .executeTakeFirst();
      if (!seen) throw notFound('Event not found');
      const changed = await db
        .updateTable('eventAttendee')
        .set({ shownInWhosGoing: request.body.shown })
        .where('eventId', '=', eventId)
        .where('userId', '=', user.id)
        .returning('shownInWhosGoing')
        .executeTakeFirst();
      if (!changed) throw notFound('You are not registered for this event');
      return { eventId, shown: changed.shownInWhosGoing };
    },
  });

  app.get('/api/user/whos-going', {
    schema: {
      tags: ['user'],
      summary: "The caller's default for Who's going: whether the events they attend from now on name them",
      security: [{ bearer: [] }],
      response: { 200: WhosGoingDefault, ...errors(401, 403) },
    },
    handler: async (request, reply) => {
      personal(reply);
      const user = await requireUser(ctx, request);
      const row = await db
        .selectFrom('appUser')
        .select('whosGoingDefault')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      return { shownByDefault: row.whosGoingDefault };
    },
  });

  app.put('/api/user/whos-going', {
    schema: {
      tags: ['user'],
      summary: "Change the caller's default for Who's going (events already attended keep their own choice)",
      security: [{ bearer: [] }],
      body: WhosGoingDefault,
      response: { 200: WhosGoingDefault, ...errors(400, 401, 403) },
    },
    handler: async (request, reply) => {
      personal(reply);
      const user = await requireUser(ctx, request);
      const row = await db
        .updateTable('appUser')
        .set({ whosGoingDefault: request.body.shownByDefault, updatedAt: new Date() })
        .where('id', '=', user.id)
        .returning('whosGoingDefault')
        .executeTakeFirstOrThrow();
      return { shownByDefault: row.whosGoingDefault };
    },
  });
}
