/**
 * The public catalogue reads, kept in memory when the database is the embedded PGlite.
 *
 * PGlite runs in the API's own thread and executes one statement at a time, so under load each
 * request waits behind the SQL of every request ahead of it: an events page costs about 2.4 ms of CPU,
 * so 50 concurrent readers wait about 120 ms. Catalogue reads are the same for every caller, so the
 * API shares one query among concurrent identical reads (async-cache-dedupe) and keeps the result:
 *   - every result is stored under the write generation it was read in. Any write bumps the
 *     generation once it has been answered, after its commit. So a read that raced a write is filed
 *     under the old generation and never served again, and a user always sees their own change;
 *   - results also expire after `ttlSeconds`, because "upcoming" and "upcoming event count" move
 *     with the clock.
 * On PostgreSQL it is off by default: statements run concurrently there, and several API processes may
 * share one database, where a cache in one process would not see another process's writes.
 */
import { createCache } from 'async-cache-dedupe';
import type { App } from './app-type.ts';

export interface ReadCacheOptions {
  enabled: boolean;
  ttlSeconds: number;
  /** Told of every read asked of the cache (the metrics count hits, misses and shared reads). */
  onOutcome?: (read: string, outcome: ReadCacheOutcome) => void;
}

/** A kept result served, a query run, or a query already running shared. */
export type ReadCacheOutcome = 'hit' | 'miss' | 'dedupe';

/** Results kept per read, least recently used dropped first. */
const ENTRIES_PER_READ = 1024;

export interface ReadCache {
  readonly enabled: boolean;
  /**
   * Wraps a read whose result depends only on `args` and the database (never on the caller).
   * The result is shared between requests: callers must not change it.
   */
  define<A, R>(name: string, read: (args: A) => Promise<R>): (args: A) => Promise<R>;
  /** Every read after this call queries the database again. */
  invalidate(): void;
}

export function createReadCache(options: ReadCacheOptions): ReadCache {
  if (!options.enabled) {
    return { enabled: false, define: (_name, read) => read, invalidate: () => {} };
  }
  const cache = createCache({
    ttl: options.ttlSeconds,
    storage: { type: 'memory', options: { size: ENTRIES_PER_READ } },
  });
  let generation = 0;
  const names = new Set<string>();
  return {
    enabled: true,
    define<A, R>(name: string, read: (args: A) => Promise<R>) {
      if (names.has(name)) throw new Error(`read cache: "${name}" is defined twice`);
      names.add(name);
      const tell = (outcome: ReadCacheOutcome) => () => options.onOutcome?.(name, outcome);
      const outcomes = { onHit: tell('hit'), onMiss: tell('miss'), onDedupe: tell('dedupe') };
      const cached = cache.define(name, outcomes, (key: { generation: number; args: A }) =>
        read(key.args),
      ) as unknown as Record<string, (key: { generation: number; args: A }) => Promise<R>>;
      const fetch = cached[name]!;
      return (args: A) => fetch({ generation, args });
    },
    invalidate() {
      generation += 1;
      // Frees the old generation's memory; a read still running stores into the old generation.
      void cache.clear();
    },
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write request drops the cache once it has been handled. onSend runs after the handler (so after its
 * commit), also when the client has gone away. A 4xx answer changed nothing (the handlers check before they
 * write, or roll back), so it keeps the cache; an anonymous client cannot empty it at will.
 * A 5xx may have failed after a commit, so it drops the cache too.
 */
export function registerReadCacheInvalidation(app: App, cache: ReadCache): void {
  if (!cache.enabled) return;
  app.addHook('onSend', async (request, reply, payload) => {
    const refused = reply.statusCode >= 400 && reply.statusCode < 500;
    const keeps = refused || request.routeOptions.config.keepsReadCache === true;
    if (!SAFE_METHODS.has(request.method) && !keeps) cache.invalidate();
    return payload;
  });
}
