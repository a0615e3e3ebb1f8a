/**
 * Join (PUT) and leave (DELETE) a community. Both answer 404 with SPEC.md §8's reason when the
 * community does not exist or the caller already is / is not a member. The insert is a single
 * `on conflict do nothing` statement, so concurrent identical joins make exactly one membership.
 */
import { CommunityIdParams, errors } from '@hub/contract/common';
import { MembershipAnswer } from '@hub/contract/community';
import { requireUser } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import { conflict, notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { auditCoreMemberLeave } from '../services/audit-log.ts';
import { communitySeen, viewerOf } from '../services/visibility.ts';

export const JOIN_404 =
  'Could not subscribe to community, the community does not exist or you are already member of the community';
export const LEAVE_404 =
  'Could not leave community, the community does not exist or you are not member of the community';

const FOREIGN_KEY_VIOLATION = '23503';

export function communityMembershipRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  app.put('/api/communitymembership/:communityId', {
    schema: {
      tags: ['communities'],
      summary: 'Join a community (signed-in user)',
      security: [{ bearer: [] }],
      params: CommunityIdParams,
      response: { 200: MembershipAnswer, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const user = await requireUser(ctx, request);
      const { communityId } = request.params;
      // Issue 28: a community the caller may not see is joined by nobody, and not found, as one that
      // does not exist (a members-only one is joined by invitation or request, not here).
      const viewer = viewerOf(user);
      const community = await db
        .selectFrom('community as c')
        .select('c.archivedAt')
        .where('c.id', '=', communityId)
        .where(communitySeen(viewer))
        .executeTakeFirst();
      if (!community) throw notFound(JOIN_404);
      // Issue 27: an archived community keeps its members but takes no new ones.
      if (community.archivedAt) throw conflict('This community is archived');
      try {
        const inserted = await db
          .insertInto('communityMembership')
          .columns(['communityId', 'userId'])
          .expression((eb) =>
            eb
              .selectFrom('community')
              .select([eb.val(communityId).as('communityId'), eb.val(user.id).as('userId')])
              .where('id', '=', communityId),
          )
          .onConflict((oc) => oc.doNothing())
          .returning('communityId')
          .executeTakeFirst();
        if (!inserted) throw notFound(JOIN_404);
      } catch (error) {
        // The community was deleted between the check and the insert.
        if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw notFound(JOIN_404);
        throw error;
      }
      return { communityId, member: true };
    },
  });

  app.delete('/api/communitymembership/:communityId', {
    schema: {
      tags: ['communities'],
      summary: 'Leave a community; a core member also gives up their core-member seat',
      security: [{ bearer: [] }],
      params: CommunityIdParams,
      response: { 200: MembershipAnswer, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const user = await requireUser(ctx, request);
      const { communityId } = request.params;
      const left = await db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('communityMembership')
          .where('communityId', '=', communityId)
          .where('userId', '=', user.id)
          .returning('communityId')
          .executeTakeFirst();
        if (removed) {
          const seat = await trx
            .deleteFrom('communityCoreMember')
            .where('communityId', '=', communityId)
            .where('userId', '=', user.id)
            .returning('responsibleForCommunity')
            .executeTakeFirst();
          // Giving up a seat changes who may manage the community: recorded like a removal.
          if (seat) await auditCoreMemberLeave(ctx, request, trx, communityId, user.id, seat.responsibleForCommunity);
        }
        return !!removed;
      });
      if (!left) throw notFound(LEAVE_404);
      return { communityId, member: false };
    },
  });
}
