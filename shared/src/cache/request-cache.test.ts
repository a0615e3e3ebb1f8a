import { cacheExpiryMs } from './cache-expiry';
import { RequestCache } from './request-cache';

/** A load function that answers with the call number, and counts its calls like fetch would. */
function counter() {
  return jest.fn(async () => `answer ${counter.calls++}`);
}
counter.calls = 1;

let consoleError: jest.SpyInstance;

beforeEach(() => {
  counter.calls = 1;
  jest.useFakeTimers();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('RequestCache (SPEC §7 Caching)', () => {
  it('keeps answers for 600000 ms (SPEC §9)', () => {
    expect(cacheExpiryMs).toBe(600000);
  });

  it('at 599999 ms an answer is still cached: no second request', async () => {
    const cache = new RequestCache();
    const load = counter();
    await expect(cache.get('community:1', load)).resolves.toBe('answer 1');
    jest.advanceTimersByTime(599999);
    await expect(cache.get('community:1', load)).resolves.toBe('answer 1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('at 600000 ms the answer has expired: it is requested again', async () => {
    const cache = new RequestCache();
    const load = counter();
    await cache.get('community:1', load);
    jest.advanceTimersByTime(600000);
    await expect(cache.get('community:1', load)).resolves.toBe('answer 2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('measures age with the injected clock', async () => {
    let now = 1_000;
    const cache = new RequestCache({ now: () => now });
    const load = counter();
    await cache.get('k', load);
    now += 599999;
    await cache.get('k', load);
    now += 1;
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a forced refresh asks again even for a fresh answer, and stores the new one', async () => {
    const cache = new RequestCache();
    const load = counter();
    await cache.get('k', load);
    await expect(cache.get('k', load, { forceRefresh: true })).resolves.toBe('answer 2');
    await expect(cache.get('k', load)).resolves.toBe('answer 2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('two concurrent identical requests share one network request', async () => {
    const cache = new RequestCache();
    const load = counter();
    const [first, second] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect(first).toBe('answer 1');
    expect(second).toBe('answer 1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a forced refresh joins a request already under way instead of starting another', async () => {
    const cache = new RequestCache();
    const load = counter();
    await Promise.all([cache.get('k', load), cache.get('k', load, { forceRefresh: true })]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('different keys do not share', async () => {
    const cache = new RequestCache();
    const load = counter();
    await Promise.all([cache.get('a', load), cache.get('b', load)]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('errors are logged and passed to every waiting caller, and not cached', async () => {
    const cache = new RequestCache();
    const failure = new Error('boom');
    const failing = jest.fn(() => Promise.reject(failure));
    const results = await Promise.allSettled([cache.get('k', failing), cache.get('k', failing)]);
    expect(results).toEqual([
      { status: 'rejected', reason: failure },
      { status: 'rejected', reason: failure },
    ]);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalledWith('Loading "k" failed; nothing was cached.', failure);

    const load = counter();
    await expect(cache.get('k', load)).resolves.toBe('answer 1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a load function that throws synchronously is treated like a failed request', async () => {
    const cache = new RequestCache();
    await expect(
      cache.get('k', () => {
        throw new TypeError('bug');
      }),
    ).rejects.toThrow('bug');
    expect(cache.peek('k')).toBeUndefined();
  });

  it('invalidate and invalidateMany forget answers', async () => {
    const cache = new RequestCache();
    const load = counter();
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    cache.invalidate('a');
    cache.invalidateMany(['b']);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('c')).toBe('answer 3');
    await expect(cache.get('a', load)).resolves.toBe('answer 4');
  });

  it('an answer that arrives after its key was invalidated is not stored, and is not joined', async () => {
    const cache = new RequestCache();
    let release: (value: string) => void = () => undefined;
    const slow = jest.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const stale = cache.get('k', slow);
    cache.invalidate('k');
    const load = counter();
    const fresh = cache.get('k', load);
    release('stale answer');
    await expect(stale).resolves.toBe('stale answer');
    await expect(fresh).resolves.toBe('answer 1');
    expect(cache.peek('k')).toBe('answer 1');
  });

  it('clear forgets everything', async () => {
    const cache = new RequestCache();
    const load = counter();
    await cache.get('a', load);
    cache.clear();
    expect(cache.peek('a')).toBeUndefined();
  });
});
