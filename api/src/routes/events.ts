/**
 * Events: public list (filters, search, paging) and detail; create, edit and cancel by a core member
 * of the event's community or an admin; the attendee list for those same people.
 */
import { errors, IdParams } from '@hub/contract/common';
import {
  AttendeeList,
  CancelEventInput,
  EventDetail,
  EventInput,
  EventListQuery,
  EventPage,
  EventViewerInfo,
} from '@hub/contract/events';
import { sql } from 'kysely';
import { isAdmin, isCoreMemberOf, requireCommunityManager, requireUser } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { emptyBodyAsObject } from '../http/empty-body.ts';
import { getEventDetailRow, listEvents, presentEvent, type EventListFilter } from '../services/event-queries.ts';
import { promoteWaitingList } from '../services/attendance.ts';
import { enqueueEventChangeMails } from '../mail/event-change-mail.ts';
import { queueCommunityNews } from '../mail/community-news-mail.ts';
import { readCalendarState, recordEventEdit } from '../services/event-changes.ts';
import { auditEvent, auditEventUpdate } from '../services/audit-log.ts';
import { AuditAction } from '@hub/contract/audit';
import { assertImageFits } from '../images/image-refs.ts';
import { keepFromSharedCaches } from '../http/public-cache.ts';
import { viewerOfRequest } from '../http/viewer.ts';
import { assertEventVisibilityAllowed, eventSeen, viewerOf, type Viewer } from '../services/visibility.ts';
import type { Visibility } from '@hub/contract/visibility';

/** Field checks JSON Schema cannot express; each problem named like the schema's own details. */
function checkEventInput(body: EventInput): void {
  const details: string[] = [];
  const starts = Date.parse(body.startsAt);
  const ends = Date.parse(body.endsAt);
  if (Number.isFinite(starts) && Number.isFinite(ends) && ends < starts)
    details.push('body/endsAt must not be before body/startsAt');
  body.locations.forEach((l, i) => {
    if (l.online === 'No') {
      if (!l.address?.trim()) details.push(`body/locations/${i}/address is required for an in-person location`);
      if (!l.cityName.trim()) details.push(`body/locations/${i}/cityName is required for an in-person location`);
      if (l.joinUrl) details.push(`body/locations/${i}/joinUrl is only allowed on an online location (online: 'Yes')`);
    } else if (l.arrivalNotes?.trim())
      details.push(`body/locations/${i}/arrivalNotes is only allowed on an in-person location (online: 'No')`);
    if (typeof l.capacity === 'number' && body.capacity !== null && l.capacity > body.capacity)
      details.push(
        `body/locations/${i}/capacity must not exceed the event's capacity (body/capacity, ${body.capacity})`,
      );
  });
  const kept = body.locations.map((l) => l.eventLocationId).filter((id) => id !== undefined);
  if (new Set(kept).size !== kept.length) details.push('body/locations must not repeat an eventLocationId');
  if (details.length) throw badRequest('The request is invalid', details);
}

/** The event's stored columns as create and edit both write them, so the two cannot trim differently. */
function eventColumns(body: EventInput) {
  return {
    communityId: body.communityId,
    title: body.title.trim(),
    description: body.description,
    imageUrl: body.imageUrl.trim(),
    // Left out of the body: the stored cover stays.
    ...(body.coverImageId !== undefined ? { coverImageId: body.coverImageId } : {}),
    startsAt: body.startsAt,
    endsAt: body.endsAt,
    timeZone: body.timeZone,
    capacity: body.capacity,
    // Left out of the body: the stored switches stay (on, for a new event).
    ...(body.reminders
      ? { remindDayBefore: body.reminders.dayBefore, remindHourBefore: body.reminders.hourBefore }
      : {}),
    // Left out of the body: the stored visibility stays (the community's, for a new event).
    ...(body.visibility !== undefined ? { visibility: body.visibility } : {}),
  };
}

/**
 * A location's stored columns. `capacity`, `joinUrl` and `arrivalNotes` left out of the body keep a
 * kept location's stored values (a form that never read the join link does not wipe it); null clears
 * them. A location that is not online never keeps a join link, an online one never arrival notes.
 */
