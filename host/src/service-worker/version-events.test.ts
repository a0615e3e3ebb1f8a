import {
  reactToVersionEvent,
  watchVersionEvents,
  checkForUpdate,
  type VersionReactions,
  type VersionEvent,
} from './version-events';
import { workerMessages } from './worker-messages';

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  scriptURL = 'https://hub.example/ngsw-worker.js';
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  update = jest.fn(async () => undefined);
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

function reactionsSpy() {
  const calls: string[] = [];
  let onController: () => void = () => undefined;
  let toastAction: () => void = () => undefined;
  const reactions: VersionReactions = {
    productName: () => 'Community Hub',
    toast: ({ title, actionLabel, onAction }) => {
      calls.push(`toast: ${title} [${actionLabel}]`);
      toastAction = onAction;
    },
    alert: async ({ title, subtitle }) => {
      calls.push(`alert: ${title} — ${subtitle}`);
    },
    activateWaiting: () => calls.push('skip waiting'),
    onNextController: (callback) => (onController = callback),
    reload: () => calls.push('reload'),
    logError: (message) => calls.push(`log: ${String(message)}`),
  };
  return { calls, reactions, clickAction: () => toastAction(), controllerChanges: () => onController() };
}

describe('reactToVersionEvent', () => {
  it('shows nothing for a detected version nor when there is no new version', async () => {
    const spy = reactionsSpy();
    await reactToVersionEvent('detected', spy.reactions);
    await reactToVersionEvent('no-new-version', spy.reactions);
    expect(spy.calls).toEqual([]);
  });

  it('offers Reload when a version is ready; Reload activates it and reloads once, when it controls the page', async () => {
    const spy = reactionsSpy();
    await reactToVersionEvent('ready', spy.reactions);
    expect(spy.calls).toEqual(['toast: A new version of Community Hub is available [Reload]']);
    spy.clickAction();
    spy.clickAction();
    expect(spy.calls.slice(1)).toEqual(['skip waiting']);
    spy.controllerChanges();
    expect(spy.calls.slice(1)).toEqual(['skip waiting', 'reload']);
  });

  it('logs a failed installation and shows nothing', async () => {
    const spy = reactionsSpy();
    await reactToVersionEvent('installation-failed', spy.reactions, 'https://hub.example/ngsw-worker.js');
    expect(spy.calls).toEqual(['log: A new version of the site could not be installed']);
  });

  it('says the page will reload when the state is unrecoverable, then reloads', async () => {
    const spy = reactionsSpy();
    await reactToVersionEvent('unrecoverable', spy.reactions);
    expect(spy.calls).toEqual([
      'alert: This page must reload — Part of this version of Community Hub is no longer available on this device. The page will reload to get the current version.',
      'reload',
    ]);
  });
});

describe('watchVersionEvents', () => {
  const workbox = () => {
    const target = new EventTarget();
    return {
      target,
      addEventListener: (type: string, listener: (event: { data: unknown }) => void) =>
        target.addEventListener(type, (event) => listener(event as unknown as { data: unknown })),
    };
  };

  function watch(controlled: boolean) {
    const events: VersionEvent[] = [];
    const registration = new FakeRegistration();
    const box = workbox();
    watchVersionEvents(
      box as never,
      registration as unknown as ServiceWorkerRegistration,
      (event) => events.push(event),
      () => controlled,
    );
    return { events, registration, box };
  }

  it('reports an update found, then ready once it has installed', () => {
    const { events, registration } = watch(true);
    const next = new FakeWorker();
    registration.found(next);
    expect(events).toEqual(['detected']);
    next.moveTo('installed');
    expect(events).toEqual(['detected', 'ready']);
  });

  it('announces nothing for the first worker of a page', () => {
    const { events, registration } = watch(false);
    const first = new FakeWorker();
    registration.found(first);
    first.moveTo('installed');
    first.moveTo('activating');
    first.moveTo('activated');
    expect(events).toEqual([]);
  });

  it('reports a worker that became redundant without installing as a failed installation', () => {
    const { events, registration } = watch(true);
    const broken = new FakeWorker();
    registration.found(broken);
    broken.moveTo('redundant');
    expect(events).toEqual(['detected', 'installation-failed']);
  });

  it('reports a version already waiting when the page registers as ready', () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker();
    const events: VersionEvent[] = [];
    watchVersionEvents(
      workbox() as never,
      registration as unknown as ServiceWorkerRegistration,
      (e) => events.push(e),
      () => true,
    );
    expect(events).toEqual(['ready']);
  });

  it('reports the worker’s unrecoverable-state message', () => {
    const { events, box } = watch(true);
    const message = Object.assign(new Event('message'), { data: { type: workerMessages.unrecoverable } });
    box.target.dispatchEvent(message);
    expect(events).toEqual(['unrecoverable']);
  });
});

describe('checkForUpdate', () => {
  it('reports no new version when the server has none', async () => {
    const registration = new FakeRegistration();
    const events: VersionEvent[] = [];
    await checkForUpdate(registration as unknown as ServiceWorkerRegistration, (e) => events.push(e));
    expect(registration.update).toHaveBeenCalled();
    expect(events).toEqual(['no-new-version']);
  });

  it('reports nothing itself when an update was found (the watcher reports it)', async () => {
    const registration = new FakeRegistration();
    registration.update.mockImplementation(async () => {
      registration.found(new FakeWorker());
      return undefined;
    });
    const events: VersionEvent[] = [];
    await checkForUpdate(registration as unknown as ServiceWorkerRegistration, (e) => events.push(e));
    expect(events).toEqual([]);
  });
});
