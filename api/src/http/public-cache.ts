/**
 * Public catalogue GETs carry a content hash as strong ETag and a Cache-Control a CDN can use;
 * a matching If-None-Match gets 304 with no body. Everything else is `no-store`: it may depend on
 * the caller's token.
 *
 * A result the read cache hands out again is the same object each time, so its JSON and ETag are
 * remembered against that object: serialising and hashing an events page cost more than the rest of
 * a kept answer, and sending the same string again allocates nothing.
 */
import { createHash } from 'node:crypto';
import type { App } from './app-type.ts';

// Browsers revalidate every time (cheap with the ETag: 304), so a user sees their own join at once;
// stale-while-revalidate is left out because browsers honour it too. Shared caches (a CDN) may serve
// a representation for 30 s.
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=30';
/**
 * Issue 28: an answer that depends on who asks (a signed-in caller's, or an unlisted item's) is for
 * the browser alone: it revalidates with the ETag, no shared cache keeps it.
 */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

const NOT_PUBLIC = Symbol('notPublic');
type MaybeNotPublic = { [NOT_PUBLIC]?: true };

/**
 * The answer of this public-cache route must not be kept by shared caches: a signed-in caller's
 * view, or an item only those with its link should reach.
 */
export function keepFromSharedCaches(request: object): void {
  (request as MaybeNotPublic)[NOT_PUBLIC] = true;
}

function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

interface Representation {
  json: string;
  etag: string;
}

/** A strong ETag: the hash of the exact JSON (or text) sent. */
function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

const REPRESENTATION = Symbol('representation');
type WithRepresentation = { [REPRESENTATION]?: Representation };

export function registerPublicCache(app: App): void {
  const representations = new WeakMap<object, Representation>();
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (request.routeOptions.config?.publicCache !== true || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'object' || payload === null) return payload;
    let representation = representations.get(payload);
    if (!representation) {
      // The route's own response-schema serializer; it makes JSON text.
      const json = String(reply.serialize(payload));
      representation = { json, etag: etagOf(json) };
      representations.set(payload, representation);
    }
    const { json } = representation;
    reply.serializer(() => json);
    (request as WithRepresentation)[REPRESENTATION] = representation;
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const isPublic =
      request.routeOptions.config?.publicCache === true && (request.method === 'GET' || request.method === 'HEAD');
    if (isPublic && reply.statusCode === 200 && typeof payload === 'string') {
      // Text answers (the .ics export) are not serialised, so they are hashed here.
      const etag = (request as WithRepresentation)[REPRESENTATION]?.etag ?? etagOf(payload);
      reply.header('etag', etag);
      // A request with credentials may be answered what the credentials allow: never shared. Vary
      // keeps a shared cache from handing an anonymous answer to a signed-in caller or back.
      const shared = !(request as MaybeNotPublic)[NOT_PUBLIC] && request.headers.authorization === undefined;
      reply.header('cache-control', shared ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
      reply.header('vary', 'Authorization');
      const ifNoneMatch = request.headers['if-none-match'];
      if (typeof ifNoneMatch === 'string' && matches(ifNoneMatch, etag)) {
        reply.code(304);
        reply.removeHeader('content-type');
        return '';
      }
      return payload;
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
