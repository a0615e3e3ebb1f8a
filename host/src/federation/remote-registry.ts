import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteNames, type RemoteName, type RemotesManifest } from '@hub/shared';
import { containerName } from './container-name';

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
  registerRemotes([{ name: containerName(remote), alias: remote, entry }], { force: true });
}

const loads = new Map<string, Promise<unknown>>();
const generations = new Map<RemoteName, number>();

/**
 * Loads an exposed module once per "generation" of its remote. Retry bumps the generation,
 * which resets the remote in the federation runtime and makes the next render load it afresh.
 */
export function loadRemoteModule<T>(remote: RemoteName, exposed: string): Promise<T> {
  const generation = generations.get(remote) ?? 0;
  const key = `${remote}/${exposed}@${generation}`;
  let pending = loads.get(key) as Promise<T> | undefined;
  if (!pending) {
    if (!manifest[remote]) {
      pending = Promise.reject(new Error(`No deployment is configured for the '${remote}' area.`));
    } else {
      pending = loadRemote<T>(`${remote}/${exposed}`).then((mod) => {
        if (!mod) throw new Error(`The '${remote}' area returned no module for '${exposed}'.`);
        return mod;
      });
    }
    loads.set(key, pending);
  }
  return pending;
}

export function retryRemote(remote: RemoteName): void {
  resetRemote(remote);
  generations.set(remote, (generations.get(remote) ?? 0) + 1);
}
