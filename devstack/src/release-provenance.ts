import { spawnSync } from 'node:child_process';
import { repoRoot } from '../../serving/src/site-config';

/** Who released and from which commit, as each release log entry records it. */
export interface Provenance {
  /** `$HUB_RELEASED_BY` (a CI names its actor), else the author of the checked-out commit. */
  by: string;
  /** The checked-out commit, or null outside a git checkout. */
  commit: string | null;
}

const git = (args: string[], cwd: string) => {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() || null : null;
};

export function provenanceOf(cwd: string = repoRoot, env: NodeJS.ProcessEnv = process.env): Provenance {
  const commit = git(['rev-parse', 'HEAD'], cwd);
  const author = commit ? git(['log', '-1', '--format=%an <%ae>', 'HEAD'], cwd) : null;
  return { by: env.HUB_RELEASED_BY || author || 'unknown', commit };
}
