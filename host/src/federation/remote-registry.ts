import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  preloadPage,
  remoteNames,
  type RemoteName,
  type RemotePageKey,
  type RemoteRoutes,
  type RemotesManifest,
} from '@hub/shared';
import { containerName } from './container-name';
import { forgetManifest, screensOfManifest } from './remote-screens';

/**
 * Remotes are discovered at run time: the host is built without any remote URL and reads
 * `/remotes.json` (deploy-time configuration, served no-store) before rendering.
 */
let manifest: Partial<RemotesManifest> = {};

export { containerName };

export async function fetchRemotesManifest(url = '/remotes.json'): Promise<Partial<RemotesManifest>> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Could not read ${url} (HTTP ${response.status})`);
  const body = (await response.json()) as Record<string, unknown>;
  const known: Partial<RemotesManifest> = {};
  for (const name of remoteNames) {
    const entry = body[name];
    if (typeof entry === 'string' && entry) known[name] = entry;
  }
  return known;
}

export function registerRemotesFrom(next: Partial<RemotesManifest>): void {
  manifest = next;
  registerRemotes(
    Object.entries(next).map(([alias, entry]) => ({ name: containerName(alias as RemoteName), alias, entry })),
  );
}

/** Forgets everything loaded from a remote so the next load fetches its manifest and entry again. */
export function resetRemote(remote: RemoteName): void {
  const entry = manifest[remote];
  if (!entry) return;
  forgetManifest(entry);
  registerRemotes([{ name: containerName(remote), alias: remote, entry }], { force: true });
}

const loads = new Map<string, Promise<unknown>>();
const generations = new Map<RemoteName, number>();
/** Remotes whose entry this page has already run (a route or widget of theirs was loaded). */
const entered = new Set<RemoteName>();
const enteredListeners = new Set<(remote: RemoteName) => void>();

const keyOf = (remote: RemoteName, exposed: string) => `${remote}/${exposed}@${generations.get(remote) ?? 0}`;

/**
 * Loads an exposed module once per "generation" of its remote. Retry bumps the generation,
 * which resets the remote in the federation runtime and makes the next render load it afresh.
 */
export function loadRemoteModule<T>(remote: RemoteName, exposed: string): Promise<T> {
  const key = keyOf(remote, exposed);
  let pending = loads.get(key) as Promise<T> | undefined;
  if (!pending) {
    if (!manifest[remote]) {
      pending = Promise.reject(new Error(`No deployment is configured for the '${remote}' area.`));
    } else {
      pending = loadRemote<T>(`${remote}/${exposed}`).then((mod) => {
        if (!mod) throw new Error(`The '${remote}' area returned no module for '${exposed}'.`);
        if (!entered.has(remote)) {
          entered.add(remote);
          for (const listener of enteredListeners) listener(remote);
        }
        return mod;
      });
    }
    loads.set(key, pending);
  }
  return pending;
}

/** What a remote's live release says of its screens (its manifest, at the address `/remotes.json` gives). */
export function remoteScreens(remote: RemoteName): ReturnType<typeof screensOfManifest> {
  const entry = manifest[remote];
  return entry ? screensOfManifest(entry) : Promise.resolve({});
}

export function retryRemote(remote: RemoteName): void {
  resetRemote(remote);
  generations.set(remote, (generations.get(remote) ?? 0) + 1);
}

/** Whether this page has already fetched and run a remote's entry (idle preloading only warms those). */
export const isRemoteEntered = (remote: RemoteName) => entered.has(remote);

/** Called each time a remote's entry has run for the first time on this page. */
export function onRemoteEntered(listener: (remote: RemoteName) => void): () => void {
  enteredListeners.add(listener);
  return () => enteredListeners.delete(listener);
}

/**
 * Fetches a remote screen's code before it is shown: the area's entry and routes module (with the
 * federation runtime's `preloadRemote`, which fetches the entry and the module's chunks side by
 * side instead of one after the other) and then the screen's own chunk (`lazyPage`'s preload).
 * It never fails and never leaves a failure of its own behind: a remote that is down when a link
 * is merely pointed at is reset, so the click that may follow loads it afresh; a failure a screen
 * already met stays until that screen's Retry.
 */
export function preloadRemotePage<R extends RemoteName>(remote: R, page: RemotePageKey<R>): Promise<void> {
  if (!manifest[remote]) return Promise.resolve();
  if (!entered.has(remote)) {
    preloadRemote([{ nameOrAlias: remote, exposes: ['routes'], resourceCategory: 'sync' }]).catch(() => undefined);
  }
  const key = keyOf(remote, 'routes');
  // A load a screen started is left as it is, failed or not: its area owns the failure and Retry.
  const ours = !loads.has(key);
  const pending = loadRemoteModule<RemoteRoutes<R>>(remote, 'routes');
  return pending.then(
    (module) => preloadPage(module.pages[page]),
    () => {
      if (!ours || loads.get(key) !== pending) return;
      loads.delete(key);
      resetRemote(remote);
    },
  );
}
