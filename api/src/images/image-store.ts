/**
 * Where the variants are kept: the object store releases use (@hub/object-store: a folder by
 * default, an Azure Blob Storage container in production), under `images/`. Each variant is
 * written once (`create`: a name is a content hash, so an existing one already holds these bytes)
 * with the headers a CDN or the container serves it with; the API's own image route sends the same.
 */
import type { ObjectStore } from '@hub/object-store/object-store';
import { openObjectStore } from '@hub/object-store/open-object-store';
import type { ImageConfig } from '../config.ts';
import type { ImageVariantFile, VariantFormat } from './image-variants.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const contentTypeOf: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/** A variant's file name: what the route serves, and nothing else (no paths, no other files). */
export const VARIANT_NAME = /^([a-f0-9]{32})-(\d{2,4})\.(avif|webp)$/;

export interface ImageStore {
  objects: ObjectStore;
  save(variants: ImageVariantFile[]): Promise<void>;
  /** The variant's bytes and type, or null when the name is not one or no such file is kept. */
  load(name: string): Promise<{ body: Buffer; contentType: string } | null>;
}

export function openImageStore(config: ImageConfig, objects?: ObjectStore): ImageStore {
  const store = objects ?? openObjectStore(config.store, config.storeKey);
  return {
    objects: store,
    async save(variants) {
      await Promise.all(
        variants.map((v) =>
          store.create(`images/${v.name}`, v.body, { contentType: contentTypeOf[v.format], cacheControl: IMMUTABLE }),
        ),
      );
    },
    async load(name) {
      const match = VARIANT_NAME.exec(name);
      if (!match) return null;
      const body = await store.readBytes(`images/${name}`);
      return body && { body, contentType: contentTypeOf[match[3] as VariantFormat] };
    },
  };
}

/** The public URL of a variant: under HUB_IMAGE_PUBLIC_BASE_URL, else the API's own `/api/images/`. */
export function variantUrl(name: string, publicBase: string): string {
  return `${publicBase.replace(/\/*$/, '/')}images/${name}`;
}
