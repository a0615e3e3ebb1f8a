import { registerServiceWorker, registrationFailedText, registrationMark } from './register-service-worker';
import type { StabilityEnvironment } from './when-stable';

const register = jest.fn();
jest.mock('workbox-window', () => ({
  Workbox: jest.fn().mockImplementation(() => ({
    register,
    addEventListener: jest.fn(),
    messageSW: jest.fn(),
    messageSkipWaiting: jest.fn(),
    active: new Promise(() => undefined),
  })),
}));

const stableAt = (): StabilityEnvironment & { settle: () => void } => {
  let loaded: () => void = () => undefined;
  return {
    loaded: () => new Promise<void>((resolve) => (loaded = resolve)),
    onResource: () => () => undefined,
    whenIdle: (callback) => callback(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    settle: () => loaded(),
  };
};

const fakeRegistration = () =>
  ({
    installing: null,
    waiting: null,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    update: jest.fn().mockResolvedValue(undefined),
  }) as unknown as ServiceWorkerRegistration;

beforeAll(() => {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: null, addEventListener: jest.fn() },
  });
});
beforeEach(() => {
  register.mockReset();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('registerServiceWorker', () => {
  it('does nothing in a development build', async () => {
    await expect(registerServiceWorker({ production: false })).resolves.toBeUndefined();
    expect(register).not.toHaveBeenCalled();
  });

  it('registers /ngsw-worker.js in production, only once the app is stable', async () => {
    register.mockResolvedValue(fakeRegistration());
    const page = stableAt();
    const mark = jest.spyOn(performance, 'mark');
    const done = registerServiceWorker({ production: true, stability: page });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(register).not.toHaveBeenCalled();
    // The mark that ends what the page itself cost (the e2e budget guard) is set only once stable.
    expect(mark).not.toHaveBeenCalledWith(registrationMark);
    page.settle();
    await jest.advanceTimersByTimeAsync(1_100);
    await expect(done).resolves.toBeDefined();
    expect(register).toHaveBeenCalledTimes(1);
    expect(mark).toHaveBeenCalledWith(registrationMark);
    mark.mockRestore();
    const { Workbox } = jest.requireMock<{ Workbox: jest.Mock }>('workbox-window');
    expect(Workbox).toHaveBeenLastCalledWith('/ngsw-worker.js');
  });

  it('registers after 30 s at the latest, stable or not', async () => {
    register.mockResolvedValue(fakeRegistration());
    const done = registerServiceWorker({ production: true, stability: stableAt() });
    await jest.advanceTimersByTimeAsync(29_000);
    expect(register).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1_000);
    await done;
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('logs a failed registration to the console (SPEC §8) and lets the site run on', async () => {
    const failure = new Error('SecurityError');
    register.mockRejectedValue(failure);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const done = registerServiceWorker({ production: true, stability: stableAt() });
    await jest.advanceTimersByTimeAsync(30_000);
    await expect(done).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith('Service worker registration failed', failure);
    expect(registrationFailedText).toBe('Service worker registration failed');
    error.mockRestore();
  });
});
