import { createStore } from '@hub/shared';
import {
  installOfferGlobal,
  installPromptAtom,
  listenForInstallPrompt,
  promptInstall,
  type BeforeInstallPromptEvent,
} from './install-prompt';

// The head's keeper, as the build inlines it into every page (host/build/startup-after-paint-plugin.js).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const head = require('../../build/keep-install-offer') as {
  installOfferGlobal: string;
  keepInstallOffer: (win: Window, key: string) => void;
};

function offerEvent() {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  Object.assign(event, { prompt: jest.fn(() => Promise.resolve()) });
  return event;
}

describe('install prompt', () => {
  let store: ReturnType<typeof createStore>;
  let stop: () => void;

  beforeEach(() => {
    // The module listens on the site's store at load; tests listen on their own store instead.
    listenForInstallPrompt()();
    store = createStore();
    stop = listenForInstallPrompt(window, store);
  });
  afterEach(() => stop());

  it('keeps the browser offer and suppresses the default infobar', () => {
    const event = offerEvent();
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(store.get(installPromptAtom)).toBe(event);
  });

  it('prompts once and clears the offer', async () => {
    const event = offerEvent();
    window.dispatchEvent(event);
    await promptInstall(store);
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(store.get(installPromptAtom)).toBeNull();
    await promptInstall(store);
    expect(event.prompt).toHaveBeenCalledTimes(1);
  });

  it('clears the offer once the app is installed', () => {
    window.dispatchEvent(offerEvent());
    window.dispatchEvent(new Event('appinstalled'));
    expect(store.get(installPromptAtom)).toBeNull();
  });

  it('listens only once', () => {
    expect(listenForInstallPrompt(window, store)).toBe(stop);
  });
});

describe('an offer made before the app started (issue 24: the app starts after the first paint)', () => {
  const kept = () => (window as unknown as Record<string, unknown>)[installOfferGlobal];
  beforeEach(() => {
    // The module listens on the site's store at load: this page's app has not started yet.
    listenForInstallPrompt()();
  });
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)[installOfferGlobal];
  });

  it('names the same window property as the head', () => {
    expect(head.installOfferGlobal).toBe(installOfferGlobal);
  });

  it('is kept by the head, the infobar suppressed, and taken by the app once it listens', () => {
    head.keepInstallOffer(window, installOfferGlobal);
    const early = offerEvent();
    window.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    const store = createStore();
    const stop = listenForInstallPrompt(window, store);
    expect(store.get(installPromptAtom)).toBe(early);
    // From then on the app's own listener has the offers; the head keeps nothing more.
    const later = offerEvent();
    window.dispatchEvent(later);
    expect(store.get(installPromptAtom)).toBe(later);
    expect(kept()).toEqual({ offer: null, taken: true });
    stop();
  });

  it('shows nothing when none was made, or when the site already runs as the installed app', () => {
    head.keepInstallOffer(window, installOfferGlobal);
    const store = createStore();
    let stop = listenForInstallPrompt(window, store);
    expect(store.get(installPromptAtom)).toBeNull();
    stop();

    head.keepInstallOffer(window, installOfferGlobal);
    window.dispatchEvent(offerEvent());
    const matchMedia = jest
      .spyOn(window, 'matchMedia')
      .mockImplementation((query) => ({ matches: true, media: query }) as MediaQueryList);
    stop = listenForInstallPrompt(window, store);
    expect(store.get(installPromptAtom)).toBeNull();
    stop();
    matchMedia.mockRestore();
  });
});
