import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import http from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startAzurite, azuriteAccount, type RunningAzurite } from './azurite';
import { AzureBlobObjectStore } from './release-azure-store';
import { FolderObjectStore } from './release-folder-store';
import { objectHeadersOf, type ObjectStore } from './release-objects';
import { ReleaseConflictError, ReleaseRefusedError, ReleaseStore, newReleaseId } from './release-store';
import { remoteApps, type AppName } from '../../serving/src/site-config';

const react = (version: string, requiredVersion = `^${version}`) => ({
  name: 'react',
  version,
  requiredVersion,
  singleton: true,
});
const manifestOf = (buildId: string, reactVersion = '19.3.1', required?: string) => ({
  name: 'x',
  metaData: { buildInfo: { hubBuildId: buildId } },
  shared: [react(reactVersion, required)],
});

/** Writes a build folder: a manifest with its build id and shared React, an entry, a hashed chunk and its twins. */
async function writeBuild(dir: string, buildId: string, reactVersion = '19.3.1', required?: string) {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifestOf(buildId, reactVersion, required)));
  await writeFile(path.join(dir, 'remoteEntry.js'), `/* ${buildId} */`);
  await writeFile(path.join(dir, 'remoteEntry.js.gz'), `gzip of ${buildId}`);
  await writeFile(path.join(dir, 'assets', 'chunk.0123abcdef.js'), buildId);
  await writeFile(path.join(dir, 'chunk.js.map'), '{"sources":["secret.ts"]}');
}

const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 10, minute, 0));
const alice = { by: 'Alice <alice@example.com>', commit: 'a'.repeat(40) };
const bob = { by: 'ci-bot', commit: 'b'.repeat(40) };

/**
 * "The live site": what the host's origin and each remote's default address serve before any
 * release is in the store (the gate reads them over HTTP, as a team's CI would).
 */
const liveSite = new Map<string, unknown>();
let siteServer: http.Server;
let siteUrl: string;
let azurite: RunningAzurite;
let tmp: string;

