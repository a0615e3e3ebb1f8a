/** Runs the API as a separate OS process (`node --import tsx src/main.ts`), as `pnpm start` does. */
import { spawn, type ChildProcess } from 'node:child_process';
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

export async function spawnApi(
  env: Record<string, string>,
  opts: {
    expectFailure?: boolean;
    /** Modules loaded before the API's, e.g. the tracing preload. */ preload?: string[];
  } = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const lines: string[] = [];
  const preloads = (opts.preload ?? []).flatMap((module) => ['--import', module]);
  const child = spawn(process.execPath, ['--import', 'tsx', ...preloads, 'src/main.ts'], {
    cwd: API_DIR,
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
  while (!lines.join('').includes('listening on')) {
    if (child.exitCode !== null) throw new Error(`API process exited early:\n${lines.join('')}`);
    if (Date.now() > deadline) {
      await proc.kill('SIGKILL');
      throw new Error(`API process did not start:\n${lines.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return proc;
}
