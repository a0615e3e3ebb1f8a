import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { NetworkLog } from '../support/network-log';
import {
  buildIdOf,
  incompatibleCopyOf,
  nextBuildOf,
  releaseFolders,
  releaseIdIn,
  releasesRoot,
  resetReleases,
  runReleaseCommand,
} from '../support/releases';
import { expectRemoteScreen, main, mainNav, remoteArea, unavailable } from '../support/site';
import { appDir } from '../support/stack';

/**
 * Releases of one remote (README "Releasing and rolling back"): `pnpm release <remote>` copies a build
 * into an immutable release folder and repoints /remotes.json; `pnpm rollback <remote>` repoints it
 * back; the skew gate refuses a remote the live host cannot satisfy, and the host's "host wins" share
 * plugin contains one that was forced live. The tests run the real commands against the served site.
 */

const communitiesDist = path.join(appDir('communities'), 'dist');

const remotesJson = async (request: APIRequestContext) =>
  (await (await request.get('/remotes.json')).json()) as Record<string, string>;

async function release(...args: string[]) {
  const result = await runReleaseCommand('release', args);
  expect(result.code, result.output).toBe(0);
  return result;
}

test.describe.configure({ mode: 'serial' });
test.beforeAll(resetReleases);
// The rest of the suite expects every app served from its build, as `npm test` builds it. (The second
// build stays beside it, for pwa.spec.ts to release again without building.)
test.afterAll(resetReleases);

test('a remote released while the site is open is picked up on the next load; a rollback restores it alone', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await release('communities', '--no-build');
  await release('events', '--no-build');
  const before = await remotesJson(request);
  const [c1, e1] = [releaseIdIn(before.communities!), releaseIdIn(before.events!)];
  expect(c1).toBeTruthy();
  expect(e1).toBeTruthy();

  const network = new NetworkLog(page);
  await page.goto('/communities');
  await expectRemoteScreen(page, 'communities');
  const firstBuild = await buildIdOf(communitiesDist);
  await expect(remoteArea(page, 'communities')).toHaveAttribute('data-remote-build', firstBuild);
  expect(network.pathsTo('communities')).toContain(`/releases/${c1}/remoteEntry.js`);

  // The communities team builds and releases a new version while the page stays open.
  const variant = await nextBuildOf('communities');
  const secondBuild = await buildIdOf(variant);
  expect(secondBuild).not.toBe(firstBuild);
  await release('communities', `--from=${variant}`);
  const after = await remotesJson(request);
  const c2 = releaseIdIn(after.communities!);
  expect(c2).toBeTruthy();
  expect(c2).not.toBe(c1);
  expect({ ...after, communities: undefined }).toEqual({ ...before, communities: undefined });

  // The open page keeps the version it started with (its release folder is still there)…
  await mainNav(page).getByRole('link', { name: 'Networks' }).click();
  await expectRemoteScreen(page, 'communities');
  await expect(remoteArea(page, 'communities')).toHaveAttribute('data-remote-build', firstBuild);

  // …and the next load runs the new release, from its own folder.
  network.clear();
  await page.goto('/communities');
  await expect(remoteArea(page, 'communities')).toHaveAttribute('data-remote-build', secondBuild);
  await expectRemoteScreen(page, 'communities');
  expect(network.pathsTo('communities')).toContain(`/releases/${c2}/remoteEntry.js`);
  expect(network.pathsTo('communities')).not.toContain(`/releases/${c1}/remoteEntry.js`);

  // Rolling communities back repoints it alone; events stays on its release.
  const rollback = await runReleaseCommand('rollback', ['communities']);
  expect(rollback.code, rollback.output).toBe(0);
  expect(await remotesJson(request)).toEqual(before);
  network.clear();
  await page.reload();
  await expect(remoteArea(page, 'communities')).toHaveAttribute('data-remote-build', firstBuild);
  await expectRemoteScreen(page, 'communities');
  expect(network.pathsTo('communities')).toContain(`/releases/${c1}/remoteEntry.js`);
  await mainNav(page).getByRole('link', { name: 'Events' }).click();
  await expectRemoteScreen(page, 'events');
  expect(network.pathsTo('events')).toContain(`/releases/${e1}/remoteEntry.js`);
  // Both communities releases are still on disk: a rollback deletes nothing.
  expect((await releaseFolders('communities')).sort()).toEqual([c1, c2].sort());
});

test('a remote built against another React is refused by the gate; forced live, it is contained in its area', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const hostManifest = JSON.parse(await readFile(path.join(appDir('host'), 'dist', 'mf-manifest.json'), 'utf8')) as {
    shared: Array<{ name: string; version: string }>;
  };
  const react = hostManifest.shared.find((s) => s.name === 'react')!.version;
  // Communities is live on a release of its good build, whatever ran before.
  await release('communities', '--no-build');
  const incompatible = path.join(releasesRoot(), 'incoming', 'communities-react-99');
  await incompatibleCopyOf(communitiesDist, incompatible, react);
  const before = await remotesJson(request);
  const foldersBefore = await releaseFolders('communities');

  const refused = await runReleaseCommand('release', ['communities', `--from=${incompatible}`]);
  expect(refused.code).toBe(3);
  expect(refused.output).toContain('Release of communities refused by the skew gate');
  expect(refused.output).toContain(
    `The 'communities' remote requires react ^99.0.0, but the live host provides react ${react}.`,
  );
  expect(await remotesJson(request)).toEqual(before);
  expect(await releaseFolders('communities')).toEqual(foldersBefore);

  const forced = await release('communities', `--from=${incompatible}`, '--force');
  expect(forced.output).toContain('WARNING: released past the skew gate (--force)');

  await page.goto('/communities');
  const message = unavailable(main(page));
  await expect(message).toContainText('Communities and networks cannot be shown with this version of the site.');
  await expect(message).toContainText(
    'This part of the site was built for a different version of the site and must be re-released by its team.',
  );
  // Whichever of React's shared entries the remote asks for first (react, react/jsx-runtime or
  // react-dom, which a screen using flushSync imports) is named.
  const escapedVersion = react.replace(/\./g, '\\.');
  await expect(message).toContainText(
    new RegExp(`It requires (react(/jsx-runtime|-dom)?) \\^99\\.0\\.0; the site provides \\1 ${escapedVersion}\\.`),
  );
  await expect(message.getByRole('button', { name: 'Retry' })).toBeVisible();
  // Contained: the header works and another area still renders.
  await mainNav(page).getByRole('link', { name: 'Events' }).click();
  await expectRemoteScreen(page, 'events');

  // Rolling back brings the area back.
  const rollback = await runReleaseCommand('rollback', ['communities']);
  expect(rollback.code, rollback.output).toBe(0);
  await page.goto('/communities');
  await expectRemoteScreen(page, 'communities');
});
