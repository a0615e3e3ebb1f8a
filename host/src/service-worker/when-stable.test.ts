import { whenStable, type StabilityEnvironment } from './when-stable';

/** A page whose load, fetches and idle moments the test decides, on jest's fake clock. */
function fakePage() {
  let loaded: () => void = () => undefined;
  let resource: () => void = () => undefined;
  const environment: StabilityEnvironment = {
    loaded: () => new Promise<void>((resolve) => (loaded = resolve)),
    onResource: (callback) => {
      resource = callback;
      return () => (resource = () => undefined);
    },
    whenIdle: (callback) => setTimeout(callback, 0),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  return { environment, load: () => loaded(), fetch: () => resource() };
}

async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await jest.advanceTimersByTimeAsync(ms);
  return done;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('whenStable (SPEC §9 registerWhenStable:30000)', () => {
  it('waits for the page to load, then for a quiet second and an idle moment', async () => {
    const page = fakePage();
    const stable = whenStable(page.environment);
    expect(await settledWithin(stable, 5_000)).toBe(false);
    page.load();
    expect(await settledWithin(stable, 900)).toBe(false);
    expect(await settledWithin(stable, 200)).toBe(true);
    await expect(stable).resolves.toBe('stable');
  });

  it('is not stable while the page keeps fetching (its route, remote and reads arriving)', async () => {
    const page = fakePage();
    const stable = whenStable(page.environment);
    page.load();
    for (let i = 0; i < 5; i++) {
      expect(await settledWithin(stable, 800)).toBe(false);
      page.fetch();
    }
    expect(await settledWithin(stable, 1_100)).toBe(true);
    await expect(stable).resolves.toBe('stable');
  });

  it('gives up waiting at 30 s', async () => {
    const page = fakePage();
    const stable = whenStable(page.environment);
    expect(await settledWithin(stable, 29_900)).toBe(false);
    expect(await settledWithin(stable, 200)).toBe(true);
    await expect(stable).resolves.toBe('timeout');
  });

  it('gives up at 30 s even when the page never stops fetching', async () => {
    const page = fakePage();
    const stable = whenStable(page.environment);
    page.load();
    const poll = setInterval(() => page.fetch(), 500);
    expect(await settledWithin(stable, 30_100)).toBe(true);
    clearInterval(poll);
    await expect(stable).resolves.toBe('timeout');
  });
});
