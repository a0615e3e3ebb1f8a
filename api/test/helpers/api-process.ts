/**
 * Runs the API as a separate OS process: from source (`node --import tsx src/main.ts`, as `pnpm start`
 * does) or compiled (`node dist/main.js <role>`, as production does: no tsx).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { after, before } from 'node:test';
import lockfile from 'proper-lockfile';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.ts';

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface SpawnOptions {
  expectFailure?: boolean;
  /** Run `node dist/main.js` in this folder (api/, or a `pnpm deploy` folder) instead of the sources. */
  compiledIn?: string;
  /** The role and its arguments (`api`, `worker`, …); none: standalone. */
  args?: string[];
  /** What the output says once it serves; default the API's `listening on`. */
  readyText?: string;
  /** Modules loaded before the API's, e.g. the tracing preload. */
  preload?: string[];
}

export async function spawnApi(env: Record<string, string>, opts: SpawnOptions = {}): Promise<ApiProcess> {
  const port = await freePort();
  const lines: string[] = [];
  const preloads = (opts.preload ?? []).flatMap((module) => ['--import', module]);
  const entry = opts.compiledIn ? [...preloads, 'dist/main.js'] : ['--import', 'tsx', ...preloads, 'src/main.ts'];
  const child = spawn(process.execPath, [...entry, ...(opts.args ?? [])], {
    cwd: opts.compiledIn ?? API_DIR,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', HUB_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => lines.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => lines.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const proc: ApiProcess = {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => lines.join(''),
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  if (opts.expectFailure) return proc;
  const deadline = Date.now() + 60_000;
  while (!lines.join('').includes(opts.readyText ?? 'listening on')) {
    if (child.exitCode !== null) throw new Error(`API process exited early:\n${lines.join('')}`);
    if (Date.now() > deadline) {
      await proc.kill('SIGKILL');
      throw new Error(`API process did not start:\n${lines.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return proc;
}

/** Runs a one-shot role of the compiled API (`node dist/main.js migrate`) to its end. */
export async function runCompiled(
  compiledIn: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['dist/main.js', ...args], {
    cwd: compiledIn,
    env: { ...process.env, HUB_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  child.stdout.on('data', (d: Buffer) => lines.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => lines.push(d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  return { code, output: lines.join('') };
}

/** The newest modification time of a file under `dir` (recursively), tests left out. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** What the compiled API is made from: its sources, the contract it bundles, the build script and manifest. */
function newestInput(): number {
  return Math.max(
    newestSource(join(API_DIR, 'src')),
    newestSource(join(API_DIR, '..', 'contract', 'src')),
    statSync(join(API_DIR, 'build.ts')).mtimeMs,
    statSync(join(API_DIR, 'package.json')).mtimeMs,
  );
}

const COMPILED_ENTRY = join(API_DIR, 'dist', 'main.js');

/** True when api/dist was built after the last change to anything it is made from. */
export function compiledApiIsFresh(): boolean {
  return existsSync(COMPILED_ENTRY) && statSync(COMPILED_ENTRY).mtimeMs >= newestInput();
}

/**
 * `pnpm --filter @hub/api build` when api/dist is older than its inputs: the compiled API in api/dist.
 * One build per test run instead of one per file that runs it (each costs seconds): the first file
 * builds, the others find it fresh. The lock keeps two runs (a test run and the bench, two files)
 * from building into the same folder at once (the build empties dist/ first).
 */
export async function buildCompiledApi(): Promise<string> {
  if (compiledApiIsFresh()) return API_DIR;
  const release = await lockfile.lock(API_DIR, {
    lockfilePath: join(API_DIR, '.dist-build.lock'),
    // A build takes seconds; a lock older than a minute is a crashed build's.
    stale: 60_000,
    retries: { retries: 120, minTimeout: 250, maxTimeout: 1_000 },
  });
  try {
    // Another run may have built it while this one waited.
    if (compiledApiIsFresh()) return API_DIR;
    const child = spawn(process.execPath, ['--import', 'tsx', 'build.ts'], {
      cwd: API_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    child.stdout.on('data', (d: Buffer) => lines.push(d.toString()));
    child.stderr.on('data', (d: Buffer) => lines.push(d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    if (code !== 0) throw new Error(`The API build failed:\n${lines.join('')}`);
    return API_DIR;
  } finally {
    await release();
  }
}

/** The processes a test file starts: each is killed (SIGKILL) when the file ends, however its tests went. */
export function killedAtEnd(): ApiProcess[] {
  const running: ApiProcess[] = [];
  after(async () => {
    await Promise.all(running.map((p) => p.kill('SIGKILL')));
  });
  return running;
}

/** The compiled API, built once before the file's tests: the folder to run `node dist/main.js` in. */
export function compiledApiBefore(): () => string {
  let apiDir: string | undefined;
  before(async () => {
    apiDir = await buildCompiledApi();
  });
  return () => {
    if (!apiDir) throw new Error('The compiled API is built in a before() hook: ask for it inside a test.');
    return apiDir;
  };
}
