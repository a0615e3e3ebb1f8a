/**
 * The manage area: a core member's communities (every community for an admin) with their events'
 * attendance, one event's attendee list with registration and check-in times, and check-in at the
 * door. Readers and check-in staff are the same people: core members of the event's community and
 * admins, so the attendee list always carries e-mails (SPEC §6: nobody else reads it).
 */
import { errors, IdParams } from '@hub/contract/common';
import {
  CheckInAnswer,
  CheckInParams,
  ManagedAttendeeList,
  ManagedCommunitiesQuery,
  ManagedCommunityPage,
  ManagedEventPage,
  ManagedEventsQuery,
} from '@hub/contract/manage';
import { sql, type Kysely, type Transaction } from 'kysely';
import { isAdmin, requireCommunityManager, requireUser } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { auditCheckIn } from '../services/audit-log.ts';
import { eventFiledUnder, PAST_EVENT, UPCOMING_EVENT } from '../services/event-state-sql.ts';

type Db = Kysely<Database> | Transaction<Database>;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An event's attendance figures, as every manage answer shows them. */
function managedEventColumns() {
  return [
    'e.id',
    'e.title',
    'e.startsAt',
    'e.endsAt',
    'e.cancelled',
    'e.capacity',
    'e.attendeeCount as attending',
    sql<number>`(select count(*)::int from event_attendee w where w.event_id = e.id and w.status = 'waiting')`.as(
      'waiting',
    ),
    sql<number>`(select count(*)::int from event_attendee c where c.event_id = e.id and c.status = 'attending' and c.checked_in_at is not null)`.as(
      'checkedIn',
    ),
  ] as const;
}

interface ManagedEventRow {
  id: number;
  title: string;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
  capacity: number | null;
  attending: number;
  waiting: number;
  checkedIn: number;
}

function presentManagedEvent(r: ManagedEventRow) {
  return {
    id: r.id,
    title: r.title,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    cancelled: r.cancelled,
    capacity: r.capacity,
    attending: r.attending,
    waiting: r.waiting,
    checkedIn: r.checkedIn,
  };
}

/** The first `limit` upcoming (soonest first) or past (latest first) events of each community. */
async function eventsPerCommunity(db: Db, communityIds: number[], when: 'upcoming' | 'past', limit: number) {
  const byCommunity = new Map<number, ReturnType<typeof presentManagedEvent>[]>();
  if (limit === 0 || communityIds.length === 0) return byCommunity;
  const upcoming = when === 'upcoming';
  const rows = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('event as e')
        .select([
          ...managedEventColumns(),
          'e.communityId',
          sql<number>`row_number() over (partition by e.community_id order by ${
            upcoming ? sql`e.starts_at, e.id` : sql`e.starts_at desc, e.id desc`
          })`.as('rank'),
        ])
        .where('e.communityId', 'in', communityIds)
        .where(eventFiledUnder(when))
        .as('ranked'),
    )
    .selectAll()
    .where('ranked.rank', '<=', limit)
    .orderBy('ranked.communityId')
    .orderBy('ranked.rank')
    .execute();
  for (const r of rows) {
    const list = byCommunity.get(r.communityId) ?? [];
    list.push(presentManagedEvent(r));
    byCommunity.set(r.communityId, list);
  }
  return byCommunity;
}

async function attendeeCounts(db: Db, eventId: number) {
  return db
    .selectFrom('eventAttendee')
    .select([
      sql<number>`(count(*) filter (where status = 'attending'))::int`.as('attending'),
      sql<number>`(count(*) filter (where status = 'attending' and checked_in_at is not null))::int`.as('checkedIn'),
    ])
    .where('eventId', '=', eventId)
    .executeTakeFirstOrThrow();
}

