/**
 * A throwaway PgBouncer in front of the run's PostgreSQL: Debian's pgbouncer on a free port of
 * 127.0.0.1, trust authentication, the pool mode asked for, two server sessions per database (few,
 * so that client connections share them as in production). As root it drops to the `postgres` user.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.ts';

export function findPgbouncer(): string | null {
  try {
    return (
      execFileSync('sh', ['-c', 'command -v pgbouncer || ls /usr/sbin/pgbouncer'], { encoding: 'utf8' }).trim() || null
    );
  } catch {
    return null;
  }
}

export interface Pgbouncer {
  /** The same database, reached through the pooler. */
  urlFor(directUrl: string): string;
  stop(): Promise<void>;
}

export async function startPgbouncer(
  binary: string,
  postgresUrl: string,
  poolMode: 'transaction' | 'session',
): Promise<Pgbouncer> {
  const server = new URL(postgresUrl);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hub-pgbouncer-'));
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'users.txt'), `"${server.username}" ""\n`, { mode: 0o644 });
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      `pool_mode = ${poolMode}`,
      'default_pool_size = 2',
      'max_client_conn = 200',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const asRoot = process.getuid?.() === 0;
  const child = spawn(binary, [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`pgbouncer did not start:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    urlFor(directUrl) {
      const url = new URL(directUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    stop,
  };
}
