/** `GET api/user/events`: the events the caller attends or waits for, for My hub. */
import { errors } from '@hub/contract/common';
import { EventPage, MyEventsQuery } from '@hub/contract/events';
import { sql, type SqlBool } from 'kysely';
import { requireUser } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import type { App } from '../http/app-type.ts';
import { eventSummaryQuery, presentEvent } from '../services/event-queries.ts';
import { eventSeen, viewerOf } from '../services/visibility.ts';

export function userEventRoutes(app: App, ctx: AppContext): void {
  app.get('/api/user/events', {
    schema: {
      tags: ['user'],
      summary:
        'The events the caller attends or waits for: upcoming (default, soonest first) or past (latest first), paged',
      description:
        'Like the public list, a cancelled event is never upcoming: it is listed under past, flagged cancelled. Private to the caller (no-store).',
      security: [{ bearer: [] }],
      querystring: MyEventsQuery,
      response: { 200: EventPage, ...errors(400, 401, 403) },
    },
    handler: async (request) => {
      const user = await requireUser(ctx, request);
      const when = request.query.when ?? 'upcoming';
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? 20;
      const direction = when === 'past' ? 'desc' : 'asc';
      // Issue 28: their events as far as they may still see them (unlisted ones too: they had the link).
      const seen = eventSeen(viewerOf(user));
      const rows = await eventSummaryQuery(ctx.db)
        .select(sql<number>`(count(*) over ())::int`.as('total'))
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('eventAttendee as a')
              .select('a.eventId')
              .whereRef('a.eventId', '=', 'e.id')
              .where('a.userId', '=', user.id),
          ),
        )
        .where(seen)
        .where(
          when === 'past'
            ? sql<SqlBool>`(e.ends_at < now() or e.cancelled)`
            : sql<SqlBool>`e.ends_at >= now() and not e.cancelled`,
        )
        .orderBy('e.startsAt', direction)
        .orderBy('e.id', direction)
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && page > 1) {
        const count = await ctx.db
          .selectFrom('eventAttendee as a')
          .innerJoin('event as e', 'e.id', 'a.eventId')
          .innerJoin('community as c', 'c.id', 'e.communityId')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('a.userId', '=', user.id)
          .where(seen)
          .where(
            when === 'past'
              ? sql<SqlBool>`(e.ends_at < now() or e.cancelled)`
              : sql<SqlBool>`e.ends_at >= now() and not e.cancelled`,
          )
          .executeTakeFirstOrThrow();
        total = count.n;
      }
      return { items: rows.map(presentEvent), total, page, pageSize };
    },
  });
}
