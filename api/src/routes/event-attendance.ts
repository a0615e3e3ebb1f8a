/**
 * Attend (with a chosen location) and withdraw. The event row is locked for the whole transaction,
 * so concurrent attends on the last seats are decided one at a time and capacity is never exceeded.
 * Waiting list (HUB_WAITING_LIST, off by default): off, a full event refuses with 409; on, the caller
 * joins the waiting list and is promoted in arrival order when a seat frees.
 */
import { errors, IdParams } from '@hub/contract/common';
import { AttendanceAnswer, AttendanceInput } from '@hub/contract/events';
import { requireUser } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { promoteWaitingList } from '../services/attendance.ts';
import { emptyBodyAsObject } from '../http/empty-body.ts';

export const EVENT_FULL = 'This event is full';

export function eventAttendanceRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  app.put('/api/events/:id/attendance', {
    schema: {
      tags: ['attendance'],
      summary: 'Attend an event at a chosen location (signed-in user)',
      description:
        'eventLocationId must be a location of this event. It may be null only when the event has an online location (attending online) or no locations.',
      security: [{ bearer: [] }],
      params: IdParams,
      body: AttendanceInput,
      response: { 200: AttendanceAnswer, ...errors(400, 401, 403, 404, 409) },
    },
    preValidation: emptyBodyAsObject,
    handler: async (request) => {
      const user = await requireUser(ctx, request);
      const eventId = request.params.id;
      const locationId = request.body.eventLocationId ?? null;
      return db.transaction().execute(async (trx) => {
        const event = await trx
          .selectFrom('event')
          .select(['capacity', 'attendeeCount', 'cancelled', 'endsAt'])
          .where('id', '=', eventId)
          .forUpdate()
          .executeTakeFirst();
        if (!event) throw notFound('Event not found');
        if (event.cancelled) throw conflict('This event has been cancelled');
        if (event.endsAt.getTime() < Date.now()) throw conflict('This event has already taken place');
        const locations = await trx
          .selectFrom('eventLocation')
          .select(['id', 'online'])
          .where('eventId', '=', eventId)
          .execute();
        if (locationId !== null && !locations.some((l) => l.id === locationId)) {
          throw badRequest('The request is invalid', ['body/eventLocationId is not a location of this event']);
        }
        if (locationId === null && locations.length > 0 && !locations.some((l) => l.online)) {
          throw badRequest('The request is invalid', [
            'body/eventLocationId is required: choose where you will attend',
          ]);
        }
        const already = await trx
          .selectFrom('eventAttendee')
          .select('status')
          .where('eventId', '=', eventId)
          .where('userId', '=', user.id)
          .executeTakeFirst();
        if (already)
          throw conflict(
            already.status === 'waiting'
              ? 'You are already on the waiting list of this event'
              : 'You are already attending this event',
          );
        const full = event.capacity !== null && event.attendeeCount >= event.capacity;
        if (full && !ctx.config.waitingList) throw conflict(EVENT_FULL, ['There are no seats left']);
        const status = full ? 'waiting' : 'attending';
        await trx
          .insertInto('eventAttendee')
          .values({ eventId, userId: user.id, eventLocationId: locationId, status })
          .execute();
        if (status === 'attending') {
          await trx
            .updateTable('event')
            .set((eb) => ({ attendeeCount: eb('attendeeCount', '+', 1) }))
            .where('id', '=', eventId)
            .execute();
        }
        return { eventId, status, eventLocationId: locationId };
      });
    },
  });

  app.delete('/api/events/:id/attendance', {
    schema: {
      tags: ['attendance'],
      summary: 'Withdraw from an event (or leave its waiting list); frees the seat for the next one waiting',
      security: [{ bearer: [] }],
      params: IdParams,
      response: { 200: AttendanceAnswer, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const user = await requireUser(ctx, request);
      const eventId = request.params.id;
      return db.transaction().execute(async (trx) => {
        const event = await trx
          .selectFrom('event')
          .select('id')
          .where('id', '=', eventId)
          .forUpdate()
          .executeTakeFirst();
        if (!event) throw notFound('Event not found');
        const removed = await trx
          .deleteFrom('eventAttendee')
          .where('eventId', '=', eventId)
          .where('userId', '=', user.id)
          .returning('status')
          .executeTakeFirst();
        if (!removed) throw notFound('You are not registered for this event');
        if (removed.status === 'attending') {
          await trx
            .updateTable('event')
            .set((eb) => ({ attendeeCount: eb('attendeeCount', '-', 1) }))
            .where('id', '=', eventId)
            .execute();
          await promoteWaitingList(trx, eventId);
        }
        return { eventId, status: 'none' as const, eventLocationId: null };
      });
    },
  });
}
