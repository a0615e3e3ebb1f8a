import type { Query } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { del, delMany, get, keys, set } from 'idb-keyval';
import { queryClient as siteQueryClient } from './query-client';

/**
 * The signed-in user's answers, kept on the device so that "My {product}", the events they attend
 * and the pages they visited stay readable offline. The service worker never stores an answer to a
 * signed-in request (host/src/service-worker/caching-rules.ts); this is where they live instead:
 * in IndexedDB, one entry per user, deleted at logout.
 */

const entryPrefix = 'hub-queries:';

/** One IndexedDB entry per user: a second account on the same device never reads the first's. */
export const persistedQueriesKey = (uid: string) => `${entryPrefix}${uid}`;

/**
 * Deletes every user's stored answers but `keep`'s. Only the signed-in user's answers may stay on
 * the device: a session that ended otherwise than by Log Out (the account disabled or deleted,
 * signed out in another tab, another user signing in here) must not leave the last user's e-mail,
 * phone, events and join links readable (issue 23).
 */
async function forgetEntriesBut(keep?: string): Promise<void> {
  // Without IndexedDB nothing was kept.
  if (typeof indexedDB === 'undefined') return;
  try {
    const stored = await keys();
    const others = stored.filter((k) => typeof k === 'string' && k.startsWith(entryPrefix) && k !== keep);
    if (others.length > 0) await delMany(others);
  } catch {
    // An unavailable store holds nothing to read either.
  }
}

/** Entries older than this are not restored (they are deleted instead). */
export const persistedQueriesMaxAgeMs = 7 * 24 * 60 * 60 * 1000;

/** Raised when what is stored can no longer be read by this code: older entries are dropped, not misread. */
export const persistedQueriesVersion = 'hub-queries-1';

/**
 * What is kept: the user info, the events and communities read (My {product}, Events I attend, the
 * detail pages and lists visited) and the reference lists. Never the manage and admin views (other
 * people's e-mail addresses, attendee lists, audit log), "Who's going" (other people's names, answered
 * `no-store`), the private calendar feed's address, nor platform status; never a failed or unfinished read.
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
      // Neither list names people who never chose this device: the managers' list, and "Who's going".
      return kind !== 'attendees' && kind !== 'whos-going';
    case 'community-bases':
    case 'countries':
    case 'business-units':
      return true;
    default:
      return false;
  }
}

/**
 * How often the cache is written at most for changes that bring no new answer (an invalidation, a
 * query forgotten): a page's reads change it many times in a second.
 */
export const persistThrottleMs = 1000;

/** TanStack Query's persister interface over IndexedDB (idb-keyval), for one key. */
export interface ThrottledPersister extends Persister {
  /** Drops a write that has not happened yet (logout must not have its entry written back). */
  cancel(): void;
  /** Writes now what waits for the throttle: the page is going away (a link to another page, closing the tab). */
  flush(): void;
}

/** Each stored answer by its query and the time it arrived: a new entry is an answer not yet written. */
function answersIn(client: PersistedClient): Set<string> {
  return new Set(client.clientState.queries.map((q) => `${q.queryHash}@${q.state.dataUpdatedAt}`));
}

/**
 * Writes a new answer as soon as it arrives (issue 23): a page left by a full load (a reload, a
 * typed address) within the throttle's second lost its answer, since the write begun on `pagehide`
 * does not outlive the page. The answers that arrive in one task are written together, and one
 * write at a time (the newest state goes next). Changes without a new answer wait for the throttle.
 */
export function indexedDbPersister(key: string, throttleMs = persistThrottleMs): ThrottledPersister {
  let latest: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let written = new Set<string>();
  let writing = false;
  let again = false;
  let soon = false;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    soon = false;
    if (writing) {
      again = latest !== null;
      return;
    }
    const toWrite = latest;
    latest = null;
    if (!toWrite) return;
    writing = true;
    written = answersIn(toWrite);
    const done = () => {
      writing = false;
      if (again) {
        again = false;
        write();
      }
    };
    // A full or unavailable store only costs offline reading; the site goes on.
    try {
      set(key, toWrite).then(done, done);
    } catch {
      done();
    }
  };
  return {
    persistClient: async (client: PersistedClient) => {
      latest = client;
      const fresh = [...answersIn(client)].some((answer) => !written.has(answer));
      if (fresh && !soon) {
        soon = true;
        queueMicrotask(write);
      } else timer ??= setTimeout(write, throttleMs);
    },
    flush: write,
    restoreClient: async () => get<PersistedClient>(key),
    removeClient: async () => del(key),
    cancel: () => {
      clearTimeout(timer);
      timer = undefined;
      latest = null;
      again = false;
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
 * Called when the session's user is known (shared/src/auth/session-flow.ts). Another user signing
 * in ends the previous one's: their answers leave the cache and the device (issue 23).
 */
export async function startQueryPersistence(uid: string, client = siteQueryClient): Promise<void> {
  // Without IndexedDB (some private modes, jsdom) nothing is kept; the site works the same online.
  if (typeof indexedDB === 'undefined') return;
  if (running?.uid === uid) return;
  const anotherUser = running !== null;
  stopQueryPersistence();
  if (anotherUser) client.clear();
  // Whoever used this browser before (in this page or an earlier one): only this user's answers stay.
  await forgetEntriesBut(persistedQueriesKey(uid));
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
  // What arrived before the user was known (the page's first reads, while Firebase loaded) is no
  // change the subscription will see: stored now, or a page left at once would lose it (issue 23).
  void persistQueryClientSave(options).catch(() => undefined);
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

/**
 * The session ended without Log Out (signed out elsewhere, the account disabled or deleted, a stored
 * session that could not be restored): stops storing and deletes every stored entry; with
 * `clearCache`, the answers this page holds go too (they were read as that user).
 */
export async function forgetAllPersistedQueries(options: { clearCache: boolean }, client = siteQueryClient) {
  stopQueryPersistence();
  if (options.clearCache) client.clear();
  await forgetEntriesBut();
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
