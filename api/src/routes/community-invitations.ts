/**
 * Issue 28, members-only communities: joining by an invitation link or by a request.
 *
 * A core member (or admin) of a members-only community makes its link (`POST
 * api/community/{id}/invitation`, shown once: the secret is kept as its hash, auth/secret-token.ts)
 * and chooses what it does: `request` asks the core members, `join` joins at once. A new link stops
 * the old one at once; so does `DELETE`. A signed-in person with the link reads the community's face
 * (`GET api/community-invitations/{token}`) and uses it (`POST`). An unknown, replaced or stopped
 * link, and the link of a community no longer members-only, answer one and the same 404: without a
 * valid link a members-only community stays as unseen as one that does not exist.
 *
 * The core members list the pending requests (`GET api/community/{id}/join-requests`) and approve
 * or decline each; the person gets a mail either way, and every core member who wants them a mail
 * of each new request (mail/join-request-mail.ts). Every change is audited. The link's reads and
 * uses are rate-limited per person (HUB_INVITATION_RATE_MAX per HUB_INVITATION_RATE_WINDOW_MS).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { AuditAction } from '@hub/contract/audit';
import { errors, IdParams } from '@hub/contract/common';
import {
  Invitation,
  InvitationAnswer,
  InvitationInput,
  InvitationParams,
  InvitationStatus,
  InvitationView,
  JoinRequestDecision,
  JoinRequestParams,
  PendingJoinRequestList,
  type InvitedCommunity,
  type MyJoinRequest,
} from '@hub/contract/community-invitations';
import { requireCommunityManager, requireUser } from '../auth/caller.ts';
import { newSecretToken, SECRET_TOKEN_FORMAT, secretTokenHash } from '../auth/secret-token.ts';
import type { AppContext } from '../context.ts';
import { conflict, HttpError, notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { ASK_AGAIN_DAYS, enqueueJoinRequestAnswer, queueJoinRequestNotices } from '../mail/join-request-mail.ts';
import { auditInvitation, auditJoin } from '../services/audit-log.ts';
import { getCommunityDetail } from '../services/community-queries.ts';
import { communitySeen, RECIPIENTS_CHOSEN, viewerOf } from '../services/visibility.ts';

/** Every link that does not work answers this, whatever the reason. */
export const INVITATION_404 = 'This invitation link does not work: it may have been replaced by a newer one';
const ARCHIVED = 'This community is archived: it takes no new members';
const DAY_MS = 86_400_000;

const iso = (value: Date | string) => new Date(value).toISOString();