function locationColumns(location: EventInput['locations'][number], position: number, kept: boolean) {
  const online = location.online === 'Yes';
  return {
    cityName: location.cityName.trim(),
    address: location.address?.trim() || null,
    online,
    position,
    ...(location.capacity !== undefined || !kept ? { capacity: location.capacity ?? null } : {}),
    ...(!online
      ? { joinUrl: null }
      : location.joinUrl !== undefined || !kept
        ? { joinUrl: location.joinUrl?.trim() || null }
        : {}),
    ...(online
      ? { arrivalNotes: null }
      : location.arrivalNotes !== undefined || !kept
        ? { arrivalNotes: location.arrivalNotes?.trim() || null }
        : {}),
  };
}

export function eventRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  async function detail(id: number, viewer: Viewer) {
    const row = await getEventDetailRow(db, id, viewer);
    if (!row) return undefined;
    return {
      ...presentEvent(row),
      waitingListCount: row.waitingListCount,
      waitingListEnabled: ctx.config.waitingList,
      cancelledAt: row.cancelled ? (row.cancelledAt?.toISOString() ?? null) : null,
      cancellationNote: row.cancelled ? row.cancellationNote : null,
      reminders: { dayBefore: row.remindDayBefore, hourBefore: row.remindHourBefore },
    };
  }

  // Keyed by viewer too (issue 28): what one may see another may not.
  const readEventDetail = ctx.readCache.define('eventDetail', ({ id, viewer }: { id: number; viewer: Viewer }) =>
    detail(id, viewer),
  );

  const readEventsPage = ctx.readCache.define('eventsPage', async (filter: EventListFilter) => {
    const rows = await listEvents(db, filter);
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && filter.page > 1) {
      // Past the last page: count separately so the client can still page back.
      const all = await listEvents(db, { ...filter, page: 1, pageSize: 1 });
      total = all[0]?.total ?? 0;
    }
    const items = rows.map(presentEvent);
    return { items, total, page: filter.page, pageSize: filter.pageSize };
  });

  async function eventCommunity(id: number): Promise<number> {
    const event = await db.selectFrom('event').select('communityId').where('id', '=', id).executeTakeFirst();
    if (!event) throw notFound('Event not found');
    return event.communityId;
  }

  /**
   * The community a new or moved event goes to: one that exists and is not archived (issue 27).
   * Answers its visibility, which a new event takes when the body names none (issue 28).
   */
  async function assertCommunityExists(communityId: number): Promise<Visibility> {
    const c = await db
      .selectFrom('community')
      .select(['id', 'archivedAt', 'visibility'])
      .where('id', '=', communityId)
      .executeTakeFirst();
    if (!c) throw badRequest('The request is invalid', ['body/communityId does not name an existing community']);
    if (c.archivedAt) throw conflict('This community is archived: an admin can restore it to hold events again');
    return c.visibility;
  }

  /** Issue 28: the visibility an edit leaves the event with must fit the community it ends up in. */
  async function assertVisibilityFits(eventId: number, body: EventInput): Promise<void> {
    const row = await db
      .selectFrom('event as e')
      .innerJoin('community as c', 'c.id', 'e.communityId')
      .select('e.visibility')
      .where('e.id', '=', eventId)
      .executeTakeFirst();
    const target = await db
      .selectFrom('community')
      .select('visibility')
      .where('id', '=', body.communityId)
      .executeTakeFirst();
    if (row && target) assertEventVisibilityAllowed(body.visibility ?? row.visibility, target.visibility);
  }

  app.get('/api/events', {
    config: { publicCache: true },
    schema: {
      tags: ['events'],
      summary: 'Events, upcoming (default, soonest first), past (latest first) or all; filters, text search, paging',
      description:
        'A cancelled event is never upcoming: it is listed under past (and all), flagged cancelled. format: online (every location online), inPerson (none online), hybrid (both).',
      querystring: EventListQuery,
      response: { 200: EventPage, ...errors(400) },
    },
    handler: async (request) => {
      const q = request.query;
      // Only the known fields, so that equal filters make equal cache keys.
      const filter: EventListFilter = {
        when: q.when ?? 'upcoming',
        communityId: q.communityId,
        countryId: q.countryId,
        communityBaseId: q.communityBaseId,
        format: q.format,
        q: q.q?.trim() || undefined,
        page: q.page ?? 1,
        pageSize: q.pageSize ?? 20,
        viewer: await viewerOfRequest(ctx, request),
      };
      return readEventsPage(filter);
    },
  });

  app.get('/api/events/:id', {
    config: { publicCache: true },
    schema: {
      tags: ['events'],
      summary: 'One event with its locations, seats taken and waiting list size',
      params: IdParams,
      response: { 200: EventDetail, ...errors(400, 404) },
    },
    handler: async (request) => {
      const viewer = await viewerOfRequest(ctx, request);
      // One who may not see it is answered exactly as if it did not exist (issue 28).
      const event = await readEventDetail({ id: request.params.id, viewer });
      if (!event) throw notFound('Event not found');
      // Anyone with the link may open an unlisted event, but no shared cache may keep it.
      if (event.visibility !== 'public' || event.communityVisibility !== 'public') keepFromSharedCaches(request);
      return event;
    },
  });

  app.post('/api/events', {
    schema: {
      tags: ['events'],
      summary: "Create an event (a core member of the event's community, or an admin)",
      security: [{ bearer: [] }],
      body: EventInput,
      response: { 201: EventDetail, ...errors(400, 401, 403, 409) },
    },
    handler: async (request, reply) => {
      const body = request.body;
      const user = await requireUser(ctx, request);
      const communityVisibility = await assertCommunityExists(body.communityId);
      await requireCommunityManager(ctx, request, body.communityId);
      checkEventInput(body);
      // A new event takes its community's visibility unless the body narrows it (issue 28).
      const visibility = body.visibility ?? communityVisibility;
      assertEventVisibilityAllowed(visibility, communityVisibility);
      await assertImageFits(db, body.coverImageId, 'coverImageId', {
        kind: 'event-cover',
        communityId: body.communityId,
      });
      const { id, news } = await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('event')
          .values({ ...eventColumns(body), visibility, createdBy: user.id })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('eventLocation')
          .values(body.locations.map((l, i) => ({ eventId: id, ...locationColumns(l, i, false) })))
          .execute();
        await auditEvent(ctx, request, trx, AuditAction.EventCreate, id);
        // Community news: the members who want it at once get a mail (mail/community-news-mail.ts).
        const news = await queueCommunityNews(trx, { id, communityId: body.communityId, createdBy: user.id });
        return { id, news };
      });
      if (news) ctx.mailJobs.wake();
      return reply.code(201).send((await detail(id, viewerOf(user)))!);
    },
  });

  app.put('/api/events/:id', {
    schema: {
      tags: ['events'],
      summary:
        "Edit an event (a core member of the event's community — and of the target community when moving it — or an admin)",
      description:
        'Locations carrying an eventLocationId of this event are kept (attendees keep their choice); others are added; missing ones are removed.',
      security: [{ bearer: [] }],
      params: IdParams,
      body: EventInput,
      response: { 200: EventDetail, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const id = request.params.id;
      const body = request.body;
      const user = await requireUser(ctx, request);
      const currentCommunity = await eventCommunity(id);
      await requireCommunityManager(ctx, request, currentCommunity);
      if (body.communityId !== currentCommunity) {
        await assertCommunityExists(body.communityId);
        await requireCommunityManager(ctx, request, body.communityId);
      }
      checkEventInput(body);
      await assertVisibilityFits(id, body);
      // The cover it has may stay when the event moves; a new one must be uploaded for its community.
      const storedCover = await db.selectFrom('event').select('coverImageId').where('id', '=', id).executeTakeFirst();
      if (body.coverImageId !== storedCover?.coverImageId)
        await assertImageFits(db, body.coverImageId, 'coverImageId', {
          kind: 'event-cover',
          communityId: body.communityId,
        });
      const { promoted, change } = await db.transaction().execute(async (trx) => {
        const event = await trx
          .selectFrom('event')
          .select(['attendeeCount', 'cancelled'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!event) throw notFound('Event not found');
        // What calendars and attendees saw before this edit (SEQUENCE and change mails).
        const before = (await readCalendarState(trx, id))!;
        if (event.cancelled) throw conflict('A cancelled event cannot be edited');
        if (body.capacity !== null && body.capacity < event.attendeeCount) {
          throw conflict(`The capacity cannot be lower than the number of attendees (${event.attendeeCount})`, [
            'body/capacity',
          ]);
        }
        const stored = new Map(
          (
            await trx
              .selectFrom('eventLocation')
              .select(['id', 'capacity', 'attendeeCount'])
              .where('eventId', '=', id)
              .execute()
          ).map((l) => [l.id, l]),
        );
        const foreign = body.locations
          .map((l, i) => [l.eventLocationId, i] as const)
          .filter(([lid]) => lid !== undefined && !stored.has(lid));
        if (foreign.length) {
          throw badRequest(
            'The request is invalid',
            foreign.map(([, i]) => `body/locations/${i}/eventLocationId is not a location of this event`),
          );
        }
        const tooSmall: string[] = [];
        const tooLarge: string[] = [];
        body.locations.forEach((l, i) => {
          const kept = l.eventLocationId === undefined ? undefined : stored.get(l.eventLocationId);
          const capacity = l.capacity === undefined ? (kept?.capacity ?? null) : l.capacity;
          if (capacity === null) return;
          if (kept && capacity < kept.attendeeCount)
            tooSmall.push(
              `body/locations/${i}/capacity cannot be lower than the number attending there (${kept.attendeeCount})`,
            );
          if (body.capacity !== null && capacity > body.capacity)
            tooLarge.push(
              `body/locations/${i}/capacity must not exceed the event's capacity (body/capacity, ${body.capacity})`,
            );
        });
        if (tooLarge.length) throw badRequest('The request is invalid', tooLarge);
        if (tooSmall.length)
          throw conflict('A location cannot hold fewer seats than the people already attending there', tooSmall);
        await auditEventUpdate(ctx, request, trx, id, body);
        await trx
          .updateTable('event')
          .set({ ...eventColumns(body), updatedAt: new Date() })
          .where('id', '=', id)
          .execute();
        const keep = body.locations.map((l) => l.eventLocationId).filter((l): l is number => l !== undefined);
        let removal = trx.deleteFrom('eventLocation').where('eventId', '=', id);
        if (keep.length) removal = removal.where('id', 'not in', keep);
        await removal.execute();
        for (const [i, l] of body.locations.entries()) {
          const values = locationColumns(l, i, l.eventLocationId !== undefined);
          if (l.eventLocationId !== undefined)
            await trx.updateTable('eventLocation').set(values).where('id', '=', l.eventLocationId).execute();
          else
            await trx
              .insertInto('eventLocation')
              .values({ ...values, eventId: id })
              .execute();
        }
        // A larger capacity (of the event or a location) frees seats for the waiting list; the
        // promotion mails are written with the seats.
        const promoted = await promoteWaitingList(trx, id);
        const change = await recordEventEdit(trx, id, before);
        // The change mails commit with the change (mail/event-change-mail.ts).
        if (change) await enqueueEventChangeMails(trx, id, change);
        return { promoted, change };
      });
      if (change || promoted.length) ctx.mailJobs.wake();
      return (await detail(id, viewerOf(user)))!;
    },
  });

  app.post('/api/events/:id/cancel', {
    schema: {
      tags: ['events'],
      summary:
        "Cancel an event (a core member of the event's community, or an admin); it stays listed, flagged cancelled",
      description:
        'An optional note (body `{ note }`, or no body) says why: the event page shows it with the time of the cancellation (cancelledAt), and the cancellation mail quotes it.',
      security: [{ bearer: [] }],
      params: IdParams,
      body: CancelEventInput,
      response: { 200: EventDetail, ...errors(400, 401, 403, 404, 409) },
    },
    // The note is optional, and clients from before it post no body at all.
    preValidation: emptyBodyAsObject,
    handler: async (request) => {
      const id = request.params.id;
      const note = request.body.note?.trim() || null;
      const user = await requireUser(ctx, request);
      await requireCommunityManager(ctx, request, await eventCommunity(id));
      const cancelled = await db.transaction().execute(async (trx) => {
        const now = new Date();
        const row = await trx
          .updateTable('event')
          .set({
            cancelled: true,
            cancelledAt: now,
            cancellationNote: note,
            updatedAt: now,
            sequence: sql`sequence + 1`,
          })
          .where('id', '=', id)
          .where('cancelled', '=', false)
          .returning('id')
          .executeTakeFirst();
        if (row) {
          await auditEvent(ctx, request, trx, AuditAction.EventCancel, id);
          await enqueueEventChangeMails(trx, id, { kind: 'cancelled', note });
        }
        return row;
      });
      if (!cancelled) throw conflict('This event is already cancelled');
      ctx.mailJobs.wake();
      return (await detail(id, viewerOf(user)))!;
    },
  });

  app.get('/api/events/:id/me', {
    schema: {
      tags: ['events'],
      summary:
        "The caller's own view of an event: attending or waiting (and where), waiting list position, whether they may manage it, and the join links",
      description:
        "joinLinks: for core members of the event's community and admins, every online location's link; for someone attending, the link of the place they chose (none for an in-person place); empty for everyone else.",
      security: [{ bearer: [] }],
      params: IdParams,
      response: { 200: EventViewerInfo, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const user = await requireUser(ctx, request);
      const eventId = request.params.id;
      const row = await db
        .selectFrom('event as e')
        .innerJoin('community as c', 'c.id', 'e.communityId')
        .leftJoin('eventAttendee as a', (join) => join.onRef('a.eventId', '=', 'e.id').on('a.userId', '=', user.id))
        .select([
          'e.communityId',
          'a.status',
          'a.eventLocationId',
          'a.shownInWhosGoing',
          sql<number | null>`case when a.status = 'waiting' then (
            select count(*)::int from event_attendee w
            where w.event_id = e.id and w.status = 'waiting' and w.seq <= a.seq) end`.as('waitingListPosition'),
          sql<{ eventLocationId: number; joinUrl: string }[]>`coalesce((
            select json_agg(json_build_object('eventLocationId', l.id, 'joinUrl', l.join_url) order by l.position, l.id)
            from event_location l where l.event_id = e.id and l.online and l.join_url is not null), '[]'::json)`.as(
            'joinLinks',
          ),
        ])
        .where('e.id', '=', eventId)
        .where(eventSeen(viewerOf(user)))
        .executeTakeFirst();
      if (!row) throw notFound('Event not found');
      const canManage = isAdmin(user) || isCoreMemberOf(user, row.communityId);
      const status: 'attending' | 'waiting' | 'none' = row.status ?? 'none';
      return {
        eventId,
        status,
        eventLocationId: row.eventLocationId ?? null,
        waitingListPosition: row.waitingListPosition,
        canManage,
        shownInWhosGoing: row.shownInWhosGoing ?? false,
        joinLinks: canManage
          ? row.joinLinks
          : // An attendee gets the link of the place they chose: an in-person seat carries none.
            status === 'attending'
            ? row.joinLinks.filter((l) => l.eventLocationId === row.eventLocationId)
            : [],
      };
    },
  });

  app.get('/api/events/:id/attendees', {
    schema: {
      tags: ['events'],
      summary: "Who attends or waits (a core member of the event's community, or an admin)",
      security: [{ bearer: [] }],
      params: IdParams,
      response: { 200: AttendeeList, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const id = request.params.id;
      await requireUser(ctx, request);
      await requireCommunityManager(ctx, request, await eventCommunity(id));
      return db
        .selectFrom('eventAttendee as a')
        .innerJoin('appUser as u', 'u.id', 'a.userId')
        .leftJoin('eventLocation as l', 'l.id', 'a.eventLocationId')
        .select(['u.id', 'u.firstName', 'u.lastName', 'u.email', 'a.status', 'a.eventLocationId', 'l.cityName'])
        .where('a.eventId', '=', id)
        .orderBy('a.status')
        .orderBy('a.seq')
        .execute();
    },
  });
}
