import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ReleaseRefusedError, ReleaseStore, newReleaseId } from './release-store';
import type { AppName } from './site-config';

const react = (version: string, requiredVersion = `^${version}`) => ({
  name: 'react',
  version,
  requiredVersion,
  singleton: true,
});

let tmp: string;
let store: ReleaseStore;
const builds = (app: AppName) => path.join(tmp, 'builds', app);
const defaults = {
  events: 'http://localhost:3001/mf-manifest.json',
  communities: 'http://localhost:3002/mf-manifest.json',
  account: 'http://localhost:3003/mf-manifest.json',
  admin: 'http://localhost:3004/mf-manifest.json',
};

/** Writes a build folder: a manifest with its build id and shared React, an entry and a hashed chunk. */
async function writeBuild(dir: string, buildId: string, reactVersion = '19.3.1', required?: string) {
  await mkdir(dir, { recursive: true });
  const manifest = {
    name: 'x',
    metaData: { buildInfo: { hubBuildId: buildId } },
    shared: [react(reactVersion, required)],
  };
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  await writeFile(path.join(dir, 'remoteEntry.js'), `/* ${buildId} */`);
  await writeFile(path.join(dir, `chunk.${buildId.padEnd(10, '0').slice(0, 10)}.js`), buildId);
  await writeFile(path.join(dir, 'chunk.js.map'), '{"sources":["secret.ts"]}');
}

const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 10, minute, 0));

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'hub-releases-'));
  store = new ReleaseStore(path.join(tmp, 'store'), builds, () => ({ ...defaults }));
  for (const app of ['host', 'events', 'communities', 'account', 'admin'] as AppName[]) {
    await writeBuild(builds(app), `${app}-dist`);
  }
});

afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('release ids', () => {
  it('are the UTC time and the build id, safe as a folder and URL segment', () => {
    assert.equal(newReleaseId('2026-05-01T10:00:00.000Z', at(15)), '20260501T101500Z-2026-05-01t10-00-00-000z');
    assert.equal(newReleaseId('e2e/Ä b', at(0)), '20260501T100000Z-e2e-b');
    assert.equal(newReleaseId('', at(0)), '20260501T100000Z');
  });
});

