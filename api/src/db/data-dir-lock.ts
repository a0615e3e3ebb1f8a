/**
 * PGlite does not lock its data folder, and two processes writing one folder corrupt it. This lock
 * file makes a second API process on the same folder fail at start with a clear message. It names the
 * host as well as the process: two containers sharing one volume see different hosts (and may reuse
 * the same pid), and neither can tell whether the other's process is alive, so a lock held by another
 * host is always refused. A lock left on this host by a process that no longer exists (kill -9, power
 * loss) is taken over.
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** Who holds a lock: the lock file's content (older files hold the pid alone, meaning this host). */
export interface LockHolder {
  pid: number;
  host: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
    lockPath: string,
  ) {
    super(
      holder.host === hostname()
        ? `The data folder ${dataDir} is already in use by another API process (pid ${holder.pid}). ` +
            'Stop that process, or point HUB_DATA_DIR at another folder, or set DATABASE_URL to share a PostgreSQL server.'
        : `The data folder ${dataDir} is already in use by an API process on another host, ${holder.host} (pid ${holder.pid}): ` +
            'PGlite is one process’s, so two containers cannot share its volume; use PostgreSQL (DATABASE_URL) to run several. ' +
            `If that host is gone for good, delete ${lockPath}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder a lock file names, or null when it is unreadable (being written or removed). */
export function readLockHolder(content: string): LockHolder | null {
  const text = content.trim();
  if (/^\d+$/.test(text)) return { pid: Number(text), host: hostname() };
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (Number.isInteger(parsed.pid) && typeof parsed.host === 'string' && parsed.host !== '')
      return { pid: parsed.pid as number, host: parsed.host };
  } catch {
    /* not JSON */
  }
  return null;
}

export interface DataDirLock {
  path: string;
  release(): void;
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'pglite.lock');
  const me = JSON.stringify({ pid: process.pid, host: hostname() } satisfies LockHolder);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(path, me, { flag: 'wx' });
      return {
        path,
        release() {
          try {
            if (readFileSync(path, 'utf8') === me) unlinkSync(path);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder: LockHolder | null = null;
      try {
        holder = readLockHolder(readFileSync(path, 'utf8'));
      } catch {
        /* removed meanwhile: retry */
      }
      // Empty or half written: its writer is between creating and filling it. Look again shortly
      // rather than take it over (the last tries treat it as garbage).
      if (!holder && attempt < 3) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
        continue;
      }
      if (holder && holder.host !== hostname()) throw new DataDirLockedError(dataDir, holder, path);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid))
        throw new DataDirLockedError(dataDir, holder, path);
      try {
        unlinkSync(path); // stale lock of this host
      } catch {
        /* someone else removed it: retry */
      }
    }
  }
  throw new Error(`Could not take the lock ${path}`);
}
