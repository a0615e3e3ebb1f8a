import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { distDir, remoteApps, remotesDocument, repoRoot, type AppName } from './site-config';
import { describeSkew, skewProblems, type FederationManifest } from './skew-gate';

/**
 * Versioned, reversible releases of each app, laid out as they would be in an object store behind a
 * CDN (one bucket per origin):
 *
 *   <root>/<app>/releases/<release id>/   immutable: the app's build, never written again
 *   <root>/<app>/history.json             the command's bookkeeping: every release, the live stack, a log
 *   <root>/remotes.json                   the one mutable document: each remote's current manifest URL
 *
 * A remote's origin serves its releases at `/releases/<release id>/`; the host's `/remotes.json` is
 * this file (served no-store), so releasing or rolling back a remote is writing one small JSON file.
 * The host is served from its current release (the top of its live stack). Before any release of an
 * app, its `dist/` is what is served (the default layout of `npm start` and `npm test`).
 */
export const defaultReleasesRoot = () => process.env.HUB_RELEASES_DIR || path.join(repoRoot, '.releases');

export interface ReleaseRecord {
  id: string;
  /** The build's own id (mf-manifest.json `metaData.buildInfo.hubBuildId`). */
  buildId: string;
  releasedAt: string;
  /** Released past a refusal of the skew gate (`--force`). */
  forced?: boolean;
}

export interface ReleaseHistory {
  /** Every release ever made of the app, oldest first. */
  releases: ReleaseRecord[];
  /** What has been live, oldest first: the last is current; a rollback returns to the one before it. */
  live: string[];
  log: Array<{ at: string; action: 'release' | 'rollback'; id: string; from: string | null }>;
}

export class ReleaseRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReleaseRefusedError';
  }
}

const emptyHistory = (): ReleaseHistory => ({ releases: [], live: [], log: [] });

