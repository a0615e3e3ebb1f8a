import { createStore } from '../store/hub-jotai';
import { authStatusAtom } from './auth-state';
import { authLoadingWaitMs, waitForAuthReady } from './auth-ready';

/** Lets pending promise callbacks run without moving the fake clock. */
const flush = () => Promise.resolve().then(() => undefined);

/** Tracks whether a promise has settled yet. */
function track(promise: Promise<void>) {
  const state = { settled: false };
  void promise.then(() => {
    state.settled = true;
  });
  return state;
}

describe('waitForAuthReady (SPEC §2: wait for the auth loading flag, at most 5000 ms)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits at most 5000 ms by default (SPEC §9)', () => {
    expect(authLoadingWaitMs).toBe(5000);
  });

  it.each(['loggedOut', 'loggedIn'] as const)('resolves at once when the status is %s', async (status) => {
    const store = createStore();
    store.set(authStatusAtom, status);
    const state = track(waitForAuthReady(undefined, store));
    await flush();
    await flush();
    expect(state.settled).toBe(true);
  });

  it('while loading it is still pending at 4999 ms and resolves at 5000 ms', async () => {
    const store = createStore();
    store.set(authStatusAtom, 'loading');
    const state = track(waitForAuthReady(undefined, store));

    await jest.advanceTimersByTimeAsync(4999);
    expect(state.settled).toBe(false);

    await jest.advanceTimersByTimeAsync(1);
    expect(state.settled).toBe(true);
    // Navigation goes on either way: the status is untouched.
    expect(store.get(authStatusAtom)).toBe('loading');
  });

  it('resolves as soon as the status stops loading, without waiting for the timeout', async () => {
    const store = createStore();
    store.set(authStatusAtom, 'loading');
    const state = track(waitForAuthReady(undefined, store));

    await jest.advanceTimersByTimeAsync(1000);
    expect(state.settled).toBe(false);

    store.set(authStatusAtom, 'loggedIn');
    await flush();
    await flush();
    expect(state.settled).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('only listens to the store it was given', async () => {
    const store = createStore();
    const other = createStore();
    store.set(authStatusAtom, 'loading');
    other.set(authStatusAtom, 'loading');
    const state = track(waitForAuthReady(undefined, store));

    other.set(authStatusAtom, 'loggedOut');
    await jest.advanceTimersByTimeAsync(10);
    expect(state.settled).toBe(false);

    store.set(authStatusAtom, 'loggedOut');
    await flush();
    await flush();
    expect(state.settled).toBe(true);
  });
});
