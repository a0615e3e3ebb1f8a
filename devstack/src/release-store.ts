import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { documentHeaders, objectHeadersOf, type ObjectStore } from './release-objects';
import { provenanceOf, type Provenance } from './release-provenance';
import { openObjectStore, releaseBaseUrl, releaseStoreLocation } from './release-store-location';
import { remoteApps, remotesDocument, siteOrigin, type AppName } from '../../serving/src/site-config';
import { describeSkew, skewProblems, type FederationManifest } from './skew-gate';

/**
 * Versioned, reversible releases of each app, kept in an object store (release-objects.ts: a local
 * folder or an Azure Blob Storage container, chosen by HUB_RELEASE_STORE):
 *
 *   <app>/releases/<release id>/…   immutable: the app's build, each file created once, never written again
 *   <app>/history.json              the app's release log: every release, the live stack, who did what when
 *   remotes.json                    the host's `/remotes.json`: each remote's live manifest URL
 *
 * Everything a release or rollback needs is in the store, so any machine (a team's CI, a laptop)
 * can release or roll back. The two documents are written by compare-and-swap (ObjectStore.swap),
 * and `remotes.json` is derived from the histories, so concurrent releases never lose an update.
 */

/** `pnpm rollback` returns to the release below the current one in `live`. */
export interface ReleaseRecord {
  id: string;
  /** The build's own id (mf-manifest.json `metaData.buildInfo.hubBuildId`). */
  buildId: string;
  releasedAt: string;
  /** Who released it: $HUB_RELEASED_BY or the commit's author. */
  releasedBy: string;
  /** The commit it was built from (null outside a git checkout). */
  commit: string | null;
  /** Its folder in the store (`events/releases/<id>/`). */
  folder: string;
  /** Released past a refusal of the skew gate (`--force`). */
  forced?: boolean;
}

export interface ReleaseLogEntry {
  at: string;
  action: 'release' | 'rollback';
  /** The release live after the action. */
  id: string;
  /** The release live before it. */
  from: string | null;
  by: string;
  commit: string | null;
}

export interface ReleaseHistory {
  /** Every release ever made of the app, oldest first. */
  releases: ReleaseRecord[];
  /** What has been live, oldest first: the last is current; a rollback returns to the one before it. */
  live: string[];
  log: ReleaseLogEntry[];
}

export class ReleaseRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReleaseRefusedError';
  }
}

/** Another release kept winning the compare-and-swap: nothing of this one is live; run it again. */
export class ReleaseConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReleaseConflictError';
  }
}

const emptyHistory = (): ReleaseHistory => ({ releases: [], live: [], log: [] });

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

/** The files of a build, relative, posix-separated; source maps stay behind (never served nor uploaded). */
async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.map') && !e.name.endsWith('.map.gz'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

export interface ReleaseOptions {
  /** Release even though the skew gate refuses (the refusal is still reported and recorded). */
  force?: boolean;
  now?: Date;
  log?: (line: string) => void;
  provenance?: Provenance;
}

export interface ReleaseStoreOptions {
  /** `/remotes.json` before any remote is released: the deploy-time default. */
  defaultRemotes?: () => Record<string, string>;
  /** Where a remote's releases are served (`<base>releases/<id>/`). */
  releaseBaseUrl?: (remote: (typeof remoteApps)[number]) => string;
  /** The live host's manifest before the host has any release in the store: its public address. */
  hostManifestUrl?: string;
  /** Attempts of a compare-and-swap before a release gives up and says to retry. */
  attempts?: number;
}

const historyKey = (app: AppName) => `${app}/history.json`;
const remotesKey = 'remotes.json';
const uploadsAtOnce = 8;

export class ReleaseStore {
  private readonly defaultRemotes: () => Record<string, string>;
  private readonly releaseBase: (remote: (typeof remoteApps)[number]) => string;
  private readonly hostManifestUrl: string;
  private readonly attempts: number;

  constructor(
    readonly objects: ObjectStore = openObjectStore(releaseStoreLocation(), process.env.HUB_RELEASE_STORE_KEY),
    options: ReleaseStoreOptions = {},
  ) {
    this.defaultRemotes = options.defaultRemotes ?? remotesDocument;
    this.releaseBase = options.releaseBaseUrl ?? ((remote) => releaseBaseUrl(remote, this.objects));
    this.hostManifestUrl = options.hostManifestUrl ?? new URL('/mf-manifest.json', siteOrigin).toString();
    this.attempts = options.attempts ?? 5;
  }

  releaseFolder = (app: AppName, id: string) => `${app}/releases/${id}/`;

  async history(app: AppName): Promise<ReleaseHistory> {
    return (await this.readHistory(app)).history;
  }

