import { createHubQueryClient } from './query-client';
import {
  forgetAllPersistedQueries,
  forgetPersistedQueries,
  persistedQueriesKey,
  persistThrottleMs,
  shouldPersistQuery,
  startQueryPersistence,
  stopQueryPersistence,
} from './query-persistence';
import { logout, setSignOutProvider } from '../auth/session-actions';

// IndexedDB as idb-keyval sees it: one map of keys to values.
const idb = new Map<string, unknown>();
jest.mock('idb-keyval', () => ({
  get: jest.fn(async (key: string) => idb.get(key)),
  set: jest.fn(async (key: string, value: unknown) => void idb.set(key, structuredClone(value))),
  del: jest.fn(async (key: string) => void idb.delete(key)),
  delMany: jest.fn(async (keys: string[]) => keys.forEach((key) => idb.delete(key))),
  keys: jest.fn(async () => [...idb.keys()]),
}));

// jsdom has no IndexedDB: the module only checks that one exists (idb-keyval is replaced above).
Object.defineProperty(globalThis, 'indexedDB', { configurable: true, value: {} });

const success = (queryKey: unknown[]) => ({ queryKey, state: { status: 'success' } }) as never;

beforeEach(() => {
  idb.clear();
  stopQueryPersistence();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('shouldPersistQuery', () => {
  it('keeps what My hub, Events I attend and visited pages read', () => {
    for (const key of [
      ['user', 'info'],
      ['events', 'mine', { when: 'upcoming' }],
      ['events', 'detail', '3'],
      ['events', 'list', {}],
      ['events', 'viewer', '3', 'uid-1'],
      ['communities', 'detail', '1'],
      ['communities', 'overview'],
      ['community-bases', '1'],
      ['countries'],
    ]) {
      expect([key, shouldPersistQuery(success(key))]).toEqual([key, true]);
    }
  });

  it('never keeps management, admin or private answers, nor an unfinished read', () => {
    for (const key of [
      ['events', 'attendees', '3'],
      ['events', 'whos-going', '3', 'uid-1'],
      ['communities', 'core-members', '1'],
      ['manage', 'communities', {}],
      ['admin', 'users', {}],
      ['user', 'calendar-feed'],
      ['platform', 'remotes'],
    ]) {
      expect([key, shouldPersistQuery(success(key))]).toEqual([key, false]);
    }
    expect(shouldPersistQuery({ queryKey: ['user', 'info'], state: { status: 'error' } } as never)).toBe(false);
  });
});

describe('per-user persistence', () => {
  it('stores one user’s answers under their own key and restores them for them only', async () => {
    const first = createHubQueryClient();
    await startQueryPersistence('uid-a', first);
    first.setQueryData(['events', 'mine', { when: 'upcoming' }], { items: ['e1'] });
    first.setQueryData(['admin', 'users', {}], { items: ['secret'] });
    await jest.advanceTimersByTimeAsync(persistThrottleMs);
    expect([...idb.keys()]).toEqual([persistedQueriesKey('uid-a')]);

    // The next page load of the same user, offline.
    stopQueryPersistence();
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const sameUser = createHubQueryClient();
    await startQueryPersistence('uid-a', sameUser);
    expect(sameUser.getQueryData(['events', 'mine', { when: 'upcoming' }])).toEqual({ items: ['e1'] });
    expect(sameUser.getQueryData(['admin', 'users', {}])).toBeUndefined();

    const otherUser = createHubQueryClient();
    await startQueryPersistence('uid-b', otherUser);
    expect(otherUser.getQueryData(['events', 'mine', { when: 'upcoming' }])).toBeUndefined();
    onLine.mockRestore();
  });

  it('online, a page load shows the stored answers but asks again: they are not fresh', async () => {
    const first = createHubQueryClient();
    await startQueryPersistence('uid-a', first);
    first.setQueryData(['events', 'mine', { when: 'upcoming' }], { items: ['before the change'] });
    await jest.advanceTimersByTimeAsync(persistThrottleMs);
    expect(idb.has(persistedQueriesKey('uid-a'))).toBe(true);

    stopQueryPersistence();
    const reloaded = createHubQueryClient();
    reloaded.setQueryData(['user', 'info'], { userId: 'a' });
    await startQueryPersistence('uid-a', reloaded);
    const restored = reloaded.getQueryCache().find({ queryKey: ['events', 'mine', { when: 'upcoming' }] })!;
    expect(restored.state.data).toEqual({ items: ['before the change'] });
    expect(restored.state.isInvalidated).toBe(true);
    // What this page load read itself is left as it is.
    expect(reloaded.getQueryCache().find({ queryKey: ['user', 'info'] })!.state.isInvalidated).toBe(false);
  });

  it('writes an answer as soon as it arrives, not a second later (issue 23)', async () => {
    const client = createHubQueryClient();
    await startQueryPersistence('uid-a', client);
    client.setQueryData(['communities', 'detail', '2'], { id: 2 });
    // The cache reports it in its next task (TanStack's notify manager); no throttle's second after:
    // a page left by a full load right now still has it next time.
    await jest.advanceTimersByTimeAsync(0);
    const stored = idb.get(persistedQueriesKey('uid-a')) as { clientState: { queries: { queryKey: unknown }[] } };
    expect(stored.clientState.queries.map((q) => q.queryKey)).toEqual([['communities', 'detail', '2']]);
  });

  it('stores at once what the page read before the user was known (issue 23)', async () => {
    const client = createHubQueryClient();
    client.setQueryData(['communities', 'detail', '2'], { id: 2 });
    await startQueryPersistence('uid-a', client);
    await jest.advanceTimersByTimeAsync(0);
    const stored = idb.get(persistedQueriesKey('uid-a')) as { clientState: { queries: { queryKey: unknown }[] } };
    expect(stored.clientState.queries.map((q) => q.queryKey)).toEqual([['communities', 'detail', '2']]);
  });

  it('writes the answers of one task together, one write at a time, and the newest last', async () => {
    const { set } = jest.requireMock<{ set: jest.Mock }>('idb-keyval');
    set.mockClear();
    const client = createHubQueryClient();
    await startQueryPersistence('uid-a', client);
    for (let i = 0; i < 10; i++) client.setQueryData(['events', 'detail', String(i)], { id: i });
    await jest.advanceTimersByTimeAsync(0);
    expect(set).toHaveBeenCalledTimes(1);
    // A later answer is written at once too.
    client.setQueryData(['events', 'detail', '10'], { id: 10 });
    await jest.advanceTimersByTimeAsync(0);
    expect(set).toHaveBeenCalledTimes(2);
    // A change with no new answer waits for the throttle.
    await client.invalidateQueries({ queryKey: ['events'], refetchType: 'none' });
    await jest.advanceTimersByTimeAsync(0);
    expect(set).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(persistThrottleMs);
    expect(set).toHaveBeenCalledTimes(3);
    const stored = idb.get(persistedQueriesKey('uid-a')) as { clientState: { queries: unknown[] } };
    expect(stored.clientState.queries).toHaveLength(11);
  });

  it('another user signing in: the previous user’s answers leave the page and the device (issue 23)', async () => {
    const client = createHubQueryClient();
    await startQueryPersistence('uid-a', client);
    client.setQueryData(['user', 'info'], { email: 'a@hub.test' });
    await jest.advanceTimersByTimeAsync(0);
    expect(idb.has(persistedQueriesKey('uid-a'))).toBe(true);

    await startQueryPersistence('uid-b', client);
    expect(client.getQueryData(['user', 'info'])).toBeUndefined();
    expect(idb.has(persistedQueriesKey('uid-a'))).toBe(false);
    client.setQueryData(['user', 'info'], { email: 'b@hub.test' });
    await jest.advanceTimersByTimeAsync(0);
    expect([...idb.keys()]).toEqual([persistedQueriesKey('uid-b')]);
  });

  it('an earlier user’s entry left on the device goes when the next user’s session starts (issue 23)', async () => {
    idb.set(persistedQueriesKey('uid-gone'), { clientState: { queries: [] } });
    idb.set('another-app-key', 1);
    await startQueryPersistence('uid-b', createHubQueryClient());
    expect([...idb.keys()]).toEqual(['another-app-key']);
  });

  it('a session ended without Log Out deletes every stored entry, and the page’s answers if it was signed in here (issue 23)', async () => {
    const client = createHubQueryClient();
    await startQueryPersistence('uid-a', client);
    client.setQueryData(['user', 'info'], { email: 'a@hub.test' });
    await jest.advanceTimersByTimeAsync(0);
    idb.set(persistedQueriesKey('uid-old'), { clientState: { queries: [] } });

    await forgetAllPersistedQueries({ clearCache: true }, client);
    expect(idb.size).toBe(0);
    expect(client.getQueryData(['user', 'info'])).toBeUndefined();
    // Nothing writes it back.
    client.setQueryData(['user', 'info'], { email: 'a@hub.test' });
    await jest.advanceTimersByTimeAsync(persistThrottleMs * 2);
    expect(idb.size).toBe(0);
  });

  it('deletes the user’s entry at logout, and nothing writes it back', async () => {
    const client = createHubQueryClient();
    await startQueryPersistence('uid-a', client);
    client.setQueryData(['user', 'info'], { userId: 'a' });
    await jest.advanceTimersByTimeAsync(persistThrottleMs);
    expect(idb.has(persistedQueriesKey('uid-a'))).toBe(true);

    client.setQueryData(['events', 'detail', '1'], { id: 1 }); // a write still pending at logout
    await forgetPersistedQueries();
    client.clear();
    await jest.advanceTimersByTimeAsync(persistThrottleMs * 2);
    expect(idb.size).toBe(0);
  });

  it('is cleared by SPEC §4 logout', async () => {
    // jsdom cannot navigate: it reports the reload to the console instead.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setSignOutProvider(async () => undefined);
    const client = createHubQueryClient();
    await startQueryPersistence('uid-a', client);
    client.setQueryData(['user', 'info'], { userId: 'a' });
    await jest.advanceTimersByTimeAsync(persistThrottleMs);
    await logout();
    expect(idb.size).toBe(0);
    consoleError.mockRestore();
  });
});

describe('leaving the page', () => {
  it('writes what waits for the throttle when the page goes away', async () => {
    const client = createHubQueryClient();
    await startQueryPersistence('uid-a', client);
    client.setQueryData(['events', 'list', {}], { items: [1] });
    window.dispatchEvent(new Event('pagehide'));
    await Promise.resolve();
    expect(idb.has(persistedQueriesKey('uid-a'))).toBe(true);
  });
});
