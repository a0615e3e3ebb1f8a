/** Administration: users with search and paging, role changes, dashboard counts. Admins only. */
import { AdminStats, AdminUserPage, AdminUser, AdminUsersQuery, RolesInput } from '@hub/contract/admin';
import { errors, IdParams } from '@hub/contract/common';
import { CommunityBaseId, Role } from '@hub/contract/enums';
import { sql } from 'kysely';
import { requireAdmin } from '../auth/caller.ts';
import { effectiveRoles } from '../auth/roles.ts';
import type { AppContext } from '../context.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { auditRolesChange } from '../services/audit-log.ts';
import { userRows, usersPage, usersTotal, type UsersFilter } from '../services/admin-users.ts';

export function adminRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  const present = <T extends { storedRoles: number[]; coreMember: boolean }>(r: T) => {
    const { storedRoles, coreMember, ...rest } = r;
    return { ...rest, roles: effectiveRoles(storedRoles.map(Number), coreMember) };
  };

  /**
   * One page and the total (services/admin-users.ts): the page stops after its rows, where a window
   * count would read and sort every matching user first. Kept in the read cache on
   * PGlite (any answered write drops it), as the catalogue reads are: it is the same for every admin.
   */
  const readUsersPage = ctx.readCache.define('adminUsersPage', async (f: UsersFilter) => {
    const rows = await usersPage(db, f).execute();
    const total = rows[0]?.total ?? (await usersTotal(db, f).executeTakeFirstOrThrow()).total;
    return { items: rows.map(({ total: _, ...r }) => present(r)), total, page: f.page, pageSize: f.pageSize };
  });

  app.get('/api/admin/users', {
    schema: {
      tags: ['admin'],
      summary: 'Users, searched by name or e-mail, sorted by name or e-mail, paged',
      security: [{ bearer: [] }],
      querystring: AdminUsersQuery,
      response: { 200: AdminUserPage, ...errors(400, 401, 403) },
    },
    handler: async (request) => {
      await requireAdmin(ctx, request);
      return readUsersPage({
        q: request.query.q?.trim() || undefined,
        role: request.query.role,
        sort: request.query.sort ?? 'name',
        order: request.query.order ?? 'asc',
        page: request.query.page ?? 1,
        pageSize: request.query.pageSize ?? 20,
      });
    },
  });

  app.put('/api/admin/users/:id/roles', {
    schema: {
      tags: ['admin'],
      summary: "Set a user's stored roles: Admin (0) optional, exactly one of Capgemini (2) and External (3)",
      description:
        'CoreMember (1) follows from core-member seats and cannot be set here. An admin cannot remove their own Admin role (409).',
      security: [{ bearer: [] }],
      params: IdParams,
      body: RolesInput,
      response: { 200: AdminUser, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const admin = await requireAdmin(ctx, request);
      const roles = request.body.roles;
      const details: string[] = [];
      if (roles.some((r) => r === Role.CoreMember || r === Role.Anonymous))
        details.push('body/roles may only contain 0 (Admin), 2 (Capgemini) and 3 (External)');
      if (roles.filter((r) => r === Role.Capgemini || r === Role.External).length !== 1)
        details.push('body/roles must contain exactly one of 2 (Capgemini) and 3 (External)');
      if (details.length) throw badRequest('The request is invalid', details);
      const id = request.params.id;
      if (id === admin.id && !roles.includes(Role.Admin)) throw conflict('You cannot remove your own admin role');
      await db.transaction().execute(async (trx) => {
        const user = await trx.selectFrom('appUser').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
        if (!user) throw notFound('User not found');
        const before = (
          await trx.selectFrom('userRole').select('role').where('userId', '=', id).orderBy('role').execute()
        ).map((r) => r.role);
        await trx.deleteFrom('userRole').where('userId', '=', id).execute();
        await trx
          .insertInto('userRole')
          .values(roles.map((role) => ({ userId: id, role })))
          .execute();
        const after = [...roles].sort((a, b) => a - b);
        if (before.join() !== after.join()) await auditRolesChange(ctx, request, trx, id, before, after);
      });
      const row = await userRows(db).where('u.id', '=', id).executeTakeFirstOrThrow();
      return present(row);
    },
  });

  app.get('/api/admin/stats', {
    schema: {
      tags: ['admin'],
      summary: 'Counts for the admin dashboard',
      security: [{ bearer: [] }],
      response: { 200: AdminStats, ...errors(401, 403) },
    },
    handler: async (request) => {
      await requireAdmin(ctx, request);
      const { rows } = await sql<Record<string, number>>`
        select
          (select count(*)::int from app_user where uid is not null) as users,
          (select count(*)::int from user_role where role = ${sql.lit(Role.Admin)}) as admins,
          (select count(*)::int from user_role where role = ${sql.lit(Role.Capgemini)}) as capgemini_staff,
          (select count(*)::int from user_role where role = ${sql.lit(Role.External)}) as externals,
          (select count(*)::int from app_user where uid is null and deleted_at is null) as pending_users,
          (select count(*)::int from community where community_base_id = ${sql.lit(CommunityBaseId.Community)}) as communities,
          (select count(*)::int from community where community_base_id = ${sql.lit(CommunityBaseId.Network)}) as networks,
          (select count(*)::int from community_membership) as memberships,
          (select count(*)::int from event where ends_at >= now() and not cancelled) as upcoming_events,
          (select count(*)::int from event where ends_at < now() and not cancelled) as past_events,
          (select count(*)::int from event where cancelled) as cancelled_events,
          (select count(*)::int from event_attendee where status = 'attending') as attendances
      `.execute(db);
      return rows[0] as Record<string, number> as never;
    },
  });
}
