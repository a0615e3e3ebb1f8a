/**
 * Public catalogue GETs carry a content hash as strong ETag and a Cache-Control a CDN can use;
 * a matching If-None-Match gets 304 with no body. Everything else is `no-store`: it may depend on
 * the caller's token.
 */
import { createHash } from 'node:crypto';
import type { App } from './app-type.ts';

// Browsers revalidate every time (cheap with the ETag: 304), so a user sees their own join at once;
// stale-while-revalidate is left out because browsers honour it too. Shared caches (a CDN) may serve
// a representation for 30 s.
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=30';

function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function registerPublicCache(app: App): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const isPublic =
      request.routeOptions.config?.publicCache === true && (request.method === 'GET' || request.method === 'HEAD');
    if (isPublic && reply.statusCode === 200 && typeof payload === 'string') {
      const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
      reply.header('etag', etag);
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
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
