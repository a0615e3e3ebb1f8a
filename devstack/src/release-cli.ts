import path from 'node:path';
import { remoteApps, type AppName } from '../../serving/src/site-config';

/** The apps a release or rollback can name: the host and the four remotes (`remote-events` also accepted). */
export const releasableApps: AppName[] = ['host', ...remoteApps];

export interface ReleaseArguments {
  app: AppName;
  /** Build the app first (the default), or release the build already in `dist/` or in `from`. */
  build: boolean;
  from: string | null;
  force: boolean;
  /** Run the skew gate only (a CI's gate step): nothing is uploaded or repointed. */
  check: boolean;
}

/** Reads `<app> [--no-build] [--from=<dir>] [--force] [--check]`; throws the usage line when they do not parse. */
export function parseReleaseArguments(argv: readonly string[], usage: string): ReleaseArguments {
  const [name, ...flags] = argv.filter((a) => a !== '--');
  const app = (name ?? '').replace(/^remote-/, '') as AppName;
  if (!releasableApps.includes(app)) throw new Error(usage);
  const parsed: ReleaseArguments = { app, build: true, from: null, force: false, check: false };
  for (const flag of flags) {
    if (flag === '--no-build') parsed.build = false;
    else if (flag === '--force') parsed.force = true;
    else if (flag === '--check') parsed.check = true;
    else if (flag.startsWith('--from=') && flag.length > '--from='.length) {
      // Relative to where the command was typed (pnpm runs scripts from the package's folder).
      parsed.from = path.resolve(process.env.INIT_CWD ?? process.cwd(), flag.slice('--from='.length));
      parsed.build = false;
    } else throw new Error(usage);
  }
  return parsed;
}
