// `pnpm release <app> [--no-build] [--from=<dir>] [--force]`: builds one app (or takes a build that
// exists), runs the skew gate against what is live, uploads it into a new immutable release folder of
// the release store (HUB_RELEASE_STORE: a folder or an Azure Blob container) and makes it current
// (a remote by repointing /remotes.json, the host by switching what its origin serves).
import { buildApp } from './build-apps';
import { parseReleaseArguments } from './release-cli';
import { ReleaseConflictError, ReleaseRefusedError, ReleaseStore } from './release-store';
import { distDir } from '../../serving/src/site-config';

const usage =
  'Usage: pnpm release <host|events|communities|account|admin> [--no-build] [--from=<build folder>] [--force] [--check]\n' +
  "  --no-build  release the build already in the app's dist/\n" +
  '  --from=dir  release the build in that folder (e.g. a CI artefact)\n' +
  '  --force     release even if the skew gate refuses (the area will show its incompatibility message)\n' +
  '  --check     run the skew gate against what is live, and stop there (a CI gate step)';

try {
  const args = parseReleaseArguments(process.argv.slice(2), usage);
  if (args.build) {
    console.log(`Building ${args.app} for production…`);
    const seconds = await buildApp(args.app);
    console.log(`built ${args.app} in ${seconds.toFixed(1)} s`);
  }
  const store = new ReleaseStore();
  const source = args.from ?? distDir(args.app);
  if (args.check) {
    const skew = await store.skewOf(args.app, source);
    if (skew) throw new ReleaseRefusedError(`Release of ${args.app} refused by the skew gate:\n${skew}`);
    console.log(`The skew gate passes ${args.app} (${source}) against what is live.`);
  } else {
    const record = await store.release(args.app, source, { force: args.force, log: (line) => console.log(line) });
    if (args.app === 'host') {
      console.log(
        `The host now serves ${record.folder} of ${store.objects.location}; pages load it on their next reload.`,
      );
    } else {
      console.log(`/remotes.json now points ${args.app} at ${(await store.remotesDocument())[args.app]}`);
    }
    console.log(`Undo with: pnpm rollback ${args.app}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  // 3: refused by the skew gate, 4: another release kept winning the race (run again; scripts can
  // tell both apart), 2: not understood, 1: anything else.
  process.exitCode =
    error instanceof ReleaseRefusedError
      ? 3
      : error instanceof ReleaseConflictError
        ? 4
        : error instanceof Error && error.message === usage
          ? 2
          : 1;
}