export function manageRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  async function eventCommunity(id: number): Promise<number> {
    const event = await db.selectFrom('event').select('communityId').where('id', '=', id).executeTakeFirst();
    if (!event) throw notFound('Event not found');
    return event.communityId;
  }

  app.get('/api/manage/communities', {
    schema: {
      tags: ['manage'],
      summary:
        "The communities the caller manages (core-member seats, lead first; every community for an admin) with each one's upcoming and past events and their attendance",
      security: [{ bearer: [] }],
      querystring: ManagedCommunitiesQuery,
      response: { 200: ManagedCommunityPage, ...errors(400, 401, 403) },
    },
    handler: async (request) => {
      const user = await requireUser(ctx, request);
      const admin = isAdmin(user);
      const seats = new Map(user.coreSeats.map((s) => [s.communityId, s.responsibleForCommunity]));
      if (!admin && seats.size === 0) throw forbidden('Core member access required');
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? 20;
      const seatIds = [...seats.keys()];
      const leadIds = seatIds.filter((id) => seats.get(id));
      // Seats first, lead seats before them (PostgreSQL refuses a constant ORDER BY, hence only when any).
      const first = (ids: number[]) => sql<boolean>`c.id in (${sql.join(ids)})`;
      let q = db
        .selectFrom('community as c')
        .innerJoin('country as co', 'co.id', 'c.countryId')
        .select([
          'c.id',
          'c.name',
          'c.communityBaseId',
          'co.name as countryName',
          sql<number>`(count(*) over ())::int`.as('total'),
          sql<number>`(select count(*)::int from event e where e.community_id = c.id and ${UPCOMING_EVENT})`.as(
            'upcomingEventCount',
          ),
          sql<number>`(select count(*)::int from event e where e.community_id = c.id and ${PAST_EVENT})`.as(
            'pastEventCount',
          ),
        ]);
      if (!admin) q = q.where('c.id', 'in', seatIds);
      const text = request.query.q?.trim();
      if (text) q = q.where('c.name', 'ilike', likePattern(text));
      if (seatIds.length) q = q.orderBy(first(seatIds), 'desc');
      if (leadIds.length) q = q.orderBy(first(leadIds), 'desc');
      const rows = await q
        .orderBy('c.name')
        .orderBy('c.id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      const ids = rows.map((r) => r.id);
      const upcoming = await eventsPerCommunity(db, ids, 'upcoming', request.query.upcomingLimit ?? 10);
      const past = await eventsPerCommunity(db, ids, 'past', request.query.pastLimit ?? 5);
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && page > 1) {
        // Past the last page: still say how many there are, so the screen can page back.
        let count = db.selectFrom('community as c').select(sql<number>`count(*)::int`.as('n'));
        if (!admin) count = count.where('c.id', 'in', seatIds);
        if (text) count = count.where('c.name', 'ilike', likePattern(text));
        total = (await count.executeTakeFirstOrThrow()).n;
      }
      return {
        items: rows.map(({ total: _t, ...r }) => ({
          ...r,
          coreMember: seats.has(r.id),
          lead: seats.get(r.id) === true,
          canManageCoreMembers: admin || seats.get(r.id) === true,
          upcomingEvents: upcoming.get(r.id) ?? [],
          pastEvents: past.get(r.id) ?? [],
        })),
        total,
        page,
        pageSize,
      };
    },
  });

  app.get('/api/manage/communities/:id/events', {
    schema: {
      tags: ['manage'],
      summary: "All of one community's upcoming (soonest first) or past (latest first) events with attendance, paged",
      security: [{ bearer: [] }],
      params: IdParams,
      querystring: ManagedEventsQuery,
      response: { 200: ManagedEventPage, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const communityId = request.params.id;
      await requireUser(ctx, request);
      if (!(await db.selectFrom('community').select('id').where('id', '=', communityId).executeTakeFirst()))
        throw notFound('Community not found');
      await requireCommunityManager(ctx, request, communityId);
      const upcoming = (request.query.when ?? 'upcoming') === 'upcoming';
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? 20;
      const base = db
        .selectFrom('event as e')
        .where('e.communityId', '=', communityId)
        .where(eventFiledUnder(upcoming ? 'upcoming' : 'past'));
      const rows = await base
        .select(managedEventColumns())
        .orderBy('e.startsAt', upcoming ? 'asc' : 'desc')
        .orderBy('e.id', upcoming ? 'asc' : 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      const { n } = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      return { items: rows.map(presentManagedEvent), total: n, page, pageSize };
    },
  });

  app.get('/api/manage/events/:id/attendees', {
    schema: {
      tags: ['manage'],
      summary:
        "An event's attendees with e-mail, chosen location, registration and check-in times (a core member of the event's community, or an admin)",
      security: [{ bearer: [] }],
      params: IdParams,
      response: { 200: ManagedAttendeeList, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const id = request.params.id;
      await requireUser(ctx, request);
      await requireCommunityManager(ctx, request, await eventCommunity(id));
      const event = await db
        .selectFrom('event as e')
        .innerJoin('community as c', 'c.id', 'e.communityId')
        .select([...managedEventColumns(), 'e.communityId', 'c.name as communityName'])
        .where('e.id', '=', id)
        .executeTakeFirst();
      if (!event) throw notFound('Event not found');
      const rows = await db
        .selectFrom('eventAttendee as a')
        .innerJoin('appUser as u', 'u.id', 'a.userId')
        .leftJoin('eventLocation as l', 'l.id', 'a.eventLocationId')
        .select([
          'u.id as userId',
          'u.firstName',
          'u.lastName',
          'u.email',
          'a.status',
          'a.eventLocationId',
          'l.cityName',
          sql<boolean>`coalesce(l.online, a.event_location_id is null)`.as('online'),
          'a.createdAt as registeredAt',
          'a.checkedInAt',
        ])
        .where('a.eventId', '=', id)
        .orderBy('a.status')
        .orderBy('a.seq')
        .execute();
      return {
        event: {
          ...presentManagedEvent(event),
          communityId: event.communityId,
          communityName: event.communityName,
        },
        items: rows.map((r) => ({
          ...r,
          registeredAt: r.registeredAt.toISOString(),
          checkedInAt: r.checkedInAt?.toISOString() ?? null,
        })),
      };
    },
  });

  /** Sets or clears one attendee's check-in; the event row is locked so the count answered is exact. */
  async function setCheckIn(request: Parameters<typeof requireUser>[1], params: CheckInParams, present: boolean) {
    const { id: eventId, userId } = params;
    await requireUser(ctx, request);
    await requireCommunityManager(ctx, request, await eventCommunity(eventId));
    return db.transaction().execute(async (trx) => {
      const event = await trx
        .selectFrom('event')
        .select('cancelled')
        .where('id', '=', eventId)
        .forUpdate()
        .executeTakeFirst();
      if (!event) throw notFound('Event not found');
      const registration = await trx
        .selectFrom('eventAttendee')
        .select(['status', 'checkedInAt'])
        .where('eventId', '=', eventId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      if (!registration) throw notFound('This person is not registered for this event');
      let checkedInAt = registration.checkedInAt;
      if (present && checkedInAt === null) {
        if (event.cancelled) throw conflict('This event has been cancelled: nobody can be checked in');
        if (registration.status !== 'attending')
          throw conflict('This person is on the waiting list: only attendees holding a seat can be checked in');
        const row = await trx
          .updateTable('eventAttendee')
          .set({ checkedInAt: sql<Date>`now()` })
          .where('eventId', '=', eventId)
          .where('userId', '=', userId)
          .returning('checkedInAt')
          .executeTakeFirstOrThrow();
        checkedInAt = row.checkedInAt;
        await auditCheckIn(ctx, request, trx, eventId, userId, true);
      } else if (!present && checkedInAt !== null) {
        await trx
          .updateTable('eventAttendee')
          .set({ checkedInAt: null })
          .where('eventId', '=', eventId)
          .where('userId', '=', userId)
          .execute();
        checkedInAt = null;
        await auditCheckIn(ctx, request, trx, eventId, userId, false);
      }
      const counts = await attendeeCounts(trx, eventId);
      return { eventId, userId, checkedInAt: checkedInAt?.toISOString() ?? null, ...counts };
    });
  }

  app.put('/api/events/:id/attendees/:userId/check-in', {
    schema: {
      tags: ['manage'],
      summary: "Check an attendee in (a core member of the event's community, or an admin); idempotent",
      description:
        'Checking in again keeps the first time. Only attendees holding a seat can be checked in (409 on the waiting list or for a cancelled event).',
      security: [{ bearer: [] }],
      params: CheckInParams,
      response: { 200: CheckInAnswer, ...errors(400, 401, 403, 404, 409) },
    },
    handler: (request) => setCheckIn(request, request.params, true),
  });

  app.delete('/api/events/:id/attendees/:userId/check-in', {
    schema: {
      tags: ['manage'],
      summary: "Undo an attendee's check-in (a core member of the event's community, or an admin); idempotent",
      security: [{ bearer: [] }],
      params: CheckInParams,
      response: { 200: CheckInAnswer, ...errors(400, 401, 403, 404) },
    },
    handler: (request) => setCheckIn(request, request.params, false),
  });
}
