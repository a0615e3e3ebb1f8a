/**
 * Uploaded images (issue 27). `POST /api/images?kind=…&communityId=…` takes one image's bytes as the
 * request body, whatever its Content-Type says (the content decides: images/image-variants.ts), and
 * answers the ImageRef a form then puts in its field (logoImageId, coverImageId, avatarImageId).
 * Why a raw body and not multipart: one file per request, nothing else to send with it (the kind and
 * community are the query), no multipart parser or temporary files, and the browser sends a File as
 * the body of a fetch or XMLHttpRequest as is (the upload control's progress comes from the latter).
 *
 * `GET /api/images/limits` says how large an upload may be (the control checks before sending);
 * `PUT /api/images/{id}/focus` moves its focal point; `GET /api/images/{name}` serves a variant,
 * immutable (its name is its content hash), when no CDN or public container serves the store.
 */
import { errors, IdParams } from '@hub/contract/common';
import { ImageFocus, ImageLimits, ImageRef, ImageUploadQuery, type ImageKind } from '@hub/contract/images';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { requireAdmin, requireCommunityManager, requireUser, type CallerUser } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden, HttpError, notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { imageRefOf } from '../images/image-refs.ts';
import { IMMUTABLE, openImageStore, variantUrl, type ImageStore } from '../images/image-store.ts';
import { ImageRefusedError, processImage } from '../images/image-variants.ts';

/** Who may upload (or refocus) an image of a kind: who may fill the field it is for. */
async function requireImageRights(
  ctx: AppContext,
  request: FastifyRequest,
  image: { kind: ImageKind; communityId: number | null | undefined; ownerUserId?: number | null },
): Promise<CallerUser> {
  if (image.kind === 'avatar') {
    const user = await requireUser(ctx, request);
    if (image.ownerUserId !== undefined && image.ownerUserId !== user.id)
      throw forbidden('Only its owner may change an avatar');
    return user;
  }
  if (image.communityId) return requireCommunityManager(ctx, request, image.communityId);
  if (image.kind === 'event-cover') throw badRequest('Validation failed', ['querystring/communityId is required']);
  // A community not created yet: only administrators create communities.
  return requireAdmin(ctx, request);
}

export function imageRoutes(app: App, ctx: AppContext, store: ImageStore = openImageStore(ctx.config.images)): void {
  const { db, config } = ctx;
  const maxMb = Math.round(config.images.maxBytes / (1024 * 1024));
  const tooLarge = () => new HttpError(413, `Images can be at most ${maxMb} MB`);

  // Any Content-Type: the bytes are checked by content, never by what the client says they are.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: config.images.maxBytes }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/api/images', {
    bodyLimit: config.images.maxBytes,
    // Fastify refuses an over-long body before the handler: the same message as the handler's.
    errorHandler: (error) => {
      if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge();
      throw error;
    },
    schema: {
      tags: ['images'],
      summary:
        "Upload an image (the body is the file's bytes): a community's logo or cover, an event's cover, your avatar",
      security: [{ bearer: [] }],
      querystring: ImageUploadQuery,
      response: { 201: ImageRef, ...errors(400, 401, 403, 404, 413) },
    },
    handler: async (request, reply) => {
      const { kind, communityId, focalX = 0.5, focalY = 0.5 } = request.query;
      const user = await requireImageRights(ctx, request, { kind, communityId });
      if (
        communityId &&
        !(await db.selectFrom('community').select('id').where('id', '=', communityId).executeTakeFirst())
      )
        throw notFound('Community not found');
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('Send the image file as the request body');
      if (body.length > config.images.maxBytes) throw tooLarge();
      let processed;
      try {
        processed = await processImage(body, { maxPixels: config.images.maxPixels });
      } catch (error) {
        if (error instanceof ImageRefusedError) throw new HttpError(415, error.message);
        throw error;
      }
      await store.save(processed.variants);
      const base =
        config.images.publicBaseUrl ?? `${config.apiPublicUrl ?? `${request.protocol}://${request.host}`}/api/`;
      const variants = processed.variants.map(({ width, height, format, name }) => ({
        width,
        height,
        format,
        url: variantUrl(name, base),
      }));
      const row = await db
        .insertInto('image')
        .values({
          ownerUserId: user.id,
          kind,
          communityId: kind === 'avatar' ? null : (communityId ?? null),
          hash: processed.hash,
          width: processed.width,
          height: processed.height,
          focalX,
          focalY,
          variants: JSON.stringify(variants),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reply.code(201).send(await readRef(row.id));
    },
  });

  // Before `GET /api/images/:name` in meaning: a fixed path wins over a parameter in Fastify's router.
  app.get('/api/images/limits', {
    config: { publicCache: true },
    schema: {
      tags: ['images'],
      summary: 'What an upload may be: its largest size, and the message for a larger one',
      response: { 200: ImageLimits },
    },
    handler: async () => ({ maxBytes: config.images.maxBytes, tooLarge: tooLarge().message }),
  });

  app.put('/api/images/:id/focus', {
    schema: {
      tags: ['images'],
      summary: "Move an image's focal point (whoever may edit the field it is for)",
      security: [{ bearer: [] }],
      params: IdParams,
      body: ImageFocus,
      response: { 200: ImageRef, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const image = await db
        .selectFrom('image')
        .select(['kind', 'communityId', 'ownerUserId'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!image) throw notFound('Image not found');
      await requireImageRights(ctx, request, image);
      await db.updateTable('image').set(request.body).where('id', '=', request.params.id).execute();
      return readRef(request.params.id);
    },
  });

  app.get('/api/images/:name', {
    schema: {
      tags: ['images'],
      summary: 'A variant of an uploaded image (immutable: its name is its content hash)',
      params: Type.Object({ name: Type.String({ maxLength: 64 }) }),
    },
    handler: async (request, reply) => {
      const file = await store.load(request.params.name);
      if (!file) throw notFound('Image not found');
      return reply
        .header('Content-Type', file.contentType)
        .header('Cache-Control', IMMUTABLE)
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.body);
    },
  });

  async function readRef(id: number): Promise<ImageRef> {
    const row = await db
      .selectFrom('image as img')
      .select(imageRefOf('img.id').as('ref'))
      .where('img.id', '=', id)
      .executeTakeFirstOrThrow();
    return row.ref!;
  }
}
