/**
 * PGlite does not lock its data folder, and two processes writing one folder corrupt it. This lock
 * file makes a second API process on the same folder fail at start with a clear message. A lock left
 * by a process that no longer exists (kill -9, power loss) is taken over.
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data folder ${dataDir} is already in use by another API process (pid ${holderPid}). ` +
        'Stop that process, or point HUB_DATA_DIR at another folder, or set DATABASE_URL to share a PostgreSQL server.',
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

export interface DataDirLock {
  path: string;
  release(): void;
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'pglite.lock');
  const me = String(process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
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
      let holder = NaN;
      try {
        holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      } catch {
        /* removed meanwhile: retry */
      }
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      try {
        unlinkSync(path); // stale lock
      } catch {
        /* someone else removed it: retry */
      }
    }
  }
  throw new Error(`Could not take the lock ${path}`);
}
