/**
 * An image reference as every read answers it (contract ImageRef), built in SQL from the referencing
 * column, so a community or event read stays one statement; and the check a write makes before it
 * points a field at an uploaded image.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ImageKind, ImageRef } from '@hub/contract/images';
import type { Database } from '../db/schema.ts';
import { badRequest } from '../errors.ts';

/** `(select json_build_object(…) from image …)`: the ImageRef of the id in `column`, or null. */
export function imageRefOf(column: string): RawBuilder<ImageRef | null> {
  return sql<ImageRef | null>`(select json_build_object(
      'id', i.id, 'width', i.width, 'height', i.height, 'focalX', i.focal_x, 'focalY', i.focal_y, 'variants', i.variants)
    from image i where i.id = ${sql.ref(column)})`;
}

/**
 * Refuses an image id that is not an uploaded image of this kind for this community (or, for an
 * avatar, this user's): a field holds only an image uploaded for it, by someone allowed to.
 */
export async function assertImageFits(
  db: Kysely<Database>,
  imageId: number | null | undefined,
  field: string,
  wanted: { kind: ImageKind; communityId?: number; ownerUserId?: number },
): Promise<void> {
  if (imageId === null || imageId === undefined) return;
  const image = await db
    .selectFrom('image')
    .select(['kind', 'communityId', 'ownerUserId'])
    .where('id', '=', imageId)
    .executeTakeFirst();
  const fits =
    image &&
    image.kind === wanted.kind &&
    (wanted.communityId === undefined || image.communityId === null || image.communityId === wanted.communityId) &&
    (wanted.ownerUserId === undefined || image.ownerUserId === wanted.ownerUserId);
  if (!fits) throw badRequest('Validation failed', [`body/${field} is not an image uploaded for this ${wanted.kind}`]);
}
