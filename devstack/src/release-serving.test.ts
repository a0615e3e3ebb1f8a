import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { azuriteAccount, startAzurite, type RunningAzurite } from './azurite';
import { AzureBlobObjectStore } from './release-azure-store';
import { FolderObjectStore } from './release-folder-store';
import { ServedReleases } from './release-serving';
import { ReleaseStore } from './release-store';
import type { AppName } from '../../serving/src/site-config';

let tmp: string;
let azurite: RunningAzurite;
const builds = (app: AppName) => path.join(tmp, 'builds', app);
const provenance = { by: 'test', commit: null };
const defaults = () => ({ events: 'http://localhost:3001/mf-manifest.json' });

async function writeBuild(dir: string, buildId: string) {
  await mkdir(dir, { recursive: true });
  const manifest = { name: 'x', metaData: { buildInfo: { hubBuildId: buildId } }, shared: [] };
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
}

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'hub-served-releases-'));
  azurite = await startAzurite();
});
after(async () => {
  await azurite.stop();
  await rm(tmp, { recursive: true, force: true });
});

describe('what the local servers serve of the release store (release-serving.ts)', () => {
  it('a folder store: the host from its current release, earlier ones as fallbacks, a remote’s releases at /releases', async () => {
    const store = new ReleaseStore(new FolderObjectStore(path.join(tmp, 'store')), {
      defaultRemotes: defaults,
      releaseBaseUrl: (remote) => `http://localhost/${remote}/`,
    });
    const served = new ServedReleases(store, builds);
    assert.equal(served.hostDir(), builds('host'));
    assert.equal(served.releasesDir('events'), path.join(tmp, 'store', 'events', 'releases'));

    await writeBuild(path.join(tmp, 'h1'), 'h1');
    await writeBuild(path.join(tmp, 'h2'), 'h2');
    // No remote is live to gate against here (nothing answers at their addresses): released past the gate.
    const h1 = await store.release('host', path.join(tmp, 'h1'), { force: true, provenance });
    const h2 = await store.release('host', path.join(tmp, 'h2'), { force: true, provenance });
    const releases = path.join(tmp, 'store', 'host', 'releases');
    assert.equal(served.hostDir(), path.join(releases, h2.id));
    assert.deepEqual(served.hostFallbackDirs(), [
      path.join(releases, h2.id),
      path.join(releases, h1.id),
      builds('host'),
    ]);
  });

  it('a container: the host from its build, no local /releases, remotes.json read from the container', async () => {
    const container = await azurite.container('served');
    const store = new ReleaseStore(new AzureBlobObjectStore(container, azuriteAccount.key), {
      defaultRemotes: defaults,
    });
    await store.objects.swap(
      'remotes.json',
      JSON.stringify({ events: `${container}/events/releases/r1/mf-manifest.json` }),
      { contentType: 'application/json', cacheControl: 'no-store' },
      null,
    );
    const served = new ServedReleases(store, builds);
    assert.equal(served.hostDir(), builds('host'));
    assert.equal(served.releasesDir('events'), null);
    assert.deepEqual(await served.remotesDocument(), { events: `${container}/events/releases/r1/mf-manifest.json` });
  });
});
