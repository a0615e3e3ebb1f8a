/**
 * Core-member management of one community: its lead or an admin appoints and removes core members
 * and decides who leads. A core member can be appointed by e-mail before their first sign-in: the
 * account is pre-provisioned and mapped to their Firebase uid on first sync (sync code 3).
 */
import { errors, IdParams, NoContent } from '@hub/contract/common';
import {
  AppointCoreMemberInput,
  CoreMember,
  CoreMemberList,
  CoreMemberParams,
  LeadFlagInput,
} from '@hub/contract/core-members';
import { requireCommunityLead, requireCommunityManager, requireUser } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import { conflict, notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { sql } from 'kysely';
import { AuditAction } from '@hub/contract/audit';
import { auditCoreMember } from '../services/audit-log.ts';

export function coreMemberRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  async function assertCommunity(id: number): Promise<void> {
    if (!(await db.selectFrom('community').select('id').where('id', '=', id).executeTakeFirst()))
      throw notFound('Community not found');
  }

  function listQuery(communityId: number) {
    return db
      .selectFrom('communityCoreMember as cm')
      .innerJoin('appUser as u', 'u.id', 'cm.userId')
      .select([
        'u.id',
        'u.email',
        'u.firstName',
        'u.lastName',
        'cm.responsibleForCommunity',
        sql<boolean>`u.uid is null`.as('pending'),
      ])
      .where('cm.communityId', '=', communityId);
  }

  app.get('/api/community/:id/core-members', {
    schema: {
      tags: ['core members'],
      summary: 'Core members with e-mail addresses (core members of the community, or an admin)',
      security: [{ bearer: [] }],
      params: IdParams,
      response: { 200: CoreMemberList, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await requireUser(ctx, request);
      await assertCommunity(request.params.id);
      await requireCommunityManager(ctx, request, request.params.id);
      return listQuery(request.params.id)
        .orderBy('cm.responsibleForCommunity', 'desc')
        .orderBy('u.lastName')
        .orderBy('u.id')
        .execute();
    },
  });

  app.post('/api/community/:id/core-members', {
    schema: {
      tags: ['core members'],
      summary: 'Appoint a core member by e-mail (the lead, or an admin); also makes them a member',
      security: [{ bearer: [] }],
      params: IdParams,
      body: AppointCoreMemberInput,
      response: { 201: CoreMember, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const communityId = request.params.id;
      await requireUser(ctx, request);
      await assertCommunity(communityId);
      await requireCommunityLead(ctx, request, communityId);
      const email = request.body.email.trim().toLowerCase();
      const appointed = await db.transaction().execute(async (trx) => {
        // Pre-provision the account when the address is unknown; the first sign-in maps it.
        await trx
          .insertInto('appUser')
          .values({ email, uid: null, city: null, businessUnitId: null })
          .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
          .execute();
        const user = await trx
          .selectFrom('appUser')
          .select('id')
          .where(sql`lower(email)`, '=', email)
          .executeTakeFirstOrThrow();
        const seat = await trx
          .insertInto('communityCoreMember')
          .values({
            communityId,
            userId: user.id,
            responsibleForCommunity: request.body.responsibleForCommunity ?? false,
          })
          .onConflict((oc) => oc.columns(['communityId', 'userId']).doNothing())
          .returning('userId')
          .executeTakeFirst();
        if (!seat) return null;
        await trx
          .insertInto('communityMembership')
          .values({ communityId, userId: user.id })
          .onConflict((oc) => oc.columns(['communityId', 'userId']).doNothing())
          .execute();
        const lead = request.body.responsibleForCommunity ?? false;
        await auditCoreMember(ctx, request, trx, AuditAction.CoreMemberAppoint, communityId, user.id, lead);
        return user.id;
      });
      if (appointed === null) throw conflict('This person is already a core member of the community');
      const created = await listQuery(communityId).where('u.id', '=', appointed).executeTakeFirstOrThrow();
      return reply.code(201).send(created);
    },
  });

  app.put('/api/community/:id/core-members/:userId', {
    schema: {
      tags: ['core members'],
      summary: 'Make a core member the lead or not (the lead, or an admin)',
      security: [{ bearer: [] }],
      params: CoreMemberParams,
      body: LeadFlagInput,
      response: { 200: CoreMember, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const { id: communityId, userId } = request.params;
      await requireUser(ctx, request);
      await assertCommunity(communityId);
      await requireCommunityLead(ctx, request, communityId);
      const lead = request.body.responsibleForCommunity;
      const updated = await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('communityCoreMember')
          .select('responsibleForCommunity')
          .where('communityId', '=', communityId)
          .where('userId', '=', userId)
          .forUpdate()
          .executeTakeFirst();
        if (!before) return false;
        if (before.responsibleForCommunity === lead) return true; // nothing changes, nothing to record
        await trx
          .updateTable('communityCoreMember')
          .set({ responsibleForCommunity: lead })
          .where('communityId', '=', communityId)
          .where('userId', '=', userId)
          .execute();
        await auditCoreMember(ctx, request, trx, AuditAction.CoreMemberLead, communityId, userId, lead);
        return true;
      });
      if (!updated) throw notFound('This person is not a core member of the community');
      return listQuery(communityId).where('u.id', '=', userId).executeTakeFirstOrThrow();
    },
  });

  app.delete('/api/community/:id/core-members/:userId', {
    schema: {
      tags: ['core members'],
      summary: 'Remove a core member (the lead, or an admin); they stay a member',
      security: [{ bearer: [] }],
      params: CoreMemberParams,
      response: { 204: NoContent, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { id: communityId, userId } = request.params;
      await requireUser(ctx, request);
      await assertCommunity(communityId);
      await requireCommunityLead(ctx, request, communityId);
      const removed = await db.transaction().execute(async (trx) => {
        const seat = await trx
          .deleteFrom('communityCoreMember')
          .where('communityId', '=', communityId)
          .where('userId', '=', userId)
          .returning('responsibleForCommunity')
          .executeTakeFirst();
        if (seat)
          await auditCoreMember(
            ctx,
            request,
            trx,
            AuditAction.CoreMemberRemove,
            communityId,
            userId,
            seat.responsibleForCommunity,
          );
        return seat;
      });
      if (!removed) throw notFound('This person is not a core member of the community');
      return reply.code(204).send(null);
    },
  });
}
