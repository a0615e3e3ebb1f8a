import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';

/** The Fastify instance every route module registers on: TypeBox schemas type the handlers. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public catalogue GET: ETag, Cache-Control for CDNs, 304 on If-None-Match. */
    publicCache?: boolean;
    /**
     * A POST that changes nothing a read shows (browser error reports): it keeps the read cache, so
     * an anonymous client cannot empty the cache by posting (http/read-cache.ts).
     */
    keepsReadCache?: boolean;
  }
}