  async current(app: AppName): Promise<string | null> {
    return (await this.history(app)).live.at(-1) ?? null;
  }

  /** The document the host serves as `/remotes.json`. */
  async remotesDocument(): Promise<Record<string, string>> {
    const stored = await this.objects.read(remotesKey);
    return { ...this.defaultRemotes(), ...(stored ? (JSON.parse(stored.text) as Record<string, string>) : {}) };
  }

  /** A remote's manifest URL for one of its releases. */
  manifestUrlOf(app: AppName, id: string): string {
    if (app === 'host') throw new Error('The host has no manifest URL in /remotes.json.');
    return new URL(`releases/${id}/mf-manifest.json`, this.releaseBase(app)).toString();
  }

  /**
   * The manifest of what is live for an app: its current release in the store, or, before its first
   * release there, what its public address serves (the host's origin, the remote's `/remotes.json`
   * entry). Never a local build: in a team's CI that is the checkout's, not what users run.
   */
  async liveManifest(app: AppName): Promise<FederationManifest> {
    const id = await this.current(app);
    if (id) {
      const stored = await this.objects.read(`${this.releaseFolder(app, id)}mf-manifest.json`);
      if (!stored)
        throw new Error(`The live release ${id} of ${app} has no mf-manifest.json in ${this.objects.location}.`);
      return JSON.parse(stored.text) as FederationManifest;
    }
    const url = app === 'host' ? this.hostManifestUrl : (await this.remotesDocument())[app]!;
    const answer = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch((error: unknown) => {
      throw new Error(`The live ${app} manifest could not be read from ${url}: ${String(error)}`);
    });
    if (!answer.ok) throw new Error(`The live ${app} manifest could not be read from ${url}: HTTP ${answer.status}`);
    return (await answer.json()) as FederationManifest;
  }

  /**
   * Why the gate refuses `app`'s build in `sourceDir`, or null. A remote is checked against the host's
   * live manifest; the host against every remote that is live now. A live manifest that cannot be
   * read is a refusal too (the gate cannot vouch for the release).
   */
  async skewOf(app: AppName, sourceDir: string): Promise<string | null> {
    const manifest = await readManifest(sourceDir);
    const pairs =
      app === 'host'
        ? remoteApps.map((remote) => ({ remote, live: remote }))
        : [{ remote: app, live: 'host' as const }];
    const lines = await Promise.all(
      pairs.map(async ({ remote, live }) => {
        let liveManifest: FederationManifest;
        try {
          liveManifest = await this.liveManifest(live);
        } catch (error) {
          return [error instanceof Error ? error.message : String(error)];
        }
        const [remoteManifest, hostManifest] = app === 'host' ? [liveManifest, manifest] : [manifest, liveManifest];
        const problems = skewProblems(remoteManifest, hostManifest);
        return problems.length ? [describeSkew(`The '${remote}' remote`, problems)] : [];
      }),
    );
    const all = lines.flat();
    return all.length ? all.join('\n') : null;
  }

  /**
   * Runs the skew gate, uploads the build into a new release folder (each file created only if
   * absent), then makes it current: the app's history by compare-and-swap, then `remotes.json`.
   * A refused release leaves nothing behind.
   */
  async release(app: AppName, sourceDir: string, options: ReleaseOptions = {}): Promise<ReleaseRecord> {
    const { force = false, now = new Date(), log = () => undefined, provenance = provenanceOf() } = options;
    const manifest = await readManifest(sourceDir);
    const skew = await this.skewOf(app, sourceDir);
    if (skew && !force) {
      throw new ReleaseRefusedError(`Release of ${app} refused by the skew gate:\n${skew}`);
    }
    if (skew) log(`WARNING: released past the skew gate (--force):\n${skew}`);

    const buildId = manifest.metaData?.buildInfo?.hubBuildId ?? 'unknown';
    const id = await this.upload(app, sourceDir, newReleaseId(buildId, now));
    const record: ReleaseRecord = {
      id,
      buildId,
      releasedAt: now.toISOString(),
      releasedBy: provenance.by,
      commit: provenance.commit,
      folder: this.releaseFolder(app, id),
      ...(skew ? { forced: true } : {}),
    };
    const previous = await this.updateHistory(app, (history) => {
      const from = history.live.at(-1) ?? null;
      return {
        releases: [...history.releases, record],
        live: [...history.live, id],
        log: [...history.log, { at: record.releasedAt, action: 'release', id, from, ...this.who(provenance) }],
      };
    });
    await this.repoint(app);
    log(`released ${app} ${id}${previous ? ` (was ${previous})` : ''}`);
    return record;
  }

