/**
 * A throwaway Redis for the tests: Debian's redis-server on a free port of 127.0.0.1, nothing
 * persisted. `npm test` installs redis-server when absent (devstack/bootstrap.mjs).
 */
import { execFileSync, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './ports.ts';

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

/** The redis-server binary, or null when it is not installed. */
export function findRedisServer(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** Starts redis-server on `port` (a restart on the same address), or on a free one. */
export async function startRedis(binary: string, port?: number): Promise<RedisServer> {
  port ??= await freePort();
  const output: string[] = [];
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    // A refused connection while redis-server starts is expected: connect() rejects and the loop
    // tries again. Without a listener ioredis would also print it as an unhandled error event.
    probe.on('error', () => {});
    try {
      await probe.connect();
      if ((await probe.ping()) === 'PONG') break;
    } catch {
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`redis-server did not start:\n${output.join('')}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      probe.disconnect();
    }
  }
  return { url, stop };
}