before(async () => {
  siteServer = http.createServer((req, res) => {
    const body = liveSite.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(body ? JSON.stringify(body) : '{}');
  });
  await new Promise<void>((resolve) => siteServer.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(siteServer.address() as AddressInfo).port}`;
  azurite = await startAzurite();
});

after(async () => {
  siteServer.close();
  await azurite.stop();
});

let containers = 0;
const backends: Array<{ name: string; open: () => Promise<ObjectStore> }> = [
  { name: 'a local folder', open: async () => new FolderObjectStore(path.join(tmp, 'store')) },
  {
    name: 'Azure Blob Storage (Azurite)',
    open: async () => new AzureBlobObjectStore(await azurite.container(`releases${++containers}`), azuriteAccount.key),
  },
];

const defaults = () =>
  Object.fromEntries(remoteApps.map((r) => [r, `${siteUrl}/${r}/mf-manifest.json`])) as Record<string, string>;
const releaseBase = (remote: string) => `https://${remote}.cdn.example/`;

for (const backend of backends) {
  describe(`the release store on ${backend.name}`, () => {
    let objects: ObjectStore;
    let store: ReleaseStore;
    const build = (name: string) => path.join(tmp, 'builds', name);

    beforeEach(async () => {
      tmp = await mkdtemp(path.join(os.tmpdir(), 'hub-releases-'));
      objects = await backend.open();
      store = new ReleaseStore(objects, {
        defaultRemotes: defaults,
        releaseBaseUrl: releaseBase,
        hostManifestUrl: `${siteUrl}/host/mf-manifest.json`,
      });
      liveSite.clear();
      for (const app of ['host', ...remoteApps] as AppName[])
        liveSite.set(`/${app}/mf-manifest.json`, manifestOf(`${app}-live`));
    });

    afterEach(() => rm(tmp, { recursive: true, force: true }));

    it('before any release: nothing is current and remotes.json is the deploy-time default', async () => {
      assert.equal(await store.current('events'), null);
      assert.deepEqual(await store.remotesDocument(), defaults());
    });

    it('uploads a release (without source maps) into its own folder and repoints only that remote', async () => {
      await writeBuild(build('e1'), 'build-one');
      const record = await store.release('events', build('e1'), { now: at(1), provenance: alice });
      assert.equal(record.id, '20260501T100100Z-build-one');
      assert.equal(record.folder, `events/releases/${record.id}/`);
      assert.deepEqual(await objects.list(record.folder), [
        `${record.folder}assets/chunk.0123abcdef.js`,
        `${record.folder}mf-manifest.json`,
        `${record.folder}remoteEntry.js`,
        `${record.folder}remoteEntry.js.gz`,
      ]);
      assert.deepEqual(await store.remotesDocument(), {
        ...defaults(),
        events: `https://events.cdn.example/releases/${record.id}/mf-manifest.json`,
      });
      // The stored document is the whole document, as the host serves it.
      assert.deepEqual(JSON.parse((await objects.read('remotes.json'))!.text), await store.remotesDocument());
    });

    it('never writes into an earlier release: an object is created once, a new build gets a new folder', async () => {
      await writeBuild(build('b1'), 'same');
      const first = await store.release('events', build('b1'), { now: at(1), provenance: alice });
      const entry = `${first.folder}remoteEntry.js`;
      assert.equal(
        await objects.create(entry, '/* overwritten */', objectHeadersOf('/remoteEntry.js', { host: false })),
        false,
      );
      await writeFile(path.join(build('b1'), 'remoteEntry.js'), '/* changed */');
      const second = await store.release('events', build('b1'), { now: at(1), provenance: alice });
      assert.equal(second.id, `${first.id}-2`);
      assert.equal((await objects.read(entry))!.text, '/* same */');
      assert.equal((await objects.read(`${second.folder}remoteEntry.js`))!.text, '/* changed */');
    });

    it('rolls one remote back, leaving the others and every folder alone; the log says who, when and what', async () => {
      await writeBuild(build('e1'), 'e-one');
      await writeBuild(build('e2'), 'e-two');
      await writeBuild(build('c1'), 'c-one');
      const e1 = await store.release('events', build('e1'), { now: at(1), provenance: alice });
      const c1 = await store.release('communities', build('c1'), { now: at(2), provenance: alice });
      const e2 = await store.release('events', build('e2'), { now: at(3), provenance: alice });
      assert.equal(await store.current('events'), e2.id);

      assert.equal(await store.rollback('events', { now: at(4), provenance: bob }), e1.id);
      const remotes = await store.remotesDocument();
      assert.equal(remotes.events, `https://events.cdn.example/releases/${e1.id}/mf-manifest.json`);
      assert.equal(remotes.communities, `https://communities.cdn.example/releases/${c1.id}/mf-manifest.json`);
      assert.equal(remotes.account, defaults().account);
      // The rolled-back release stays (pages opened on it still load its chunks).
      assert.ok((await objects.list(e2.folder)).length > 0);

      const history = await store.history('events');
      assert.deepEqual(history.live, [e1.id]);
      assert.deepEqual(
        history.releases.map((r) => [r.id, r.releasedBy, r.commit, r.folder]),
        [
          [e1.id, alice.by, alice.commit, e1.folder],
          [e2.id, alice.by, alice.commit, e2.folder],
        ],
      );
      assert.deepEqual(
        history.log.map((l) => [l.action, l.id, l.from, l.by, l.at]),
        [
          ['release', e1.id, null, alice.by, at(1).toISOString()],
          ['release', e2.id, e1.id, alice.by, at(3).toISOString()],
          ['rollback', e1.id, e2.id, bob.by, at(4).toISOString()],
        ],
      );
      // A release after a rollback goes on top of what is live; rolling it back returns to e1, not e2.
      const e3 = await store.release('events', build('e2'), { now: at(5), provenance: alice });
      assert.deepEqual((await store.history('events')).live, [e1.id, e3.id]);
      assert.equal(await store.rollback('events', { now: at(6), provenance: bob }), e1.id);
    });

    it('refuses to roll back past the first release', async () => {
      await assert.rejects(store.rollback('events', { provenance: bob }), /no earlier release of events/);
      await writeBuild(build('e1'), 'e-one');
      await store.release('events', build('e1'), { now: at(1), provenance: alice });
      await assert.rejects(store.rollback('events', { provenance: bob }), /no earlier release of events/);
    });

    it('two releases of different remotes at the same moment both end up live (compare-and-swap)', async () => {
      const apps = ['events', 'communities', 'account', 'admin'] as const;
      for (const app of apps) await writeBuild(build(app), `${app}-next`);
      // Four stores, as four teams' CI would open it, each releasing at once.
      const teams = apps.map(
        () =>
          new ReleaseStore(objects, {
            defaultRemotes: defaults,
            releaseBaseUrl: releaseBase,
            hostManifestUrl: `${siteUrl}/host/mf-manifest.json`,
          }),
      );
      const records = await Promise.all(
        apps.map((app, i) => teams[i]!.release(app, build(app), { now: at(1), provenance: alice })),
      );
      const remotes = await store.remotesDocument();
      apps.forEach((app, i) =>
        assert.equal(remotes[app], `https://${app}.cdn.example/releases/${records[i]!.id}/mf-manifest.json`),
      );
    });

    it('two releases of the same remote at once are both recorded; the pointer follows the history', async () => {
      await writeBuild(build('e1'), 'e-one');
      await writeBuild(build('e2'), 'e-two');
      const [r1, r2] = await Promise.all([
        store.release('events', build('e1'), { now: at(1), provenance: alice }),
        store.release('events', build('e2'), { now: at(1), provenance: bob }),
      ]);
      const history = await store.history('events');
      assert.deepEqual([...history.live].sort(), [r1.id, r2.id].sort());
      assert.equal(history.log.length, 2);
      const top = history.live.at(-1)!;
      assert.equal(
        (await store.remotesDocument()).events,
        `https://events.cdn.example/releases/${top}/mf-manifest.json`,
      );
    });

    it('retries when another writer changes remotes.json in between, a bounded number of times', async () => {
      /** The store, with another team's release landing between this command's read and its write, `races` times. */
      const racing = (races: number): ObjectStore => {
        let left = races;
        return {
          location: objects.location,
          readBytes: (key) => objects.readBytes(key),
          read: (key) => objects.read(key),
          create: (key, body, headers) => objects.create(key, body, headers),
          list: (prefix) => objects.list(prefix),
          async swap(key, body, headers, etag) {
            if (key === 'remotes.json' && left > 0) {
              left -= 1;
              const now = await objects.read(key);
              const document = now ? (JSON.parse(now.text) as Record<string, string>) : {};
              document.admin = `https://admin.cdn.example/releases/other-${left}/mf-manifest.json`;
              assert.ok(await objects.swap(key, JSON.stringify(document), headers, now?.etag ?? null));
            }
            return objects.swap(key, body, headers, etag);
          },
        };
      };
      const options = {
        defaultRemotes: defaults,
        releaseBaseUrl: releaseBase,
        hostManifestUrl: `${siteUrl}/host/mf-manifest.json`,
      };
      await writeBuild(build('e1'), 'e-one');
      const patient = new ReleaseStore(racing(2), { ...options, attempts: 3 });
      const record = await patient.release('events', build('e1'), { now: at(1), provenance: alice });
      const remotes = await store.remotesDocument();
      assert.equal(remotes.events, `https://events.cdn.example/releases/${record.id}/mf-manifest.json`);
      // The other writer's last update is kept, not overwritten.
      assert.equal(remotes.admin, 'https://admin.cdn.example/releases/other-0/mf-manifest.json');

      await writeBuild(build('c1'), 'c-one');
      const impatient = new ReleaseStore(racing(5), { ...options, attempts: 2 });
      await assert.rejects(
        impatient.release('communities', build('c1'), { now: at(2), provenance: alice }),
        (error: Error) => error instanceof ReleaseConflictError && /Run the command again/.test(error.message),
      );
      assert.equal(
        (await store.remotesDocument()).admin,
        'https://admin.cdn.example/releases/other-3/mf-manifest.json',
      );
    });

    it("refuses a remote the live host's manifest (read from its public address) cannot satisfy, and leaves nothing", async () => {
      await writeBuild(build('bad'), 'bad', '20.0.0');
      await assert.rejects(
        store.release('events', build('bad'), { now: at(1), provenance: alice }),
        (error: Error) =>
          error instanceof ReleaseRefusedError &&
          /The 'events' remote requires react \^20\.0\.0, but the live host provides react 19\.3\.1\./.test(
            error.message,
          ),
      );
      assert.equal(await store.current('events'), null);
      assert.deepEqual(await store.remotesDocument(), defaults());
      assert.deepEqual(await objects.list('events/'), []);
      // What the live site serves decides, not a local build: once it provides React 20, the release passes.
      liveSite.set('/host/mf-manifest.json', manifestOf('host-live-20', '20.0.0'));
      await store.release('events', build('bad'), { now: at(2), provenance: alice });
    });

    it("checks against the host's release in the store once there is one", async () => {
      await writeBuild(build('h1'), 'host-one', '19.3.1');
      await store.release('host', build('h1'), { now: at(1), provenance: alice });
      // The host's address says React 20 (say, a stale answer), but the store's live release is what counts.
      liveSite.set('/host/mf-manifest.json', manifestOf('host-live-20', '20.0.0'));
      await writeBuild(build('r20'), 'r20', '20.0.0');
      await assert.rejects(
        store.release('events', build('r20'), { now: at(2), provenance: alice }),
        ReleaseRefusedError,
      );
    });

    it('refuses when the live host cannot be read at all (the gate cannot vouch for the release)', async () => {
      liveSite.delete('/host/mf-manifest.json');
      await writeBuild(build('e1'), 'e-one');
      await assert.rejects(
        store.release('events', build('e1'), { now: at(1), provenance: alice }),
        new RegExp(`The live host manifest could not be read from ${siteUrl}/host/mf-manifest.json: HTTP 404`),
      );
    });

    it('gates a host release against every live remote, released or not', async () => {
      await writeBuild(build('c1'), 'c-one', '19.3.1', '^19.3.0');
      await store.release('communities', build('c1'), { now: at(1), provenance: alice });
      await writeBuild(build('h20'), 'host-20', '20.0.0');
      await assert.rejects(store.release('host', build('h20'), { now: at(2), provenance: alice }), (error: Error) => {
        // Events is read from its address (no release yet), communities from its release in the store.
        assert.match(
          error.message,
          /The 'events' remote requires react \^19\.3\.1, but the live host provides react 20\.0\.0\./,
        );
        assert.match(
          error.message,
          /The 'communities' remote requires react \^19\.3\.0, but the live host provides react 20\.0\.0\./,
        );
        return true;
      });
      assert.equal(await store.current('host'), null);
    });

    it('releases past the gate with force, recording it', async () => {
      await writeBuild(build('bad'), 'bad', '20.0.0');
      const lines: string[] = [];
      const record = await store.release('events', build('bad'), {
        now: at(1),
        force: true,
        log: (l) => lines.push(l),
        provenance: alice,
      });
      assert.equal(record.forced, true);
      assert.equal(await store.current('events'), record.id);
      assert.match(lines.join('\n'), /WARNING: released past the skew gate.*\n.*requires react \^20\.0\.0/);
    });

    it('switches the host between releases; remotes.json is not touched', async () => {
      await writeBuild(build('h1'), 'host-one');
      await writeBuild(build('h2'), 'host-two');
      const h1 = await store.release('host', build('h1'), { now: at(1), provenance: alice });
      const h2 = await store.release('host', build('h2'), { now: at(2), provenance: alice });
      assert.equal(await store.current('host'), h2.id);
      await store.rollback('host', { now: at(3), provenance: bob });
      assert.equal(await store.current('host'), h1.id);
      assert.equal(await objects.read('remotes.json'), null);
    });
  });
}

describe('release ids', () => {
  it('are the UTC time and the build id, safe as a folder and URL segment', () => {
    assert.equal(newReleaseId('2026-05-01T10:00:00.000Z', at(15)), '20260501T101500Z-2026-05-01t10-00-00-000z');
    assert.equal(newReleaseId('e2e/Ä b', at(0)), '20260501T100000Z-e2e-b');
    assert.equal(newReleaseId('', at(0)), '20260501T100000Z');
  });
});

describe('objects in a container carry the headers they are served with (serving-rules.ts)', () => {
  it('hashed chunks immutable, entries and manifests no-cache, remotes.json no-store, twins with their encoding', async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'hub-releases-'));
    try {
      const container = await azurite.container('headers', ['http://site.example']);
      const store = new ReleaseStore(new AzureBlobObjectStore(container, azuriteAccount.key), {
        defaultRemotes: defaults,
        hostManifestUrl: `${siteUrl}/host/mf-manifest.json`,
      });
      liveSite.set('/host/mf-manifest.json', manifestOf('host-live'));
      await writeBuild(path.join(tmp, 'e1'), 'e-one');
      const record = await store.release('events', path.join(tmp, 'e1'), { now: at(1), provenance: alice });
      // Read anonymously over HTTP, as a browser (or a CDN) reads the container.
      const base = `${container}/${record.folder}`;
      const headersOf = async (url: string) => {
        const answer = await fetch(url, { headers: { Origin: 'http://site.example' } });
        assert.equal(answer.status, 200, url);
        return answer.headers;
      };
      const chunk = await headersOf(`${base}assets/chunk.0123abcdef.js`);
      assert.equal(chunk.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(chunk.get('content-type'), 'text/javascript; charset=utf-8');
      const entry = await headersOf(`${base}remoteEntry.js`);
      assert.equal(entry.get('cache-control'), 'no-cache');
      assert.equal(entry.get('access-control-allow-origin'), 'http://site.example');
      assert.equal((await headersOf(`${base}mf-manifest.json`)).get('content-type'), 'application/json; charset=utf-8');
      const twin = await headersOf(`${base}remoteEntry.js.gz`);
      assert.equal(twin.get('content-encoding'), 'gzip');
      assert.equal(twin.get('content-type'), 'text/javascript; charset=utf-8');
      const remotes = await headersOf(`${container}/remotes.json`);
      assert.equal(remotes.get('cache-control'), 'no-store');
      // The release's manifest URL (the container's own, no CDN configured) is what remotes.json names.
      assert.equal(
        (await store.remotesDocument()).events,
        `${container}/events/releases/${record.id}/mf-manifest.json`,
      );
      assert.deepEqual(await (await fetch((await store.remotesDocument()).events!)).json(), manifestOf('e-one'));
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });

  it('a swap loses to a write in between (If-Match), on both backends', async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'hub-releases-'));
    try {
      for (const backend of backends) {
        const objects = await backend.open();
        const headers = objectHeadersOf('/remotes.json', { host: true });
        assert.equal(await objects.swap('doc.json', 'one', headers, null), true, backend.name);
        assert.equal(await objects.swap('doc.json', 'again', headers, null), false, backend.name);
        const first = (await objects.read('doc.json'))!;
        assert.equal(await objects.swap('doc.json', 'two', headers, first.etag), true, backend.name);
        assert.equal(await objects.swap('doc.json', 'three', headers, first.etag), false, backend.name);
        assert.equal((await objects.read('doc.json'))!.text, 'two', backend.name);
      }
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });
});
