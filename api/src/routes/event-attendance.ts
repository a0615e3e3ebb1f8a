/**
 * Attend (with a chosen location) and withdraw. The event row is locked for the whole transaction,
 * so concurrent attends on the last seats are decided one at a time and capacity is never exceeded.
 * The seats are decided from the rows read with the lock (the event and its locations with their
 * counts), not read again: every round trip under the lock is one more wait for every attend
 * queued behind it (docs/decisions.md, "Budgets … (issue 24)").
 * Waiting list (HUB_WAITING_LIST, off by default): off, a full event refuses with 409; on, the caller
 * joins the waiting list and is promoted in arrival order when a seat frees.
 */
import { errors, IdParams } from '@hub/contract/common';
import { AttendanceAnswer, AttendanceInput } from '@hub/contract/events';
import { requireUser } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { moveSeat, seatsLeft, withdrawAttendance } from '../services/attendance.ts';
import { emptyBodyAsObject } from '../http/empty-body.ts';
import { enqueueAttendanceMail } from '../mail/attendance-mail.ts';
import { eventSeen, viewerOf } from '../services/visibility.ts';
import { whosGoingDefaultOf } from '../services/whos-going.ts';

export const EVENT_FULL = 'This event is full';
export const LOCATION_FULL = 'This location is full';

export function eventAttendanceRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  app.put('/api/events/:id/attendance', {
    schema: {
      tags: ['attendance'],
      summary: 'Attend an event at a chosen location (signed-in user)',
      description:
        "eventLocationId must be a location of this event. Null means attending online: allowed when the event has exactly one online location (the attendance is counted there) or no locations. A full event, or a full location, refuses with 409 — or, with the waiting list on, puts the caller on it. shownInWhosGoing: whether this event's Who's going names the caller; left out, the caller's default (GET api/user/whos-going), off until they set it.",
      security: [{ bearer: [] }],
      params: IdParams,
      body: AttendanceInput,
      response: { 200: AttendanceAnswer, ...errors(400, 401, 403, 404, 409) },
    },
    preValidation: emptyBodyAsObject,
    handler: async (request) => {
      const user = await requireUser(ctx, request);
      const eventId = request.params.id;
      const requested = request.body.eventLocationId ?? null;
      // Issue 28: an event the caller may not see cannot be joined, and is not found, as one that does not exist.
      const seen = await db
        .selectFrom('event as e')
        .innerJoin('community as c', 'c.id', 'e.communityId')
        .select('e.id')
        // Issue 28: read here, not under the event's row lock, where each round trip holds up the queue.
        .select(whosGoingDefaultOf(user.id).as('whosGoingDefault'))
        .where('e.id', '=', eventId)
        .where(eventSeen(viewerOf(user)))
        .executeTakeFirst();
      if (!seen) throw notFound('Event not found');
      const answer = await db.transaction().execute(async (trx) => {
        const event = await trx
          .selectFrom('event')
          .select(['capacity', 'attendeeCount', 'cancelled', 'endsAt'])
          .select((eb) =>
            eb
              .selectFrom('community as c')
              .select('c.archivedAt')
              .whereRef('c.id', '=', 'event.communityId')
              .as('communityArchivedAt'),
          )
          .where('id', '=', eventId)
          .forUpdate()
          .executeTakeFirst();
        if (!event) throw notFound('Event not found');
        if (event.cancelled) throw conflict('This event has been cancelled');
        // Issue 27: an archived community's events stay as they are, but nobody new joins them.
        if (event.communityArchivedAt) throw conflict("This event's community is archived");
        if (event.endsAt.getTime() < Date.now()) throw conflict('This event has already taken place');
        const locations = await trx
          .selectFrom('eventLocation')
          .select(['id', 'online', 'capacity', 'attendeeCount'])
          .where('eventId', '=', eventId)
          .orderBy('position')
          .orderBy('id')
          .execute();
        let locationId = requested;
        if (locationId !== null && !locations.some((l) => l.id === locationId)) {
          throw badRequest('The request is invalid', ['body/eventLocationId is not a location of this event']);
        }
        if (locationId === null && locations.length > 0) {
          const online = locations.filter((l) => l.online);
          if (online.length === 0)
            throw badRequest('The request is invalid', [
              'body/eventLocationId is required: choose where you will attend',
            ]);
          if (online.length > 1)
            throw badRequest('The request is invalid', [
              'body/eventLocationId is required: this event has several online locations, choose one',
            ]);
          // Attending online is attending at the one online location, so its seats are counted too.
          locationId = online[0]!.id;
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
        const seats = seatsLeft(event, locations);
        const eventFull = seats.eventSeatsLeft <= 0;
        const locationFull = locationId !== null && (seats.locationSeatsLeft.get(locationId) ?? 0) <= 0;
        if ((eventFull || locationFull) && !ctx.config.waitingList) {
          if (eventFull) throw conflict(EVENT_FULL, ['There are no seats left']);
          throw conflict(LOCATION_FULL, ['body/eventLocationId has no seats left: choose another location']);
        }
        const status: 'waiting' | 'attending' = eventFull || locationFull ? 'waiting' : 'attending';
        await trx
          .insertInto('eventAttendee')
          .values({
            eventId,
            userId: user.id,
            eventLocationId: locationId,
            status,
            shownInWhosGoing: request.body.shownInWhosGoing ?? seen.whosGoingDefault,
          })
          .execute();
        if (status === 'attending') {
          await moveSeat(trx, eventId, locationId, 1);
          // The confirmation with its calendar invitation commits with the seat (a place on the
          // waiting list gets its mail, the promotion, when a seat comes).
          await enqueueAttendanceMail(trx, 'confirmation', eventId, user.id, status);
        }
        return { eventId, status, eventLocationId: locationId };
      });
      if (answer.status === 'attending') ctx.mailJobs.wake();
      return answer;
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
      await db.transaction().execute(async (trx) => {
        const event = await trx.selectFrom('event').select('id').where('id', '=', eventId).executeTakeFirst();
        if (!event) throw notFound('Event not found');
        const removed = await withdrawAttendance(trx, eventId, user.id);
        if (!removed) throw notFound('You are not registered for this event');
        // Their calendar holds the event since the confirmation: the CANCEL removes it.
        if (removed.status === 'attending')
          await enqueueAttendanceMail(trx, 'withdrawal', eventId, user.id, 'attending');
      });
      // The withdrawal and promotion mails committed with the seats (services/attendance.ts): send them now.
      ctx.mailJobs.wake();
      return { eventId, status: 'none' as const, eventLocationId: null };
    },
  });
}
