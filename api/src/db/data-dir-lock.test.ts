import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hub-lock-unit-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lockFile = () => join(dir, 'pglite.lock');

describe('the PGlite data folder lock', () => {
  it('names this host and process, and removes itself on release', () => {
    const lock = lockDataDir(dir);
    assert.deepEqual(JSON.parse(readFileSync(lockFile(), 'utf8')), { pid: process.pid, host: hostname() });
    lock.release();
    assert.equal(existsSync(lockFile()), false);
  });

  it('refuses a lock held by another host, saying which, even when that pid is not alive here', () => {
    // A pid that cannot be alive on this machine: on the other host it may well be.
    writeFileSync(lockFile(), JSON.stringify({ pid: 2_000_000_000, host: 'api-7f9c-other-container' }));
    assert.throws(
      () => lockDataDir(dir),
      (error: unknown) => {
        assert.ok(error instanceof DataDirLockedError);
        assert.match(error.message, /on another host, api-7f9c-other-container \(pid 2000000000\)/);
        assert.match(error.message, /two containers cannot share its volume/);
        assert.ok(error.message.includes(lockFile()), 'says which file to delete if that host is gone');
        return true;
      },
    );
    assert.match(readFileSync(lockFile(), 'utf8'), /other-container/, 'the other host’s lock is left alone');
  });

  it('refuses a live process of this host and takes over the lock of a dead one', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(lockFile(), JSON.stringify({ pid: child.pid, host: hostname() }));
      assert.throws(() => lockDataDir(dir), /already in use by another API process \(pid \d+\)/);
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    const lock = lockDataDir(dir);
    assert.equal(
      JSON.parse(readFileSync(lockFile(), 'utf8')).pid,
      process.pid,
      'the dead process’s lock was taken over',
    );
    lock.release();
  });

  it('reads a lock file of the older format (the pid alone) as this host’s', () => {
    writeFileSync(lockFile(), String(process.ppid));
    assert.throws(() => lockDataDir(dir), /already in use by another API process \(pid \d+\)/);
  });
});
