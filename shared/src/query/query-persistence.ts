import type { Query } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { queryClient as siteQueryClient } from './query-client';

/**
 * The signed-in user's answers, kept on the device so that "My {product}", the events they attend
 * and the pages they visited stay readable offline. The service worker never stores an answer to a
 * signed-in request (host/src/service-worker/caching-rules.ts); this is where they live instead:
 * in IndexedDB, one entry per user, deleted at logout.
 */

/** One IndexedDB entry per user: a second account on the same device never reads the first's. */
export const persistedQueriesKey = (uid: string) => `hub-queries:${uid}`;

/** Entries older than this are not restored (they are deleted instead). */
export const persistedQueriesMaxAgeMs = 7 * 24 * 60 * 60 * 1000;

/** Raised when what is stored can no longer be read by this code: older entries are dropped, not misread. */
export const persistedQueriesVersion = 'hub-queries-1';

/**
 * What is kept: the user info, the events and communities read (My {product}, Events I attend, the
 * detail pages and lists visited) and the reference lists. Never the manage and admin views (other
 * people's e-mail addresses, attendee lists, audit log), the private calendar feed's address, nor
 * platform status; never a failed or unfinished read.
 */
export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  if (query.state.status !== 'success') return false;
  const [root, kind] = query.queryKey as readonly unknown[];
  switch (root) {
    case 'user':
      return kind === 'info';
    case 'communities':
      return kind !== 'core-members';
    case 'events':
      return kind !== 'attendees';
    case 'community-bases':
    case 'countries':
    case 'business-units':
      return true;
    default:
      return false;
  }
}

/** How often the cache is written at most: a page's reads change it many times in a second. */
export const persistThrottleMs = 1000;

/** TanStack Query's persister interface over IndexedDB (idb-keyval), for one key, with writes throttled. */
export interface ThrottledPersister extends Persister {
  /** Drops a write that has not happened yet (logout must not have its entry written back). */
  cancel(): void;
  /** Writes now what waits for the throttle: the page is going away (a link to another page, closing the tab). */
  flush(): void;
}

export function indexedDbPersister(key: string, throttleMs = persistThrottleMs): ThrottledPersister {
  let latest: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const toWrite = latest;
    latest = null;
    // A full or unavailable store only costs offline reading; the site goes on.
    if (toWrite)
      Promise.resolve()
        .then(() => set(key, toWrite))
        .catch(() => undefined);
  };
  return {
    persistClient: async (client: PersistedClient) => {
      latest = client;
      timer ??= setTimeout(write, throttleMs);
    },
    flush: write,
    restoreClient: async () => get<PersistedClient>(key),
    removeClient: async () => del(key),
    cancel: () => {
      clearTimeout(timer);
      timer = undefined;
      latest = null;
    },
  };
}

interface Running {
  uid: string;
  persister: ThrottledPersister;
  unsubscribe: () => void;
}

/** Leaving the page must not lose the last second's answers (the next page restores from what was written). */
function flushWhenLeaving(persister: ThrottledPersister): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onHidden = () => {
    if (document.visibilityState === 'hidden') persister.flush();
  };
  const onPageHide = () => persister.flush();
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    window.removeEventListener('pagehide', onPageHide);
    document.removeEventListener('visibilitychange', onHidden);
  };
}
let running: Running | null = null;

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Restores a user's stored answers into the query cache, then keeps storing them as they change.
 * Called when the session's user is known (shared/src/auth/session-flow.ts); switching to another
 * user stops storing the previous one's (whose entry stays theirs until they log out).
 */
export async function startQueryPersistence(uid: string, client = siteQueryClient): Promise<void> {
  // Without IndexedDB (some private modes, jsdom) nothing is kept; the site works the same online.
  if (typeof indexedDB === 'undefined') return;
  if (running?.uid === uid) return;
  stopQueryPersistence();
  const persister = indexedDbPersister(persistedQueriesKey(uid));
  const options = {
    queryClient: client,
    persister,
    maxAge: persistedQueriesMaxAgeMs,
    buster: persistedQueriesVersion,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  };
  const current: Running = { uid, persister, unsubscribe: () => undefined };
  running = current;
  const before = new Map(
    client
      .getQueryCache()
      .getAll()
      .map((q) => [q.queryHash, q.state.dataUpdatedAt]),
  );
  try {
    await persistQueryClientRestore(options);
  } catch {
    // An unreadable entry is removed by the restore itself; the cache simply starts empty.
  }
  // Stored answers are for reading offline, and they stay stored across page loads. Online they
  // must not count as fresh for SPEC §7's ten minutes: a reload would show what the user saw before
  // (their attendance before they changed it, an event before it was cancelled). So what the
  // restore brought is marked stale: shown at once, and asked for again as soon as a screen uses it.
  if (!isOffline())
    await client.invalidateQueries({
      predicate: (q) => before.get(q.queryHash) !== q.state.dataUpdatedAt,
      refetchType: 'none',
    });
  if (running !== current) return;
  const stopSaving = persistQueryClientSubscribe(options);
  const stopFlushing = flushWhenLeaving(persister);
  current.unsubscribe = () => {
    stopSaving();
    stopFlushing();
  };
}

/** Stops storing (the entry stays, without the write that had not happened yet). */
export function stopQueryPersistence(): void {
  running?.unsubscribe();
  running?.persister.cancel();
  running = null;
}

/** At logout: stops storing and deletes the signed-in user's entry (SPEC §4 logout; the "cleared at logout"). */
export async function forgetPersistedQueries(): Promise<void> {
  const uid = running?.uid;
  stopQueryPersistence();
  if (uid)
    await Promise.resolve()
      .then(() => del(persistedQueriesKey(uid)))
      .catch(() => undefined);
}
