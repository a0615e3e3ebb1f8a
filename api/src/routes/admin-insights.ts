/**
 * What admins read about the platform beyond its users: the audit log of privileged actions and the
 * figures over time of the admin dashboard. Admins only. Periods are UTC: weeks start on Monday.
 */
import { AuditLogPage, AuditLogQuery } from '@hub/contract/audit';
import { AdminTrends, AdminTrendsQuery } from '@hub/contract/admin';
import { errors } from '@hub/contract/common';
import { CommunityBaseId, Role } from '@hub/contract/enums';
import { sql } from 'kysely';
import { requireAdmin } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import type { App } from '../http/app-type.ts';

type AuditFilter = Omit<AuditLogQuery, 'pageSize'> & { pageSize: number };

export function adminInsightRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  /**
   * Newest first, read from the primary key or from a filter's index ending in id. The same for every
   * admin, so kept in the read cache on PGlite (any answered write, which is what adds rows, drops it).
   */
  const readAuditPage = ctx.readCache.define('auditLogPage', async (f: AuditFilter) => {
    const pageSize = f.pageSize;
    let q = db
      .selectFrom('auditLog as a')
      .leftJoin('appUser as u', 'u.id', 'a.actorUserId')
      .select([
        'a.id',
        'a.at',
        'a.action',
        'a.actorUserId',
        'a.targetType',
        'a.targetId',
        'a.summary',
        'a.details',
        'u.email',
        'u.firstName',
        'u.lastName',
      ]);
    if (f.action) q = q.where('a.action', '=', f.action);
    if (f.actorId) q = q.where('a.actorUserId', '=', f.actorId);
    if (f.targetType) q = q.where('a.targetType', '=', f.targetType);
    if (f.targetId) q = q.where('a.targetId', '=', f.targetId);
    if (f.from) q = q.where('a.at', '>=', new Date(f.from));
    if (f.to) q = q.where('a.at', '<', new Date(f.to));
    if (f.before) q = q.where('a.id', '<', f.before);
    // One row more than the page tells whether an older page exists, without counting the log.
    const rows = await q
      .orderBy('a.id', 'desc')
      .limit(pageSize + 1)
      .execute();
    const more = rows.length > pageSize;
    const page = rows.slice(0, pageSize);
    return {
      items: page.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        action: r.action as never,
        actorId: r.actorUserId,
        actor:
          r.actorUserId !== null && r.email !== null
            ? { id: r.actorUserId, email: r.email, firstName: r.firstName ?? '', lastName: r.lastName ?? '' }
            : null,
        targetType: r.targetType as never,
        targetId: r.targetId,
        summary: r.summary,
        details: r.details,
      })),
      nextCursor: more ? page[page.length - 1]!.id : null,
    };
  });

  app.get('/api/admin/audit-log', {
    schema: {
      tags: ['admin'],
      summary: 'The audit log of privileged actions, newest first, filterable; keyset paging by `before`',
      description:
        "Filters combine with AND. `from` is inclusive and `to` exclusive. Pass the answer's `nextCursor` as `before` for the next (older) page.",
      security: [{ bearer: [] }],
      querystring: AuditLogQuery,
      response: { 200: AuditLogPage, ...errors(400, 401, 403) },
    },
    handler: async (request) => {
      await requireAdmin(ctx, request);
      const f = request.query;
      if (f.from && f.to && Date.parse(f.to) <= Date.parse(f.from))
        throw badRequest('The request is invalid', ['querystring/to must be after querystring/from']);
      return readAuditPage({
        action: f.action,
        actorId: f.actorId,
        targetType: f.targetType,
        targetId: f.targetId,
        from: f.from,
        to: f.to,
        before: f.before,
        pageSize: f.pageSize ?? 20,
      });
    },
  });

  app.get('/api/admin/stats/trends', {
    schema: {
      tags: ['admin'],
      summary:
        'Figures over time for the admin dashboard: users by role, sign-ups per week, attendances and check-ins per month, check-in rate, most active communities',
      security: [{ bearer: [] }],
      querystring: AdminTrendsQuery,
      response: { 200: AdminTrends, ...errors(400, 401, 403) },
    },
    handler: async (request) => {
      await requireAdmin(ctx, request);
      const weeks = request.query.weeks ?? 12;
      const months = request.query.months ?? 12;
      const top = request.query.top ?? 5;

      const totals = (
        await sql<Record<string, number>>`
          select
            (select count(*)::int from app_user where uid is not null) as total,
            (select count(*)::int from app_user where uid is null and deleted_at is null) as pending,
            (select count(*)::int from user_role where role = ${sql.lit(Role.Admin)}) as admins,
            (select count(distinct user_id)::int from community_core_member) as core_members,
            (select count(*)::int from user_role where role = ${sql.lit(Role.Capgemini)}) as capgemini,
            (select count(*)::int from user_role where role = ${sql.lit(Role.External)}) as external,
            (select count(*)::int from community where community_base_id = ${sql.lit(CommunityBaseId.Community)}) as communities,
            (select count(*)::int from community where community_base_id = ${sql.lit(CommunityBaseId.Network)}) as networks,
            (select count(*)::int from community_membership) as memberships,
            (select count(*)::int from event where ends_at >= now() and not cancelled) as upcoming,
            (select count(*)::int from event where ends_at < now() and not cancelled) as past,
            (select count(*)::int from event where cancelled) as cancelled,
            (select count(*)::int from event_attendee a join event e on e.id = a.event_id
              where a.status = 'attending' and e.ends_at < now() and not e.cancelled) as attended,
            (select count(*)::int from event_attendee a join event e on e.id = a.event_id
              where a.status = 'attending' and a.checked_in_at is not null and e.ends_at < now() and not e.cancelled) as checked_in
        `.execute(db)
      ).rows[0]!;

      // A sign-up is an account that has signed in, counted in the week it was created.
      const signUps = (
        await sql<{ start: string; count: number }>`
          with w as (
            select generate_series(
              date_trunc('week', now() at time zone 'utc') - ${sql.lit(weeks - 1)} * interval '1 week',
              date_trunc('week', now() at time zone 'utc'),
              interval '1 week') as start
          ), u as (
            select date_trunc('week', created_at at time zone 'utc') as start, count(*)::int as n
            from app_user
            where uid is not null
              and created_at >= (date_trunc('week', now() at time zone 'utc') - ${sql.lit(weeks - 1)} * interval '1 week') at time zone 'utc'
            group by 1
          )
          select to_char(w.start, 'YYYY-MM-DD') as start, coalesce(u.n, 0)::int as count
          from w left join u on u.start = w.start
          order by w.start
        `.execute(db)
      ).rows;

      // The last `months` months up to this one, and the next three (registrations already made).
      const perMonth = (
        await sql<{ start: string; attendances: number; checkedIn: number; events: number }>`
          with m as (
            select generate_series(
              date_trunc('month', now() at time zone 'utc') - ${sql.lit(months - 1)} * interval '1 month',
              date_trunc('month', now() at time zone 'utc') + interval '3 months',
              interval '1 month') as start
          ), e as (
            select date_trunc('month', ev.starts_at at time zone 'utc') as start, ev.id
            from event ev
            where not ev.cancelled
              and ev.starts_at >= (date_trunc('month', now() at time zone 'utc') - ${sql.lit(months - 1)} * interval '1 month') at time zone 'utc'
              and ev.starts_at < (date_trunc('month', now() at time zone 'utc') + interval '4 months') at time zone 'utc'
          ), agg as (
            select e.start,
              count(distinct e.id)::int as events,
              (count(a.user_id) filter (where a.status = 'attending'))::int as attendances,
              (count(a.user_id) filter (where a.status = 'attending' and a.checked_in_at is not null))::int as checked_in
            from e left join event_attendee a on a.event_id = e.id
            group by e.start
          )
          select to_char(m.start, 'YYYY-MM-DD') as start,
            coalesce(agg.attendances, 0)::int as attendances,
            coalesce(agg.checked_in, 0)::int as checked_in,
            coalesce(agg.events, 0)::int as events
          from m left join agg on agg.start = m.start
          order by m.start
        `.execute(db)
      ).rows;

      const active = (
        await sql<{
          communityId: number;
          name: string;
          communityBaseId: number;
          events: number;
          attendances: number;
          checkedIn: number;
          members: number;
        }>`
          select c.id as community_id, c.name, c.community_base_id,
            count(distinct e.id)::int as events,
            (count(a.user_id) filter (where a.status = 'attending'))::int as attendances,
            (count(a.user_id) filter (where a.status = 'attending' and a.checked_in_at is not null))::int as checked_in,
            (select count(*)::int from community_membership cm where cm.community_id = c.id) as members
          from community c
          join event e on e.community_id = c.id and not e.cancelled and e.starts_at >= now() - interval '12 months'
          left join event_attendee a on a.event_id = e.id
          group by c.id, c.name, c.community_base_id
          order by attendances desc, events desc, c.name, c.id
          limit ${top}
        `.execute(db)
      ).rows;

      return {
        generatedAt: new Date().toISOString(),
        usersByRole: {
          admins: totals.admins!,
          coreMembers: totals.coreMembers!,
          capgemini: totals.capgemini!,
          external: totals.external!,
          pending: totals.pending!,
          total: totals.total!,
        },
        signUpsPerWeek: signUps,
        communities: totals.communities!,
        networks: totals.networks!,
        memberships: totals.memberships!,
        events: { upcoming: totals.upcoming!, past: totals.past!, cancelled: totals.cancelled! },
        attendancesPerMonth: perMonth,
        checkInRate: {
          attended: totals.attended!,
          checkedIn: totals.checkedIn!,
          rate: totals.attended ? Math.round((totals.checkedIn! / totals.attended) * 1000) / 1000 : null,
        },
        mostActiveCommunities: active,
      };
    },
  });
}
