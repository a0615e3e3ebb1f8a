import type { ImageRef } from '@hub/contract/images';
import type { FaceImage, FocalPoint } from './item-face';

/** `url 320w, url 640w, …` of one format's variants. */
const srcSetOf = (ref: ImageRef, format: 'avif' | 'webp') =>
  ref.variants
    .filter((v) => v.format === format)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');

/**
 * What ItemFace needs of an uploaded image (issue 27): its WebP sizes as the `srcset` (the widest
 * as `src`), its AVIF sizes as the `<picture>` source browsers that decode AVIF take first, its
 * shape (CLS 0) and its focal point. Null when there is no uploaded image: the face falls back to
 * the address field or the colour tile.
 */
export function faceOfUpload(ref: ImageRef | null | undefined): { image: FaceImage; focal: FocalPoint } | null {
  const webp = ref?.variants.filter((v) => v.format === 'webp') ?? [];
  if (!ref || webp.length === 0) return null;
  const avif = srcSetOf(ref, 'avif');
  return {
    image: {
      url: webp.at(-1)!.url,
      srcSet: srcSetOf(ref, 'webp'),
      ...(avif ? { avifSrcSet: avif } : {}),
      width: ref.width,
      height: ref.height,
    },
    focal: { x: ref.focalX, y: ref.focalY },
  };
}
