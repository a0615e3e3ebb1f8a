import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { appDir, type AppName } from './stack';

/** Builds one app for production alone, the way its team releases it (devstack/src/build-apps.ts). */
export function buildApp(app: AppName, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['exec', 'webpack', '--mode', 'production'], {
      cwd: appDir(app),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Building ${app} failed (exit ${code}):\n${output}`)),
    );
  });
}

/** sha256 of every file under a folder, by relative path. */
export async function hashTree(dir: string): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    hashes.set(
      path.relative(dir, full),
      createHash('sha256')
        .update(await readFile(full))
        .digest('hex'),
    );
  }
  return hashes;
}
