import { spawn } from 'node:child_process';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { FolderObjectStore } from '../../devstack/src/release-folder-store';
import { ReleaseStore } from '../../devstack/src/release-store';
import { buildApp } from './build';
import { controlPort } from './control';
import { appDir, repoRoot, type AppName } from './stack';

/**
 * The release store the served site reads (HUB_RELEASES_DIR, set for the whole run by
 * playwright.config.ts so a developer's own releases under .releases/ are never touched).
 */
export const releaseStore = () => new ReleaseStore();

/** The folder of the run's release store (these specs release to a folder: HUB_RELEASES_DIR). */
export const releasesRoot = () => {
  const { objects } = releaseStore();
  if (!(objects instanceof FolderObjectStore)) throw new Error('These specs expect a folder release store.');
  return objects.root;
};

/** Forgets every release: each app is served from its build again, /remotes.json is the default. */
export async function resetReleases(): Promise<void> {
  await rm(releasesRoot(), { recursive: true, force: true });
}

export interface CommandResult {
  code: number;
  output: string;
}

/**
 * Runs `pnpm release …` or `pnpm rollback …` at the repository root (or in `cwd`, another checkout),
 * as a team would; `env` adds settings (the release store's).
 */
export function runReleaseCommand(
  command: 'release' | 'rollback',
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['--silent', command, ...args], {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** The release a remote is live on, read from the /remotes.json the host serves. */
export const releaseIdIn = (manifestUrl: string) => /\/releases\/([^/]+)\/mf-manifest\.json$/.exec(manifestUrl)?.[1];

/**
 * A copy of an app's build "built against" React 99: every requirement of React in its manifest and
 * its entry (where webpack writes the shared modules' ranges) becomes `^99.0.0`, as a build against
 * a React the host does not have would carry. The pre-compressed copies of the rewritten files are
 * dropped so that the servers send the rewritten ones.
 */
export async function incompatibleCopyOf(buildDir: string, target: string, reactVersion: string): Promise<void> {
  await rm(target, { recursive: true, force: true });
  await cp(buildDir, target, { recursive: true, filter: (file) => !file.endsWith('.map') });
  for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
    const full = path.join(target, file);
    const text = await readFile(full, 'utf8');
    const rewritten = text.replaceAll(`"^${reactVersion}"`, '"^99.0.0"');
    if (rewritten === text) throw new Error(`No React requirement ^${reactVersion} found in ${full}`);
    await writeFile(full, rewritten);
    await rm(`${full}.gz`, { force: true });
  }
}

interface BuildManifest {
  metaData: { buildInfo: { hubBuildId: string; hubBuiltAt: string } };
}

const buildInfoOf = async (dir: string) =>
  (JSON.parse(await readFile(path.join(dir, 'mf-manifest.json'), 'utf8')) as BuildManifest).metaData.buildInfo;

/** The build id compiled into an app's build (its manifest's buildInfo). */
export async function buildIdOf(dir: string): Promise<string> {
  return (await buildInfoOf(dir)).hubBuildId;
}

/**
 * A second build of an app, as its team would release next: built beside the served one (in
 * `<app>/dist-release-e2e`, with its own build id) and reused while it is newer than `<app>/dist`,
 * as builds are the costly part of the release tests (a minute or more each on a 2-core machine).
 */
export async function nextBuildOf(app: AppName): Promise<string> {
  const variant = path.join(appDir(app), 'dist-release-e2e');
  const builtAt = (dir: string) =>
    buildInfoOf(dir)
      .then((info) => Date.parse(info.hubBuiltAt))
      .catch(() => Number.NaN);
  const [variantTime, distTime] = await Promise.all([builtAt(variant), builtAt(path.join(appDir(app), 'dist'))]);
  if (!(variantTime > distTime)) {
    await rm(variant, { recursive: true, force: true });
    await buildApp(app, {
      HUB_BUILD_MARKER: `${app}-release-e2e-${randomBytes(4).toString('hex')}`,
      HUB_DIST_DIR: path.basename(variant),
      HUB_FAULT_INJECTION: '1',
    });
  }
  return variant;
}

/**
 * Points the running site at another release store (devstack's test-only control channel), or back
 * at its own with null.
 */
export async function serveReleasesFrom(store: { location: string; key: string } | null): Promise<void> {
  const answer = await fetch(`http://127.0.0.1:${controlPort}/release-store`, {
    method: 'POST',
    body: JSON.stringify(store ?? {}),
  });
  if (answer.status !== 204) throw new Error(`Could not switch the site's release store: HTTP ${answer.status}`);
}

export const releaseFolders = (app: AppName) => readdir(path.join(releasesRoot(), app, 'releases')).catch(() => []);
