import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FolderObjectStore } from './release-folder-store';
import type { ReleaseHistory, ReleaseStore } from './release-store';
import { distDir, type AppName } from '../../serving/src/site-config';

/**
 * What devstack's static servers serve of the release store. A folder store is served by them:
 * the host from its current release (or its build before the first), a remote's releases at its
 * `/releases/`. A container is served by itself (or its CDN): the remotes' releases load straight
 * from it, and the local host server serves the host's build with the store's live `/remotes.json`.
 */
export class ServedReleases {
  private readonly folder: FolderObjectStore | null;

  constructor(
    readonly store: ReleaseStore,
    /** Where an app is served from before its first release. */
    readonly buildDir: (app: AppName) => string = distDir,
  ) {
    this.folder = store.objects instanceof FolderObjectStore ? store.objects : null;
  }

  /** Synchronous: the static server asks on every request, as a CDN reads its current pointer. */
  private historyOf(app: AppName): ReleaseHistory | null {
    if (!this.folder) return null;
    const file = this.folder.pathOf(`${app}/history.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ReleaseHistory) : null;
  }

  releasesDir = (app: AppName): string | null => (this.folder ? this.folder.pathOf(`${app}/releases`) : null);

  /** The folder the host is served from now: its current release, or its build. */
  hostDir(): string {
    const id = this.historyOf('host')?.live.at(-1);
    return id ? path.join(this.releasesDir('host')!, id) : this.buildDir('host');
  }

  /** Earlier releases of the host, newest first, then its build: a page opened before a release still finds its chunks. */
  hostFallbackDirs(): string[] {
    const releases = this.historyOf('host')?.releases ?? [];
    return [...releases.map((r) => path.join(this.releasesDir('host')!, r.id)).reverse(), this.buildDir('host')];
  }

  remotesDocument = () => this.store.remotesDocument();
}
