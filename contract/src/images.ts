/**
 * Uploaded images (issue 27): community logos and covers, event covers, user avatars. An upload is
 * one image's bytes as the request body (`POST /api/images?kind=…`); the API checks it by content,
 * strips its metadata, applies its orientation and keeps it as variants of a few widths, each in
 * AVIF and WebP, named by a content hash (immutable). The answer, and every read that shows an
 * image, carries an ImageRef: what a page needs for `<img srcset sizes>` and `object-position`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common.ts';

/** What the image is for: it decides who may upload it and which field it may fill. */
export const ImageKind = Type.Union([
  Type.Literal('community-logo'),
  Type.Literal('community-cover'),
  Type.Literal('event-cover'),
  Type.Literal('avatar'),
]);
export type ImageKind = Static<typeof ImageKind>;

/** A focal point coordinate: 0 the left (top) edge, 1 the right (bottom) one. */
export const FocalCoordinate = Type.Number({ minimum: 0, maximum: 1 });

export const ImageVariant = Type.Object({
  width: Type.Integer(),
  height: Type.Integer(),
  format: Type.Union([Type.Literal('avif'), Type.Literal('webp')]),
  url: Type.String(),
});
export type ImageVariant = Static<typeof ImageVariant>;

/** An uploaded image as pages show it. */
export const ImageRef = Type.Object({
  id: Id,
  /** The stored image's size (after orientation; the largest variant's). */
  width: Type.Integer(),
  height: Type.Integer(),
  /** The subject: every crop keeps it in view (CSS `object-position: focalX*100% focalY*100%`). */
  focalX: FocalCoordinate,
  focalY: FocalCoordinate,
  /** Every variant, narrowest first per format: a `srcset` per format (`<source type="image/avif">`). */
  variants: Type.Array(ImageVariant),
});
export type ImageRef = Static<typeof ImageRef>;

/**
 * The upload's query: the kind, and the community it belongs to (a community's logo or cover, an
 * event's cover: who may upload is who may edit that community or its events). Without a community,
 * a community image is an administrator's for a community not created yet; an event cover needs one.
 */
export const ImageUploadQuery = Type.Object({
  kind: ImageKind,
  communityId: Type.Optional(Id),
  focalX: Type.Optional(FocalCoordinate),
  focalY: Type.Optional(FocalCoordinate),
});
export type ImageUploadQuery = Static<typeof ImageUploadQuery>;

/**
 * What an upload may be, for the upload control to refuse a file before sending it (a 20 MB photo
 * on a phone): the largest size, and the sentence the API answers for a larger one.
 */
export const ImageLimits = Type.Object({
  maxBytes: Type.Integer(),
  /** "Images can be at most 8 MB" */
  tooLarge: Type.String(),
});
export type ImageLimits = Static<typeof ImageLimits>;

/** A new focal point for an image already uploaded. */
export const ImageFocus = Type.Object({ focalX: FocalCoordinate, focalY: FocalCoordinate });
export type ImageFocus = Static<typeof ImageFocus>;

/** A form's image field: the uploaded image's id, or null for none. */
export const ImageIdField = Type.Union([Id, Type.Null()]);
