/**
 * The server under benchmark (bench/serve.ts) in a child process of its own, so the load generator
 * does not share its event loop. Used by the budgets (run.ts) and the profiler (profile.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface BenchServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * `env` picks the database (HUB_DATA_DIR or DATABASE_URL) and options; `nodeArgs` go before the script;
 * `script` is the server to run (the admin queries have their own, with bulk data).
 */
export async function startBenchServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  script = 'bench/serve.ts',
): Promise<BenchServer> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: API_DIR,
    env: { ...process.env, ...env, HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited (${code}): ${out}`)));
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    url,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