describe('the release store', () => {
  it('serves each app from its build before any release, and remotes.json is the default', () => {
    assert.equal(store.current('events'), null);
    assert.equal(store.liveDir('events'), builds('events'));
    assert.deepEqual(store.remotesDocument(), defaults);
  });

  it('copies a release into its own folder (without source maps) and repoints only that remote', async () => {
    await writeBuild(path.join(tmp, 'b1'), 'build-one');
    const record = await store.release('events', path.join(tmp, 'b1'), { now: at(1) });
    assert.equal(record.id, '20260501T100100Z-build-one');
    assert.equal(record.buildId, 'build-one');

    const files = (await readdir(store.releaseDir('events', record.id))).sort();
    assert.deepEqual(files, ['chunk.build-one0.js', 'mf-manifest.json', 'remoteEntry.js']);
    assert.deepEqual(store.remotesDocument(), {
      ...defaults,
      events: `http://localhost:3001/releases/${record.id}/mf-manifest.json`,
    });
    assert.equal(store.liveDir('events'), store.releaseDir('events', record.id));
    // The file on disk is the whole document, as an object store would hold it.
    assert.deepEqual(JSON.parse(await readFile(store.remotesFile(), 'utf8')), store.remotesDocument());
  });

  it('never writes into an earlier release: a new build gets a new folder', async () => {
    await writeBuild(path.join(tmp, 'b1'), 'same');
    const first = await store.release('events', path.join(tmp, 'b1'), { now: at(1) });
    const before = await readFile(path.join(store.releaseDir('events', first.id), 'remoteEntry.js'), 'utf8');
    await writeBuild(path.join(tmp, 'b1'), 'same');
    await writeFile(path.join(tmp, 'b1', 'remoteEntry.js'), '/* changed */');
    const second = await store.release('events', path.join(tmp, 'b1'), { now: at(1) });
    assert.notEqual(second.id, first.id);
    assert.equal(second.id, `${first.id}-2`);
    assert.equal(await readFile(path.join(store.releaseDir('events', first.id), 'remoteEntry.js'), 'utf8'), before);
    assert.equal(
      await readFile(path.join(store.releaseDir('events', second.id), 'remoteEntry.js'), 'utf8'),
      '/* changed */',
    );
  });

  it('rolls one remote back to the release before, leaving the others and every folder alone', async () => {
    await writeBuild(path.join(tmp, 'e1'), 'e-one');
    await writeBuild(path.join(tmp, 'e2'), 'e-two');
    await writeBuild(path.join(tmp, 'c1'), 'c-one');
    const e1 = await store.release('events', path.join(tmp, 'e1'), { now: at(1) });
    const c1 = await store.release('communities', path.join(tmp, 'c1'), { now: at(2) });
    const e2 = await store.release('events', path.join(tmp, 'e2'), { now: at(3) });
    assert.equal(store.current('events'), e2.id);

    assert.equal(await store.rollback('events', { now: at(4) }), e1.id);
    const remotes = store.remotesDocument();
    assert.equal(remotes.events, `http://localhost:3001/releases/${e1.id}/mf-manifest.json`);
    assert.equal(remotes.communities, `http://localhost:3002/releases/${c1.id}/mf-manifest.json`);
    assert.equal(remotes.account, defaults.account);
    // The rolled-back release stays on disk (pages opened on it still load its chunks).
    assert.deepEqual((await readdir(store.releasesDir('events'))).sort(), [e1.id, e2.id].sort());

    const history = store.history('events');
    assert.deepEqual(history.live, [e1.id]);
    assert.deepEqual(
      history.releases.map((r) => r.id),
      [e1.id, e2.id],
    );
    assert.deepEqual(
      history.log.map((l) => [l.action, l.id, l.from]),
      [
        ['release', e1.id, null],
        ['release', e2.id, e1.id],
        ['rollback', e1.id, e2.id],
      ],
    );
    // A release after a rollback goes on top of what is live; rolling it back returns to e1, not e2.
    const e3 = await store.release('events', path.join(tmp, 'e2'), { now: at(5) });
    assert.deepEqual(store.history('events').live, [e1.id, e3.id]);
    assert.equal(await store.rollback('events', { now: at(6) }), e1.id);
  });

  it('refuses to roll back past the first release', async () => {
    await assert.rejects(store.rollback('events'), /no earlier release of events/);
    await writeBuild(path.join(tmp, 'e1'), 'e-one');
    await store.release('events', path.join(tmp, 'e1'), { now: at(1) });
    await assert.rejects(store.rollback('events'), /no earlier release of events/);
  });

  it("refuses a remote the host's live release cannot satisfy, naming the package, and leaves nothing behind", async () => {
    await writeBuild(path.join(tmp, 'bad'), 'bad', '20.0.0');
    await assert.rejects(
      store.release('events', path.join(tmp, 'bad'), { now: at(1) }),
      (error: Error) =>
        error instanceof ReleaseRefusedError &&
        /The 'events' remote requires react \^20\.0\.0, but the live host provides react 19\.3\.1\./.test(
          error.message,
        ),
    );
    assert.equal(store.current('events'), null);
    assert.deepEqual(store.remotesDocument(), defaults);
    await assert.rejects(readdir(store.releasesDir('events')), { code: 'ENOENT' });
  });

  it('releases past the gate with force, recording it', async () => {
    await writeBuild(path.join(tmp, 'bad'), 'bad', '20.0.0');
    const lines: string[] = [];
    const record = await store.release('events', path.join(tmp, 'bad'), {
      now: at(1),
      force: true,
      log: (l) => lines.push(l),
    });
    assert.equal(record.forced, true);
    assert.equal(store.current('events'), record.id);
    assert.match(lines.join('\n'), /WARNING: released past the skew gate.*\n.*requires react \^20\.0\.0/);
  });

  it("checks against the host's live release, not its latest build", async () => {
    // The host's build moves to React 20 but is not released: a React 20 remote is still refused.
    await writeBuild(builds('host'), 'host-next', '20.0.0');
    const hostRelease = path.join(tmp, 'h1');
    await writeBuild(hostRelease, 'host-one', '19.3.1');
    await store.release('host', hostRelease, { now: at(1) });
    await writeBuild(path.join(tmp, 'r20'), 'r20', '20.0.0');
    await assert.rejects(store.release('events', path.join(tmp, 'r20'), { now: at(2) }), ReleaseRefusedError);
  });

  it('refuses a host release that a live remote cannot run with', async () => {
    await writeBuild(path.join(tmp, 'h20'), 'host-20', '20.0.0');
    await assert.rejects(
      store.release('host', path.join(tmp, 'h20'), { now: at(1) }),
      /The 'events' remote requires react \^19\.3\.1, but the live host provides react 20\.0\.0\./,
    );
    assert.equal(store.current('host'), null);
  });

  it('switches the host between releases; remotes.json is not touched', async () => {
    await writeBuild(path.join(tmp, 'h1'), 'host-one');
    await writeBuild(path.join(tmp, 'h2'), 'host-two');
    const h1 = await store.release('host', path.join(tmp, 'h1'), { now: at(1) });
    const h2 = await store.release('host', path.join(tmp, 'h2'), { now: at(2) });
    assert.equal(store.liveDir('host'), store.releaseDir('host', h2.id));
    await store.rollback('host', { now: at(3) });
    assert.equal(store.liveDir('host'), store.releaseDir('host', h1.id));
    await assert.rejects(readFile(store.remotesFile()), { code: 'ENOENT' });
  });
});
