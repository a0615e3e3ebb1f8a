/**
 * Communities and networks: the public reads of SPEC.md §7 and their administration
 * (create, delete, archive and restore: admin; edit: a core member of that community, or an admin).
 */
import { errors, IdParams, NoContent } from '@hub/contract/common';
import {
  CommunityDetail,
  CommunityInput,
  CommunityList,
  CommunityListQuery,
  CommunityOverview,
} from '@hub/contract/community';
import { CommunityBaseId } from '@hub/contract/enums';
import { sql } from 'kysely';
import { requireAdmin, requireCommunityManager, requireUser } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { getCommunityDetail, listCommunitiesOfBase, type CommunityListFilter } from '../services/community-queries.ts';
import { AuditAction } from '@hub/contract/audit';
import { auditCommunity } from '../services/audit-log.ts';
import { assertImageFits } from '../images/image-refs.ts';
import { keepFromSharedCaches } from '../http/public-cache.ts';
import { viewerOfRequest } from '../http/viewer.ts';
import { communityListed, viewerOf, type Viewer } from '../services/visibility.ts';

export function communityRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  // Counts only the communities listed to the viewer (issue 28): a count would tell of hidden ones.
  const readOverview = ctx.readCache.define('communityOverview', async (viewer: Viewer) =>
    db
      .selectFrom('country as co')
      .innerJoin('community as c', (join) =>
        join.onRef('c.countryId', '=', 'co.id').on('c.archivedAt', 'is', null).on(communityListed(viewer)),
      )
      .select([
        'co.id as countryId',
        'co.name as countryName',
        sql<number>`(count(*) filter (where c.community_base_id = ${sql.lit(CommunityBaseId.Community)}))::int`.as(
          'communities',
        ),
        sql<number>`(count(*) filter (where c.community_base_id = ${sql.lit(CommunityBaseId.Network)}))::int`.as(
          'networks',
        ),
      ])
      .groupBy(['co.id', 'co.name'])
      .orderBy('co.name')
      .execute(),
  );
  const readDetail = ctx.readCache.define('communityDetail', ({ id, viewer }: { id: number; viewer: Viewer }) =>
    getCommunityDetail(db, id, viewer),
  );
  const readBaseList = ctx.readCache.define(
    'communitiesOfBase',
    async ({ baseId, ...filter }: { baseId: number } & CommunityListFilter) => {
      const base = await db.selectFrom('communityBase').select('id').where('id', '=', baseId).executeTakeFirst();
      return base ? listCommunitiesOfBase(db, baseId, filter) : null;
    },
  );

  app.get('/api/community', {
    config: { publicCache: true },
    schema: {
      tags: ['communities'],
      summary: 'Overview: per country, the number of communities and of networks',
      response: { 200: CommunityOverview },
    },
    handler: async (request) => readOverview(await viewerOfRequest(ctx, request)),
  });

  app.get('/api/community/:id', {
    config: { publicCache: true },
    schema: {
      tags: ['communities'],
      summary: 'One community or network with its member count and core members (lead flagged)',
      params: IdParams,
      response: { 200: CommunityDetail, ...errors(400, 404) },
    },
    handler: async (request) => {
      const viewer = await viewerOfRequest(ctx, request);
      // One who may not see it is answered exactly as if it did not exist (issue 28).
      const community = await readDetail({ id: request.params.id, viewer });
      if (!community) throw notFound('Community not found');
      if (community.visibility !== 'public') keepFromSharedCaches(request);
      return community;
    },
  });

  app.get('/api/community/base/:id', {
    config: { publicCache: true },
    schema: {
      tags: ['communities'],
      summary:
        'The communities (base 1) or networks (base 2) with their member count and next event, optionally of one country or matching a search, sorted',
      params: IdParams,
      querystring: CommunityListQuery,
      response: { 200: CommunityList, ...errors(400, 404) },
    },
    handler: async (request) => {
      const { countryId, search, sort } = request.query;
      const list = await readBaseList({
        baseId: request.params.id,
        countryId,
        search: search?.trim() || undefined,
        sort,
        viewer: await viewerOfRequest(ctx, request),
      });
      if (!list) throw notFound('Community base not found');
      return list;
    },
  });

  async function assertCountry(countryId: number): Promise<void> {
    const country = await db.selectFrom('country').select('id').where('id', '=', countryId).executeTakeFirst();
    if (!country) throw badRequest('The request is invalid', ['body/countryId does not name an existing country']);
  }

  /** The logo and cover fields hold only images uploaded for a community (this one, or one not created yet). */
  async function assertCommunityImages(body: CommunityInput, communityId: number | undefined) {
    await assertImageFits(db, body.logoImageId, 'logoImageId', { kind: 'community-logo', communityId });
    await assertImageFits(db, body.coverImageId, 'coverImageId', { kind: 'community-cover', communityId });
  }

  app.post('/api/community', {
    schema: {
      tags: ['communities'],
      summary: 'Create a community or network (admin)',
      security: [{ bearer: [] }],
      body: CommunityInput,
      response: { 201: CommunityDetail, ...errors(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const admin = await requireAdmin(ctx, request);
      await assertCountry(request.body.countryId);
      await assertCommunityImages(request.body, undefined);
      const id = await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('community')
          .values({ ...request.body, name: request.body.name.trim(), imageUrl: request.body.imageUrl.trim() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await auditCommunity(ctx, request, trx, AuditAction.CommunityCreate, id, {
          communityBaseId: request.body.communityBaseId,
          countryId: request.body.countryId,
        });
        return id;
      });
      const created = await getCommunityDetail(db, id, viewerOf(admin));
      if (!created) throw notFound('Community not found');
      return reply.code(201).send(created);
    },
  });

  app.put('/api/community/:id', {
    schema: {
      tags: ['communities'],
      summary: 'Edit a community (a core member of it, or an admin)',
      security: [{ bearer: [] }],
      params: IdParams,
      body: CommunityInput,
      response: { 200: CommunityDetail, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const id = request.params.id;
      const user = await requireUser(ctx, request);
      if (!(await db.selectFrom('community').select('id').where('id', '=', id).executeTakeFirst()))
        throw notFound('Community not found');
      await requireCommunityManager(ctx, request, id);
      await assertCountry(request.body.countryId);
      await assertCommunityImages(request.body, id);
      const updated = await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('community')
          .select(['name', 'description', 'imageUrl', 'countryId', 'communityBaseId', 'visibility'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) return undefined;
        // Left out of the body, the visibility stays as it was (issue 28).
        const after = {
          ...request.body,
          name: request.body.name.trim(),
          imageUrl: request.body.imageUrl.trim(),
          visibility: request.body.visibility ?? before.visibility,
        };
        const changed = (Object.keys(before) as (keyof typeof before)[]).filter((k) => before[k] !== after[k]);
        await trx
          .updateTable('community')
          .set({ ...after, updatedAt: new Date() })
          .where('id', '=', id)
          .execute();
        await auditCommunity(ctx, request, trx, AuditAction.CommunityUpdate, id, {
          previousName: before.name,
          changed,
        });
        return id;
      });
      const detail = updated && (await getCommunityDetail(db, id, viewerOf(user)));
      if (!detail) throw notFound('Community not found');
      return detail;
    },
  });

  /**
   * Archive and restore (issue 27, docs/decisions.md): one flag, so that restoring brings back
   * exactly what was there: members, core members, events and their attendees are never touched.
   */
  for (const [verb, archive] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(`/api/community/:id/${verb}`, {
      schema: {
        tags: ['communities'],
        summary: archive
          ? 'Archive a community or network (admin): out of every list, its events not joinable, its members kept'
          : 'Restore an archived community or network (admin): back in the lists, its events joinable again',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: CommunityDetail, ...errors(400, 401, 403, 404, 409) },
      },
      handler: async (request) => {
        const admin = await requireAdmin(ctx, request);
        const id = request.params.id;
        await db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('community')
            .select('archivedAt')
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (!row) throw notFound('Community not found');
          if (archive && row.archivedAt) throw conflict('This community is already archived');
          if (!archive && !row.archivedAt) throw conflict('This community is not archived');
          await trx
            .updateTable('community')
            .set({ archivedAt: archive ? new Date() : null, updatedAt: new Date() })
            .where('id', '=', id)
            .execute();
          await auditCommunity(
            ctx,
            request,
            trx,
            archive ? AuditAction.CommunityArchive : AuditAction.CommunityRestore,
            id,
          );
        });
        const detail = await getCommunityDetail(db, id, viewerOf(admin));
        if (!detail) throw notFound('Community not found');
        return detail;
      },
    });
  }

  app.delete('/api/community/:id', {
    schema: {
      tags: ['communities'],
      summary: 'Delete a community with its memberships and events (admin)',
      security: [{ bearer: [] }],
      params: IdParams,
      response: { 204: NoContent, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await requireAdmin(ctx, request);
      const deleted = await db.transaction().execute(async (trx) => {
        const id = request.params.id;
        const exists = await trx
          .selectFrom('community')
          .select('id')
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        // Recorded before the delete, while the name can still be read.
        if (exists) await auditCommunity(ctx, request, trx, AuditAction.CommunityDelete, id);
        return trx.deleteFrom('community').where('id', '=', id).returning('id').executeTakeFirst();
      });
      if (!deleted) throw notFound('Community not found');
      return reply.code(204).send(null);
    },
  });
}