/** Written beside the target and renamed over it: a reader never sees half a file. */
async function writeJsonAtomic(file: string, data: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(data, null, 2)}\n`);
  await rename(temporary, file);
}

/** `20260501T101500Z-<build id>`: sortable by time, and says which build it holds. */
export function newReleaseId(buildId: string, now: Date): string {
  const time = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const slug = buildId
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug ? `${time}-${slug}` : time;
}

export async function readManifest(dir: string): Promise<FederationManifest> {
  const file = path.join(dir, 'mf-manifest.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')) as FederationManifest;
  } catch (error) {
    throw new Error(`No readable mf-manifest.json in ${dir}: build the app first.`, { cause: error });
  }
}

export interface ReleaseOptions {
  /** Release even though the skew gate refuses (the refusal is still reported and recorded). */
  force?: boolean;
  now?: Date;
  log?: (line: string) => void;
}

export class ReleaseStore {
  constructor(
    readonly root: string = defaultReleasesRoot(),
    /** Where an app is served from before its first release. */
    readonly buildDir: (app: AppName) => string = distDir,
    /** `/remotes.json` before any remote is released: the deploy-time default. */
    private readonly defaultRemotes: () => Record<string, string> = remotesDocument,
  ) {}

  releasesDir = (app: AppName) => path.join(this.root, app, 'releases');
  releaseDir = (app: AppName, id: string) => path.join(this.releasesDir(app), id);
  historyFile = (app: AppName) => path.join(this.root, app, 'history.json');
  remotesFile = () => path.join(this.root, 'remotes.json');

  /** Synchronous: the static servers ask on every request (as a CDN would read its current pointer). */
  history(app: AppName): ReleaseHistory {
    const file = this.historyFile(app);
    if (!existsSync(file)) return emptyHistory();
    return { ...emptyHistory(), ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<ReleaseHistory>) };
  }

  current(app: AppName): string | null {
    return this.history(app).live.at(-1) ?? null;
  }

  /** The folder an app is served from now: its current release, or its build before any release. */
  liveDir(app: AppName): string {
    const id = this.current(app);
    return id ? this.releaseDir(app, id) : this.buildDir(app);
  }

  /** The document the host serves as `/remotes.json`. */
  remotesDocument(): Record<string, string> {
    const file = this.remotesFile();
    if (!existsSync(file)) return this.defaultRemotes();
    return { ...this.defaultRemotes(), ...(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) };
  }

  /** A remote's manifest URL for one of its releases: its origin's `/releases/<id>/mf-manifest.json`. */
  manifestUrlOf(app: AppName, id: string): string {
    const base = this.defaultRemotes()[app];
    if (!base) throw new Error(`No origin is configured for the '${app}' remote.`);
    return new URL(`releases/${id}/mf-manifest.json`, base).toString();
  }

  /**
   * Why the gate refuses `app`'s build in `sourceDir`, or null. A remote is checked against the host's
   * live release; the host against every remote that is live now.
   */
  async skewOf(app: AppName, sourceDir: string): Promise<string | null> {
    const manifest = await readManifest(sourceDir);
    const pairs: Array<{ remote: AppName; remoteManifest: FederationManifest; hostManifest: FederationManifest }> =
      app === 'host'
        ? await Promise.all(
            remoteApps.map(async (remote) => ({
              remote,
              remoteManifest: await readManifest(this.liveDir(remote)),
              hostManifest: manifest,
            })),
          )
        : [{ remote: app, remoteManifest: manifest, hostManifest: await readManifest(this.liveDir('host')) }];
    const lines = pairs.flatMap(({ remote, remoteManifest, hostManifest }) => {
      const problems = skewProblems(remoteManifest, hostManifest);
      return problems.length ? [describeSkew(`The '${remote}' remote`, problems)] : [];
    });
    return lines.length ? lines.join('\n') : null;
  }

  /**
   * Copies a build into a new immutable release folder, runs the skew gate, and makes it current
   * (for a remote, by repointing `remotes.json`). Refused releases leave nothing behind.
   */
  async release(app: AppName, sourceDir: string, options: ReleaseOptions = {}): Promise<ReleaseRecord> {
    const { force = false, now = new Date(), log = () => undefined } = options;
    const manifest = await readManifest(sourceDir);
    const skew = await this.skewOf(app, sourceDir);
    if (skew && !force) {
      throw new ReleaseRefusedError(`Release of ${app} refused by the skew gate:\n${skew}`);
    }
    if (skew) log(`WARNING: released past the skew gate (--force):\n${skew}`);

    const buildId = manifest.metaData?.buildInfo?.hubBuildId ?? 'unknown';
    const history = this.history(app);
    let id = newReleaseId(buildId, now);
    for (let n = 2; history.releases.some((r) => r.id === id) || existsSync(this.releaseDir(app, id)); n += 1) {
      id = `${newReleaseId(buildId, now)}-${n}`;
    }

    // Copied under a temporary name and renamed into place: the folder appears complete or not at all.
    const target = this.releaseDir(app, id);
    const staging = `${target}.staging`;
    await rm(staging, { recursive: true, force: true });
    await mkdir(this.releasesDir(app), { recursive: true });
    // Source maps are for error reporting, never served or uploaded (older builds' maps may sit in dist).
    await cp(sourceDir, staging, { recursive: true, filter: (file) => !file.endsWith('.map') });
    await rename(staging, target);

    const record: ReleaseRecord = { id, buildId, releasedAt: now.toISOString(), ...(skew ? { forced: true } : {}) };
    const previous = history.live.at(-1) ?? null;
    await this.commit(app, {
      releases: [...history.releases, record],
      live: [...history.live, id],
      log: [...history.log, { at: now.toISOString(), action: 'release', id, from: previous }],
    });
    log(`released ${app} ${id}${previous ? ` (was ${previous})` : ''}`);
    return record;
  }

  /** Makes the release before the current one live again; the rolled-back release stays on disk. */
  async rollback(app: AppName, options: Pick<ReleaseOptions, 'now' | 'log'> = {}): Promise<string> {
    const { now = new Date(), log = () => undefined } = options;
    const history = this.history(app);
    const current = history.live.at(-1);
    const previous = history.live.at(-2);
    if (!current || !previous) {
      throw new Error(
        `There is no earlier release of ${app} to roll back to (releases live so far: ${history.live.length}).`,
      );
    }
    await this.commit(app, {
      ...history,
      live: history.live.slice(0, -1),
      log: [...history.log, { at: now.toISOString(), action: 'rollback', id: previous, from: current }],
    });
    log(`rolled ${app} back from ${current} to ${previous}`);
    return previous;
  }

  /** Writes the history, then the pointer that users follow (remotes.json), each atomically. */
  private async commit(app: AppName, history: ReleaseHistory): Promise<void> {
    await writeJsonAtomic(this.historyFile(app), history);
    if (app === 'host') return;
    const current = history.live.at(-1);
    const remotes = this.remotesDocument();
    if (current) remotes[app] = this.manifestUrlOf(app, current);
    await writeJsonAtomic(this.remotesFile(), remotes);
  }
}
