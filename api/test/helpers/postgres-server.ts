/**
 * A throwaway PostgreSQL cluster for the tests: Debian's postgresql binaries, a temporary folder,
 * a Unix socket folder and a free TCP port on 127.0.0.1. As root, initdb and postgres run as the
 * `postgres` OS user (PostgreSQL refuses to run as root).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './ports.ts';

export interface PostgresServer {
  port: number;
  /** Connection string of a database on this server. */
  urlFor(database: string): string;
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** The folder holding initdb and postgres, newest major version first; null when not installed. */
export function findPostgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'postgres')) && existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  return null;
}

function asPostgresUser(): { wrap: (cmd: string, args: string[]) => [string, string[]]; uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return { wrap: (cmd, args) => [cmd, args] };
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { wrap: (cmd, args) => ['runuser', ['-u', 'postgres', '--', cmd, ...args]], uid, gid };
}

export interface PostgresOptions {
  /**
   * false: no fsync and no waiting for the WAL flush at commit (each commit 7–10 times faster here).
   * Only for a server whose data is thrown away at its end, like the API tests': a killed process
   * still loses nothing (the pages sit in the OS cache), only a crash of the machine would. Default
   * true, as production runs: the benchmarks and the topology keep it.
   */
  crashSafe?: boolean;
}

export async function startPostgres(binDir: string, options: PostgresOptions = {}): Promise<PostgresServer> {
  const base = mkdtempSync(join(tmpdir(), 'hub-pg-'));
  const dataDir = join(base, 'data');
  const user = asPostgresUser();
  if (user.uid !== undefined && user.gid !== undefined) chownSync(base, user.uid, user.gid);
  const [initCmd, initArgs] = user.wrap(join(binDir, 'initdb'), [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'pipe' });

  const port = await freePort();
  const [cmd, args] = user.wrap(join(binDir, 'postgres'), [
    '-D',
    dataDir,
    '-k',
    base,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=200',
    '-c',
    'shared_buffers=64MB',
    ...(options.crashSafe === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off'] : []),
  ]);
  const output: string[] = [];
  const child: ChildProcess = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const postmasterPid = (): number | null => {
    try {
      return Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return null;
    }
  };
  const stop = async () => {
    const pid = postmasterPid();
    // Fast shutdown of the postmaster itself (runuser does not forward signals reliably).
    if (pid)
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        /* gone */
      }
    else if (!exited) child.kill('SIGINT');
    const timer = setTimeout(() => {
      if (pid)
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* gone */
        }
    }, 10_000);
    await exit;
    clearTimeout(timer);
    rmSync(base, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: urlFor('postgres') });
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      await client.end().catch(() => {});
      if (exited || Date.now() > deadline) {
        await stop();
        throw new Error(`PostgreSQL did not start:\n${output.join('')}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  return {
    port,
    urlFor,
    async createDatabase(name: string) {
      const client = new pg.Client({ connectionString: urlFor('postgres') });
      await client.connect();
      try {
        await client.query(`create database "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return urlFor(name);
    },
    stop,
  };
}
