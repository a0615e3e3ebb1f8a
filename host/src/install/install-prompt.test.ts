import { createStore } from '@hub/shared';
import {
  installPromptAtom,
  listenForInstallPrompt,
  promptInstall,
  type BeforeInstallPromptEvent,
} from './install-prompt';

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
