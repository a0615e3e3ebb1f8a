import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../../serving/src/site-config';

/**
 * A second working folder of the repository, as another machine's checkout would be: its files
 * (tracked, or new and not ignored: no `.releases/`, no builds), with the installed packages linked
 * in so its commands run. The release tests roll back from one to show the store holds everything.
 */
export async function freshCheckout(target: string): Promise<string> {
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: repoRoot, encoding: 'utf8' });
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    await mkdir(path.dirname(path.join(target, file)), { recursive: true });
    // A file deleted but not yet staged is listed and absent: skipped.
    await copyFile(path.join(repoRoot, file), path.join(target, file)).catch(() => undefined);
  }
  for (const modules of ['node_modules', 'serving/node_modules', 'devstack/node_modules']) {
    await symlink(path.join(repoRoot, modules), path.join(target, modules));
  }
  return target;
}
