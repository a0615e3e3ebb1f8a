import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { azuriteAccount, startAzurite, type RunningAzurite } from '../../devstack/src/azurite';
import { freshCheckout } from '../../devstack/src/fresh-checkout';
import { openObjectStore } from '../../devstack/src/release-store-location';
import { ReleaseStore } from '../../devstack/src/release-store';
import { incompatibleCopyOf, releaseIdIn, runReleaseCommand, serveReleasesFrom } from '../support/releases';
import { NetworkLog } from '../support/network-log';
import { expectRemoteScreen, mainNav, remoteArea } from '../support/site';
import { appDir, siteOrigin } from '../support/stack';

/**
 * Releases to a real object store (README "Releasing and rolling back each remote alone"): the site
 * reads its releases from an Azure Blob Storage container (Azurite), and the remotes' files load
 * straight from it, with the headers the release commands stored. The commands are the CI recipes'
 * (deploy/ci/<remote>.yml): `pnpm release <remote> --no-build`, with the store in HUB_RELEASE_STORE.
 */

let azurite: RunningAzurite;
let container: string;
let storeEnv: NodeJS.ProcessEnv;
let secondCheckout: string;

const remotesJson = async (request: APIRequestContext) =>
  (await (await request.get('/remotes.json')).json()) as Record<string, string>;

/** Every file of the host's build, with its content hash: the host must stay byte for byte as it was. */
async function hostFingerprint(): Promise<Record<string, string>> {
  const dist = path.join(appDir('host'), 'dist');
  const files = (await readdir(dist, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const entries = await Promise.all(
    files.map(async (e) => {
      const file = path.join(e.parentPath, e.name);
      return [
        path.relative(dist, file),
        createHash('sha256')
          .update(await readFile(file))
          .digest('hex'),
      ];
    }),
  );
  return Object.fromEntries(entries.sort(([a], [b]) => a!.localeCompare(b!)));
}

async function release(...args: string[]) {
  const result = await runReleaseCommand('release', args, { env: storeEnv });
  expect(result.code, result.output).toBe(0);
  return result;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'hub-e2e-second-checkout-'));
  [azurite, secondCheckout] = await Promise.all([startAzurite(), freshCheckout(path.join(tmp, 'checkout'))]);
  container = await azurite.container('releases', [siteOrigin, siteOrigin.replace('localhost', '127.0.0.1')]);
  storeEnv = { HUB_RELEASE_STORE: container, HUB_RELEASE_STORE_KEY: azuriteAccount.key, HUB_RELEASED_BY: 'e2e' };
  await serveReleasesFrom({ location: container, key: azuriteAccount.key });
});

test.afterAll(async () => {
  // The rest of the suite is served from its own folder store again.
  await serveReleasesFrom(null);
  await azurite?.stop();
  if (secondCheckout) await rm(path.dirname(secondCheckout), { recursive: true, force: true });
});

test('remotes released to Azure Blob Storage load from it; concurrent releases both go live; a rollback from another checkout; the gate reads the live host', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const hostBefore = await hostFingerprint();
  const network = new NetworkLog(page);
  const containerPath = new URL(container).pathname;
  const fromContainer = () =>
    network.requests.filter((r) => r.url.startsWith(container)).map((r) => r.pathname.slice(containerPath.length));

  // The events team releases; the next load runs it, straight from the container.
  await release('events', '--no-build');
  const e1 = releaseIdIn((await remotesJson(request)).events!);
  expect(e1).toBeTruthy();
  expect((await remotesJson(request)).events).toBe(`${container}/events/releases/${e1}/mf-manifest.json`);
  await page.goto('/events/event-list');
  await expectRemoteScreen(page, 'events');
  expect(fromContainer()).toContain(`/events/releases/${e1}/remoteEntry.js`);
  const entry = await request.get(`${container}/events/releases/${e1}/remoteEntry.js`, {
    headers: { Origin: siteOrigin },
  });
  expect(entry.headers()['cache-control']).toBe('no-cache');
  expect(entry.headers()['access-control-allow-origin']).toBe(siteOrigin);

  // Events and communities release at the same moment: both end up live (remotes.json by compare-and-swap).
  await Promise.all([release('events', '--no-build'), release('communities', '--no-build')]);
  const both = await remotesJson(request);
  const [e2, c1] = [releaseIdIn(both.events!), releaseIdIn(both.communities!)];
  expect(e2).toBeTruthy();
  expect(e2).not.toBe(e1);
  expect(both.communities).toBe(`${container}/communities/releases/${c1}/mf-manifest.json`);
  network.clear();
  await page.reload();
  await expectRemoteScreen(page, 'events');
  expect(fromContainer()).toContain(`/events/releases/${e2}/remoteEntry.js`);
  await mainNav(page).getByRole('link', { name: 'Networks' }).click();
  await expectRemoteScreen(page, 'communities');
  expect(fromContainer()).toContain(`/communities/releases/${c1}/remoteEntry.js`);

  // Someone on call rolls events back from another checkout: the store holds all it needs.
  const rollback = await runReleaseCommand('rollback', ['events'], {
    cwd: secondCheckout,
    env: { ...storeEnv, HUB_RELEASED_BY: 'on-call' },
  });
  expect(rollback.code, rollback.output).toBe(0);
  expect(releaseIdIn((await remotesJson(request)).events!)).toBe(e1);
  expect(releaseIdIn((await remotesJson(request)).communities!)).toBe(c1);
  network.clear();
  await page.goto('/events/event-list');
  await expectRemoteScreen(page, 'events');
  expect(fromContainer()).toContain(`/events/releases/${e1}/remoteEntry.js`);
  const history = await new ReleaseStore(openObjectStore(container, azuriteAccount.key)).history('events');
  expect(history.log.map((l) => [l.action, l.id, l.by])).toEqual([
    ['release', e1, 'e2e'],
    ['release', e2, 'e2e'],
    ['rollback', e1, 'on-call'],
  ]);

  // A communities build requiring a React the live host (read from the site) does not provide is refused.
  const hostManifest = (await (await request.get('/mf-manifest.json')).json()) as {
    shared: Array<{ name: string; version: string }>;
  };
  const react = hostManifest.shared.find((s) => s.name === 'react')!.version;
  const incompatible = path.join(secondCheckout, 'communities-react-99');
  await incompatibleCopyOf(path.join(appDir('communities'), 'dist'), incompatible, react);
  const before = await remotesJson(request);
  const refused = await runReleaseCommand('release', ['communities', `--from=${incompatible}`], { env: storeEnv });
  expect(refused.code, refused.output).toBe(3);
  expect(refused.output).toContain(
    `The 'communities' remote requires react ^99.0.0, but the live host provides react ${react}.`,
  );
  expect(await remotesJson(request)).toEqual(before);
  const communitiesFolders = await openObjectStore(container, azuriteAccount.key).list('communities/releases/');
  expect(new Set(communitiesFolders.map((key) => key.split('/')[2]))).toEqual(new Set([c1]));

  // The host was never released nor rebuilt: its files are byte for byte what they were.
  expect(await hostFingerprint()).toEqual(hostBefore);
  expect(await openObjectStore(container, azuriteAccount.key).list('host/')).toEqual([]);
  await expect(remoteArea(page, 'events')).toBeVisible();
});
