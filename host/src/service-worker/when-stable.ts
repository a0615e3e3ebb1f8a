/**
 * SPEC §9's `registerWhenStable:30000`: the worker is registered once the app is stable, or after
 * 30 s at the latest. Registering downloads and precaches the shell, which must not compete with
 * the first page's own requests. "Stable" here: the page has loaded, nothing has been fetched for a
 * second (the route's remote, its chunks and its data have arrived), and the main thread is idle.
 */
export const registerAtTheLatestMs = 30_000;
/** How long the network must stay quiet before the app counts as stable. */
export const quietPeriodMs = 1_000;

export interface StabilityEnvironment {
  /** Resolves when the page's `load` event has fired. */
  loaded(): Promise<void>;
  /** Calls back with each resource fetched from now on; returns a function that stops listening. */
  onResource(callback: () => void): () => void;
  /** requestIdleCallback where there is one, a short timer elsewhere. */
  whenIdle(callback: () => void): void;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserStability = (): StabilityEnvironment => ({
  loaded: () =>
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true })),
  onResource: (callback) => {
    if (typeof PerformanceObserver === 'undefined') return () => undefined;
    const observer = new PerformanceObserver(() => callback());
    observer.observe({ type: 'resource' });
    return () => observer.disconnect();
  },
  whenIdle: (callback) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => callback(), { timeout: 2_000 });
    else window.setTimeout(callback, 50);
  },
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
});

/** Resolves once the app is stable, or at `latestMs`, whichever comes first. */
export function whenStable(
  environment: StabilityEnvironment = browserStability(),
  { latestMs = registerAtTheLatestMs, quietMs = quietPeriodMs } = {},
): Promise<'stable' | 'timeout'> {
  return new Promise((resolve) => {
    let settled = false;
    let quietTimer: unknown;
    let stopListening = () => {};
    const finish = (how: 'stable' | 'timeout') => {
      if (settled) return;
      settled = true;
      stopListening();
      environment.clearTimeout(quietTimer);
      environment.clearTimeout(latest);
      resolve(how);
    };
    const latest = environment.setTimeout(() => finish('timeout'), latestMs);
    const waitForQuiet = () => {
      environment.clearTimeout(quietTimer);
      quietTimer = environment.setTimeout(() => environment.whenIdle(() => finish('stable')), quietMs);
    };
    void environment.loaded().then(() => {
      if (settled) return;
      stopListening = environment.onResource(waitForQuiet);
      waitForQuiet();
    });
  });
}
