// `pnpm rollback <app>`: makes the release that was live before the current one live again (a remote
// by repointing /remotes.json, the host by switching what its origin serves). Nothing is deleted.
// It reads only the release store (HUB_RELEASE_STORE), so it works from any machine.
import { releasableApps } from './release-cli';
import { ReleaseStore } from './release-store';
import type { AppName } from '../../serving/src/site-config';

const usage = 'Usage: pnpm rollback <host|events|communities|account|admin>';
const app = (process.argv.slice(2).find((a) => a !== '--') ?? '').replace(/^remote-/, '') as AppName;

if (!releasableApps.includes(app)) {
  console.error(usage);
  process.exitCode = 2;
} else {
  try {
    const store = new ReleaseStore();
    await store.rollback(app, { log: (line) => console.log(line) });
    if (app !== 'host') console.log(`/remotes.json now points ${app} at ${(await store.remotesDocument())[app]}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
