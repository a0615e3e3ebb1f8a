import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { referenceKeys } from './query-keys';
import { segment } from './read-init';
import type { ImageFocus, ImageKind, ImageLimits, ImageRef } from '@hub/contract/images';

export interface ImageTarget {
  kind: ImageKind;
  /** The community the image belongs to (a community's logo or cover, an event's cover); none for an avatar. */
  communityId?: number;
}

/**
 * POST api/images: the file's bytes as the body (the API checks them by content and answers the
 * stored image's reference, which the form then puts in its field). Its refusals ("Images can be at
 * most 8 MB", "This file is not an image…") reject as the ApiError every call does, message included.
 */
export function uploadImage(target: ImageTarget, file: Blob, focal?: ImageFocus): Promise<ImageRef> {
  const query = new URLSearchParams({ kind: target.kind });
  if (target.communityId !== undefined) query.set('communityId', String(target.communityId));
  if (focal) {
    query.set('focalX', String(focal.focalX));
    query.set('focalY', String(focal.focalY));
  }
  return apiFetch<ImageRef>(`api/images?${query}`, {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
}

/** PUT api/images/{id}/focus: moves the image's focal point (who may edit the field it fills). */
export function setImageFocus(id: number, focal: ImageFocus): Promise<ImageRef> {
  return apiFetch<ImageRef>(`api/images/${segment(id)}/focus`, { method: 'PUT', json: focal });
}

/** GET api/images/limits: the largest upload, and the API's sentence for a larger one. */
export function getImageLimits(): Promise<ImageLimits> {
  return apiFetch<ImageLimits>('api/images/limits');
}

/** Kept for the session once read: a deployment's setting, not data that changes under a page. */
export const imageLimitsQueryOptions = () =>
  queryOptions({ queryKey: referenceKeys.imageLimits(), queryFn: getImageLimits, staleTime: Infinity });
