import { spawn } from 'node:child_process';
import { cp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { appDir, type RemoteName } from './stack';

/** A change to one file of a remote's source: the text to find (exactly once) and what replaces it. */
export interface SourceChange {
  file: string;
  find: string;
  replace: string;
}

/** Where a changed copy of a remote's source is built: beside the remote, at the same depth. */
export const changedRemoteDir = (remote: RemoteName) => `${appDir(remote)}-changed-e2e`;

/**
 * A remote's source with changes, built for production as its team's CI would, into its own folder
 * (`remote-events-changed-e2e/dist`): the remote's `src`, its build configuration and its packages
 * (linked), never the remote's own files. Gives the build folder, ready to release with `--from`.
 */
export async function buildChangedRemote(remote: RemoteName, changes: SourceChange[]): Promise<string> {
  const source = appDir(remote);
  const copy = changedRemoteDir(remote);
  await rm(copy, { recursive: true, force: true });
  await mkdir(copy);
  for (const file of ['src', 'package.json', 'tsconfig.json', 'webpack.config.js'])
    await cp(path.join(source, file), path.join(copy, file), { recursive: true });
  await symlink(path.join(source, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  for (const change of changes) {
    const file = path.join(copy, change.file);
    const text = await readFile(file, 'utf8');
    if (text.split(change.find).length !== 2) throw new Error(`Expected "${change.find}" once in ${change.file}`);
    await writeFile(file, text.replace(change.find, change.replace));
  }
  await run(copy, ['exec', 'webpack', '--mode', 'production'], {
    HUB_BUILD_MARKER: `${remote}-changed-e2e-${randomBytes(4).toString('hex')}`,
    HUB_DIST_DIR: 'dist',
    HUB_FAULT_INJECTION: '1',
    // Its own build: the remote's build cache (under the linked packages) stays the remote's.
    HUB_BUILD_CACHE: 'off',
  });
  return path.join(copy, 'dist');
}

export const removeChangedRemote = (remote: RemoteName) =>
  rm(changedRemoteDir(remote), { recursive: true, force: true });

function run(cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Building in ${cwd} failed:\n${output}`))));
  });
}
