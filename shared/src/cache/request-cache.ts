import { logger } from '../logging/logger';
import { cacheExpiryMs } from './cache-expiry';

export interface RequestCacheOptions {
  /** Tests pass their own clock; read through a function so fake timers are honoured. */
  now?: () => number;
  expiryMs?: number;
}

export interface CachedGetOptions {
  /** Skip a fresh cached answer and ask again (SPEC §7 "forced refresh"). */
  forceRefresh?: boolean;
}

interface Stored {
  value: unknown;
  storedAt: number;
}

interface InFlight {
  promise: Promise<unknown>;
  /** The key's generation when the request started; an invalidation in between makes it stale. */
  generation: number;
}

/**
 * SPEC §7 GET cache: one answer per key for `expiryMs`, a forced refresh, one shared network
 * request for concurrent identical reads, failures logged and passed on but never stored.
 */
export class RequestCache {
  private readonly stored = new Map<string, Stored>();
  private readonly inFlight = new Map<string, InFlight>();
  private readonly generations = new Map<string, number>();
  private readonly now: () => number;
  private readonly expiryMs: number;

  constructor(options: RequestCacheOptions = {}) {
    this.now = options.now ?? (() => Date.now());
    this.expiryMs = options.expiryMs ?? cacheExpiryMs;
  }

  /**
   * The fresh cached answer for `key`, else `load()`'s. A request already under way is joined
   * even on a forced refresh: it started after whatever was cached, so it is as fresh as a new one.
   */
  get<T>(key: string, load: () => Promise<T>, options: CachedGetOptions = {}): Promise<T> {
    const running = this.inFlight.get(key);
    if (running) return running.promise as Promise<T>;

    const cached = this.stored.get(key);
    if (!options.forceRefresh && cached && this.now() - cached.storedAt < this.expiryMs) {
      return Promise.resolve(cached.value as T);
    }
    return this.start(key, load);
  }

  /** The last answer stored for `key`, fresh or not, without any request (for ids that never change). */
  peek<T>(key: string): T | undefined {
    return this.stored.get(key)?.value as T | undefined;
  }

  /** Forgets `key`; a request for it still under way will neither be joined nor stored. */
  invalidate(key: string): void {
    this.stored.delete(key);
    this.inFlight.delete(key);
    this.generations.set(key, this.generationOf(key) + 1);
  }

  invalidateMany(keys: Iterable<string>): void {
    for (const key of keys) this.invalidate(key);
  }

  /** Forgets everything (sign-out: answers may depend on who asked). */
  clear(): void {
    for (const key of new Set([...this.stored.keys(), ...this.inFlight.keys()])) this.invalidate(key);
  }

  private start<T>(key: string, load: () => Promise<T>): Promise<T> {
    const generation = this.generationOf(key);
    const current = () => this.generationOf(key) === generation;
    const promise = startLoad(load)
      .then(
        (value) => {
          if (current()) this.stored.set(key, { value, storedAt: this.now() });
          return value;
        },
        (error: unknown) => {
          logger.error(`Loading "${key}" failed; nothing was cached.`, error);
          throw error;
        },
      )
      .finally(() => {
        if (this.inFlight.get(key)?.promise === promise) this.inFlight.delete(key);
      });
    this.inFlight.set(key, { promise, generation });
    return promise;
  }

  private generationOf(key: string): number {
    return this.generations.get(key) ?? 0;
  }
}

/** Calls `load` now (so the request starts at once), turning a synchronous throw into a rejection. */
function startLoad<T>(load: () => Promise<T>): Promise<T> {
  try {
    return Promise.resolve(load());
  } catch (error) {
    return Promise.reject(error);
  }
}

/** The one cache of the site: `@hub/shared` is a federation singleton, so every remote shares it. */
export const requestCache = new RequestCache();
