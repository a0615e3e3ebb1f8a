import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { freshCheckout } from './fresh-checkout';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { azuriteAccount, startAzurite, type RunningAzurite } from './azurite';
import { readWorkflow, stepCommand } from './release-workflows';
import { openObjectStore } from './release-store-location';
import { ReleaseStore } from './release-store';

/**
 * The release commands as a team's CI runs them (deploy/ci/<remote>.yml's Gate and Release steps, word
 * for word), in one checkout; then `pnpm rollback <remote>` in a second, fresh checkout that shares
 * nothing with the first but the store. Communities on a folder store, events on Azurite.
 */

const manifestOf = (buildId: string, reactRange: string) => ({
  name: 'hub_events',
  metaData: { buildInfo: { hubBuildId: buildId } },
  shared: [{ name: 'react', version: '19.3.1', requiredVersion: reactRange, singleton: true }],
});

async function writeBuild(dir: string, buildId: string, reactRange = '^19.3.0') {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifestOf(buildId, reactRange)));
  await writeFile(path.join(dir, 'remoteEntry.js'), `/* ${buildId} */`);
}

function sh(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

let azurite: RunningAzurite;
let site: http.Server;
let siteUrl: string;
let tmp: string;
let first: string;
let second: string;
let firstCommit: string;

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'hub-release-commands-'));
  // The live site: the host's manifest at its origin (it has no release in the store).
  site = http.createServer((req, res) => {
    res.writeHead(req.url === '/mf-manifest.json' ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(manifestOf('host-live', '^19.3.1')));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  [azurite, first, second] = await Promise.all([
    startAzurite(),
    freshCheckout(path.join(tmp, 'first-checkout')),
    freshCheckout(path.join(tmp, 'second-checkout')),
  ]);
  // The first checkout is a commit of its own: the release log names it.
  const git = (...args: string[]) =>
    spawnSync('git', ['-c', 'user.name=Events Team', '-c', 'user.email=events@example.com', ...args], {
      cwd: first,
      encoding: 'utf8',
    });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'events: a change');
  firstCommit = git('rev-parse', 'HEAD').stdout.trim();
});

after(async () => {
  site.close();
  await azurite?.stop();
  await rm(tmp, { recursive: true, force: true });
});

const stores = [
  // The Gate step runs once per release on the container only: each command is seconds of a 2-core CI machine.
  {
    name: 'a folder shared by both machines',
    remote: 'communities' as const,
    gated: false,
    open: async () => ({ location: path.join(tmp, 'store'), key: '' }),
  },
  {
    name: 'Azure Blob Storage (Azurite)',
    remote: 'events' as const,
    gated: true,
    open: async () => ({ location: await azurite.container('cli-releases'), key: azuriteAccount.key }),
  },
];

// The two run at once, each releasing its own remote from the first checkout.
describe('releasing from one checkout and rolling back from another', { concurrency: true }, () => {
  for (const backend of stores) {
    it(`${backend.remote} on ${backend.name}`, async () => {
      const { remote } = backend;
      const workflow = readWorkflow(remote);
      const { location, key } = await backend.open();
      const env = (by: string): NodeJS.ProcessEnv => {
        const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('HUB_')));
        return {
          ...clean,
          HUB_RELEASE_STORE: location,
          HUB_RELEASE_STORE_KEY: key,
          HUB_SITE_ORIGIN: siteUrl,
          HUB_RELEASED_BY: by,
        };
      };
      const dist = path.join(first, `remote-${remote}`, 'dist');

      if (backend.gated) {
        // A build the live host cannot run is refused by the Gate step.
        await writeBuild(dist, `${remote}-react-99`, '^99.0.0');
        const refused = await sh(stepCommand(workflow, 'Gate'), first, env('team-ci'));
        assert.equal(refused.code, 3, refused.output);
        assert.match(refused.output, /requires react \^99\.0\.0, but the live host provides react 19\.3\.1/);
      }

      const ids: string[] = [];
      for (const build of [`${remote}-one`, `${remote}-two`]) {
        await writeBuild(dist, build);
        if (backend.gated && build === `${remote}-one`) {
          const gate = await sh(stepCommand(workflow, 'Gate'), first, env('team-ci'));
          assert.equal(gate.code, 0, gate.output);
          assert.match(gate.output, new RegExp(`The skew gate passes ${remote}`));
        }
        const release = await sh(stepCommand(workflow, 'Release'), first, env('team-ci'));
        assert.equal(release.code, 0, release.output);
        ids.push(new RegExp(`released ${remote} (\\S+)`).exec(release.output)![1]!);
      }

      const rollback = await sh(`pnpm rollback ${remote}`, second, env('someone-on-call'));
      assert.equal(rollback.code, 0, rollback.output);
      assert.match(rollback.output, new RegExp(`rolled ${remote} back from ${ids[1]} to ${ids[0]}`));

      const store = new ReleaseStore(openObjectStore(location, key));
      const history = await store.history(remote);
      assert.deepEqual(history.live, [ids[0]]);
      assert.deepEqual(
        history.log.map((l) => [l.action, l.id, l.by, l.commit]),
        [
          ['release', ids[0], 'team-ci', firstCommit],
          ['release', ids[1], 'team-ci', firstCommit],
          ['rollback', ids[0], 'someone-on-call', null],
        ],
      );
      assert.deepEqual(
        history.releases.map((r) => r.buildId),
        [`${remote}-one`, `${remote}-two`],
      );
      assert.match((await store.remotesDocument())[remote]!, new RegExp(`/releases/${ids[0]}/mf-manifest\\.json$`));
    });
  }
});