export function communityInvitationRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  const limit = ctx.config.invitationRateLimit;
  const perPerson = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: async (request) => `invitation:user:${(await requireUser(ctx, request)).id}`,
  });

  /** Signed in, and one of the person's reads or uses of a link this window (429 past the limit). */
  async function takeLinkSlot(request: FastifyRequest, reply: FastifyReply): Promise<number> {
    const user = await requireUser(ctx, request);
    const result = await perPerson(request);
    if (!result.isAllowed && result.isExceeded) {
      void reply.header('retry-after', String(result.ttlInSeconds));
      throw new HttpError(429, 'Too many invitation links opened: try again later', [
        `Retry in ${result.ttlInSeconds} s`,
      ]);
    }
    return user.id;
  }

  /** The live link of a members-only community, or the one 404. */
  async function invitationOf(token: string) {
    const found = SECRET_TOKEN_FORMAT.test(token)
      ? await db
          .selectFrom('communityInvitation as i')
          .innerJoin('community as c', 'c.id', 'i.communityId')
          .select(['i.communityId', 'i.mode', 'c.archivedAt'])
          .where('i.tokenHash', '=', secretTokenHash(token))
          .where('c.visibility', '=', 'members')
          .executeTakeFirst()
      : undefined;
    if (!found) throw notFound(INVITATION_404);
    return found;
  }

  /**
   * A community its caller manages: 404 to one who may not see it (as a missing one), 403 to one who
   * sees it but is not its core member or an admin.
   */
  async function managedCommunity(request: FastifyRequest, id: number) {
    const user = await requireUser(ctx, request);
    const community = await db
      .selectFrom('community as c')
      .select(['c.visibility', 'c.archivedAt'])
      .where('c.id', '=', id)
      .where(communitySeen(viewerOf(user)))
      .executeTakeFirst();
    if (!community) throw notFound('Community not found');
    await requireCommunityManager(ctx, request, id);
    return community;
  }

  async function isMember(communityId: number, userId: number): Promise<boolean> {
    const row = await db
      .selectFrom('communityMembership')
      .select('userId')
      .where('communityId', '=', communityId)
      .where('userId', '=', userId)
      .unionAll(
        db
          .selectFrom('communityCoreMember')
          .select('userId')
          .where('communityId', '=', communityId)
          .where('userId', '=', userId),
      )
      .executeTakeFirst();
    return !!row;
  }

  async function myRequest(communityId: number, userId: number): Promise<MyJoinRequest | null> {
    const row = await db
      .selectFrom('communityJoinRequest')
      .select(['status', 'askedAt', 'decidedAt'])
      .where('communityId', '=', communityId)
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    const againAt = row.status === 'declined' && row.decidedAt ? row.decidedAt.getTime() + ASK_AGAIN_DAYS * DAY_MS : 0;
    return {
      status: row.status,
      askedAt: iso(row.askedAt),
      decidedAt: row.decidedAt ? iso(row.decidedAt) : null,
      canAskAgainAt: againAt > Date.now() ? new Date(againAt).toISOString() : null,
    };
  }

  app.get('/api/community/:id/invitation', {
    schema: {
      tags: ['communities'],
      summary: 'Whether a community has a live invitation link, what it does and since when (its core members, admins)',
      security: [{ bearer: [] }],
      params: IdParams,
      response: { 200: InvitationStatus, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await managedCommunity(request, request.params.id);
      const link = await db
        .selectFrom('communityInvitation')
        .select(['mode', 'createdAt'])
        .where('communityId', '=', request.params.id)
        .executeTakeFirst();
      return { active: !!link, mode: link?.mode ?? null, createdAt: link ? iso(link.createdAt) : null };
    },
  });

  app.post('/api/community/:id/invitation', {
    schema: {
      tags: ['communities'],
      summary:
        'A new invitation link to a members-only community, its secret shown this once: any earlier link stops working at once (audited)',
      description:
        'mode request: opening the link asks the core members; join: it joins at once. Changing the mode makes a new link, so a link already shared never gains more than it had. 409 for a community that is not members-only, or archived.',
      security: [{ bearer: [] }],
      params: IdParams,
      body: InvitationInput,
      response: { 200: Invitation, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const id = request.params.id;
      const community = await managedCommunity(request, id);
      if (community.visibility !== 'members')
        throw conflict(
          'Only a members-only community has an invitation link: anyone who may see this one can join it from its page',
        );
      if (community.archivedAt) throw conflict(ARCHIVED);
      const token = newSecretToken();
      const { mode } = request.body;
      const createdAt = new Date();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('communityInvitation')
          .values({ communityId: id, tokenHash: secretTokenHash(token), mode, createdAt })
          .onConflict((oc) =>
            oc.column('communityId').doUpdateSet({ tokenHash: secretTokenHash(token), mode, createdAt }),
          )
          .execute();
        await auditInvitation(ctx, request, trx, id, { made: true, mode });
      });
      return { token, mode, createdAt: createdAt.toISOString() };
    },
  });

  app.delete('/api/community/:id/invitation', {
    schema: {
      tags: ['communities'],
      summary: "Stop a community's invitation link at once (audited when there was one)",
      security: [{ bearer: [] }],
      params: IdParams,
      response: { 200: InvitationStatus, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const id = request.params.id;
      await managedCommunity(request, id);
      await db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('communityInvitation')
          .where('communityId', '=', id)
          .returning('communityId')
          .executeTakeFirst();
        if (removed) await auditInvitation(ctx, request, trx, id, { made: false });
      });
      return { active: false, mode: null, createdAt: null };
    },
  });

  app.get('/api/community-invitations/:token', {
    schema: {
      tags: ['communities'],
      summary: "A members-only community's face as its invitation link shows it, and where the caller stands",
      description: `404 for a link that does not work, whatever the reason (unknown, replaced, stopped, or the community no longer members-only); 429 past HUB_INVITATION_RATE_MAX per person and window.`,
      security: [{ bearer: [] }],
      params: InvitationParams,
      response: { 200: InvitationView, ...errors(400, 401, 403, 404, 429) },
    },
    handler: async (request, reply) => {
      const userId = await takeLinkSlot(request, reply);
      const link = await invitationOf(request.params.token);
      const detail = await getCommunityDetail(db, link.communityId, RECIPIENTS_CHOSEN);
      if (!detail) throw notFound(INVITATION_404);
      const community: InvitedCommunity = {
        id: detail.id,
        name: detail.name,
        description: detail.description,
        imageUrl: detail.imageUrl,
        logo: detail.logo ?? null,
        cover: detail.cover ?? null,
        countryName: detail.countryName,
        communityBaseId: detail.communityBaseId,
        memberCount: detail.memberCount,
        visibility: 'members',
      };
      return {
        community,
        mode: link.mode,
        member: await isMember(link.communityId, userId),
        request: await myRequest(link.communityId, userId),
        archived: !!link.archivedAt,
      };
    },
  });

  app.post('/api/community-invitations/:token', {
    schema: {
      tags: ['communities'],
      summary: "Use a members-only community's invitation link: join at once, or ask its core members",
      description: `outcome member: joined (or already a member); requested: asked (or already waiting for an answer). 409 for an archived community, and within ${ASK_AGAIN_DAYS} days of a declined request. 404 as for the read.`,
      security: [{ bearer: [] }],
      params: InvitationParams,
      response: { 200: InvitationAnswer, ...errors(400, 401, 403, 404, 409, 429) },
    },
    handler: async (request, reply) => {
      const userId = await takeLinkSlot(request, reply);
      const { communityId, mode, archivedAt } = await invitationOf(request.params.token);
      if (await isMember(communityId, userId)) return { communityId, outcome: 'member' as const };
      if (archivedAt) throw conflict(ARCHIVED);
      if (mode === 'join') {
        await db.transaction().execute(async (trx) => {
          const joined = await trx
            .insertInto('communityMembership')
            .values({ communityId, userId })
            .onConflict((oc) => oc.doNothing())
            .returning('userId')
            .executeTakeFirst();
          if (joined) await auditJoin(ctx, request, trx, AuditAction.CommunityInvitationJoin, communityId, userId);
        });
        return { communityId, outcome: 'member' as const };
      }
      // One statement decides whether this is a new request: a pending one stays as it is (no second
      // notice), a recent decline stays declined, anything else (none, approved then left, an old
      // decline) becomes pending.
      const asked = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('communityJoinRequest')
          .values({ communityId, userId, status: 'pending' })
          .onConflict((oc) =>
            oc
              .columns(['communityId', 'userId'])
              .doUpdateSet({ status: 'pending', askedAt: sql`now()`, decidedAt: null })
              .where(
                sql<boolean>`community_join_request.status <> 'pending' and not (community_join_request.status = 'declined'
                  and community_join_request.decided_at > now() - make_interval(days => ${ASK_AGAIN_DAYS}))`,
              ),
          )
          .returning('id')
          .executeTakeFirst();
        if (!row) return false;
        await auditJoin(ctx, request, trx, AuditAction.JoinRequestAsk, communityId, userId);
        await queueJoinRequestNotices(trx, { id: row.id, communityId });
        return true;
      });
      if (asked) ctx.mailJobs.wake();
      else {
        const mine = await myRequest(communityId, userId);
        if (mine?.status === 'declined' && mine.canAskAgainAt)
          throw conflict(
            `Your request to join was declined: you can ask again from ${mine.canAskAgainAt.slice(0, 10)}`,
          );
      }
      return { communityId, outcome: 'requested' as const };
    },
  });

  app.get('/api/community/:id/join-requests', {
    schema: {
      tags: ['communities'],
      summary: "A community's pending requests to join, oldest first (its core members, admins)",
      security: [{ bearer: [] }],
      params: IdParams,
      response: { 200: PendingJoinRequestList, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const id = request.params.id;
      await managedCommunity(request, id);
      const rows = await db
        .selectFrom('communityJoinRequest as r')
        .innerJoin('appUser as u', 'u.id', 'r.userId')
        .select(['r.id', 'r.askedAt', 'u.id as userId', 'u.firstName', 'u.lastName', 'u.email', 'u.imageUrl'])
        .where('r.communityId', '=', id)
        .where('r.status', '=', 'pending')
        // One who joined meanwhile (by a link that joins at once) has nothing left to ask.
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('communityMembership as m')
                .select('m.userId')
                .whereRef('m.communityId', '=', 'r.communityId')
                .whereRef('m.userId', '=', 'r.userId'),
            ),
          ),
        )
        .orderBy('r.askedAt')
        .orderBy('r.id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        user: { id: r.userId, firstName: r.firstName, lastName: r.lastName, email: r.email, imageUrl: r.imageUrl },
        askedAt: iso(r.askedAt),
      }));
    },
  });

  for (const [verb, status] of [
    ['approve', 'approved'],
    ['decline', 'declined'],
  ] as const) {
    app.post(`/api/community/:id/join-requests/:requestId/${verb}`, {
      schema: {
        tags: ['communities'],
        summary:
          status === 'approved'
            ? 'Approve a request to join: the person becomes a member and gets a mail (audited)'
            : `Decline a request to join: the person gets a mail and may ask again after ${ASK_AGAIN_DAYS} days (audited)`,
        description: '409 for a request already answered (and, approving, for an archived community).',
        security: [{ bearer: [] }],
        params: JoinRequestParams,
        response: { 200: JoinRequestDecision, ...errors(400, 401, 403, 404, 409) },
      },
      handler: async (request) => {
        const { id, requestId } = request.params;
        const community = await managedCommunity(request, id);
        if (status === 'approved' && community.archivedAt) throw conflict(ARCHIVED);
        await db.transaction().execute(async (trx) => {
          const decided = await trx
            .updateTable('communityJoinRequest')
            .set({ status, decidedAt: new Date() })
            .where('id', '=', requestId)
            .where('communityId', '=', id)
            .where('status', '=', 'pending')
            .returning('userId')
            .executeTakeFirst();
          if (!decided) {
            const exists = await trx
              .selectFrom('communityJoinRequest')
              .select('id')
              .where('id', '=', requestId)
              .where('communityId', '=', id)
              .executeTakeFirst();
            if (exists) throw conflict('This request was already answered');
            throw notFound('Request not found');
          }
          if (status === 'approved')
            await trx
              .insertInto('communityMembership')
              .values({ communityId: id, userId: decided.userId })
              .onConflict((oc) => oc.doNothing())
              .execute();
          const action = status === 'approved' ? AuditAction.JoinRequestApprove : AuditAction.JoinRequestDecline;
          await auditJoin(ctx, request, trx, action, id, decided.userId);
          await enqueueJoinRequestAnswer(trx, { id: requestId, userId: decided.userId }, status);
        });
        ctx.mailJobs.wake();
        return { id: requestId, status };
      },
    });
  }
}