  /** Makes the release before the current one live again; the rolled-back release stays in the store. */
  async rollback(app: AppName, options: Pick<ReleaseOptions, 'now' | 'log' | 'provenance'> = {}): Promise<string> {
    const { now = new Date(), log = () => undefined, provenance = provenanceOf() } = options;
    let back = '';
    const current = await this.updateHistory(app, (history) => {
      const [previous, top] = [history.live.at(-2), history.live.at(-1)];
      if (!previous || !top) {
        throw new Error(
          `There is no earlier release of ${app} to roll back to (releases live so far: ${history.live.length}).`,
        );
      }
      back = previous;
      const entry: ReleaseLogEntry = {
        at: now.toISOString(),
        action: 'rollback',
        id: previous,
        from: top,
        ...this.who(provenance),
      };
      return { ...history, live: history.live.slice(0, -1), log: [...history.log, entry] };
    });
    await this.repoint(app);
    log(`rolled ${app} back from ${current} to ${back}`);
    return back;
  }

  private who = (provenance: Provenance) => ({ by: provenance.by, commit: provenance.commit });

  private async readHistory(app: AppName): Promise<{ history: ReleaseHistory; etag: string | null }> {
    const stored = await this.objects.read(historyKey(app));
    if (!stored) return { history: emptyHistory(), etag: null };
    return {
      history: { ...emptyHistory(), ...(JSON.parse(stored.text) as Partial<ReleaseHistory>) },
      etag: stored.etag,
    };
  }

  /**
   * Read, change, write back only if nobody wrote in between; else read again and re-apply, a bounded
   * number of times. Returns the release that was live before.
   */
  private async updateHistory(
    app: AppName,
    change: (history: ReleaseHistory) => ReleaseHistory,
  ): Promise<string | null> {
    for (let attempt = 1; attempt <= this.attempts; attempt += 1) {
      const { history, etag } = await this.readHistory(app);
      const next = change(history);
      if (await this.objects.swap(historyKey(app), `${JSON.stringify(next, null, 2)}\n`, documentHeaders, etag)) {
        return history.live.at(-1) ?? null;
      }
      await backOff(attempt);
    }
    throw new ReleaseConflictError(
      `The history of ${app} kept changing under this command (${this.attempts} attempts): another release or rollback of ${app} is running. Run it again.`,
    );
  }

  /**
   * Points `/remotes.json` at the remote's current release, by compare-and-swap. The entry is read
   * from the history after `remotes.json`'s version is taken, so whichever writer wins, the document
   * says what each history says (a release of another remote at the same moment is kept, not lost).
   */
  private async repoint(app: AppName): Promise<void> {
    if (app === 'host') return;
    for (let attempt = 1; attempt <= this.attempts; attempt += 1) {
      const stored = await this.objects.read(remotesKey);
      const current = await this.current(app);
      const remotes = stored ? (JSON.parse(stored.text) as Record<string, string>) : {};
      if (current) remotes[app] = this.manifestUrlOf(app, current);
      else delete remotes[app];
      const body = `${JSON.stringify({ ...this.defaultRemotes(), ...remotes }, null, 2)}\n`;
      if (await this.objects.swap(remotesKey, body, documentHeaders, stored?.etag ?? null)) return;
      await backOff(attempt);
    }
    throw new ReleaseConflictError(
      `/remotes.json kept changing under this command (${this.attempts} attempts): the release of ${app} is in its history but not yet pointed at. Run the command again.`,
    );
  }

  /**
   * Creates the release folder: the first file claims the id (a folder taken by another release gets
   * the next suffix), then every file is created once, with the headers it is served with.
   */
  private async upload(app: AppName, sourceDir: string, baseId: string): Promise<string> {
    const files = await filesOf(sourceDir);
    const [first, ...rest] = files;
    if (!first) throw new Error(`${sourceDir} holds no files to release.`);
    const bodyOf = (file: string) => readFile(path.join(sourceDir, file));
    const headersOf = (file: string) => objectHeadersOf(`/${file}`, { host: app === 'host' });
    let id = baseId;
    for (
      let n = 2;
      !(await this.objects.create(`${this.releaseFolder(app, id)}${first}`, await bodyOf(first), headersOf(first)));
      n += 1
    ) {
      id = `${baseId}-${n}`;
    }
    const folder = this.releaseFolder(app, id);
    for (let i = 0; i < rest.length; i += uploadsAtOnce) {
      await Promise.all(
        rest.slice(i, i + uploadsAtOnce).map(async (file) => {
          if (!(await this.objects.create(`${folder}${file}`, await bodyOf(file), headersOf(file)))) {
            throw new Error(
              `${folder}${file} already exists in ${this.objects.location}: a release folder is never overwritten.`,
            );
          }
        }),
      );
    }
    return id;
  }
}

/** A short, growing, jittered pause between attempts, so two writers do not collide again in step. */
const backOff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
