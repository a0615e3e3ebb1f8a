/**
 * The viewer of a public read (issue 28): the caller, if signed in, else anonymous. A signed-in
 * caller's answer may hold what only they may see, so it is kept from shared caches.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { optionalCaller } from '../auth/caller.ts';
import { viewerOf, type Viewer } from '../services/visibility.ts';
import { keepFromSharedCaches } from './public-cache.ts';

export async function viewerOfRequest(ctx: AppContext, request: FastifyRequest): Promise<Viewer> {
  const caller = await optionalCaller(ctx, request);
  const viewer = viewerOf(caller.user);
  if (viewer.kind !== 'anonymous') keepFromSharedCaches(request);
  return viewer;
}
