import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { buildApp, hashTree } from '../support/build';
import { appDir, remoteNames, appOrigin } from '../support/stack';
import { expectRemoteScreen, remoteArea } from '../support/site';

test.describe('runtime discovery and independent release', () => {
  test('the host reads its remotes from /remotes.json at run time', async ({ request }) => {
    const response = await request.get('/remotes.json');
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as Record<string, string>;
    for (const remote of remoteNames) expect(body[remote]).toBe(`${appOrigin(remote)}/mf-manifest.json`);
  });

  test('a remote rebuilt alone shows its new build after a reload; the host files stay byte-for-byte the same', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const hostDist = path.join(appDir('host'), 'dist');
    const hostBefore = await hashTree(hostDist);
    expect(hostBefore.size).toBeGreaterThan(0);

    await page.goto('/events/event-list');
    await expectRemoteScreen(page, 'events');
    const previousBuild = await remoteArea(page, 'events').getAttribute('data-remote-build');

    const marker = `e2e-${randomBytes(6).toString('hex')}`;
    expect(previousBuild).not.toBe(marker);
    // Fault injection stays on: the rest of the suite relies on this build of remote-events.
    await buildApp('events', { HUB_BUILD_MARKER: marker, HUB_FAULT_INJECTION: '1' });

    await page.reload();
    await expect(page.locator(`[data-remote="events"][data-remote-build="${marker}"]`)).toBeVisible();
    await expectRemoteScreen(page, 'events');

    const hostAfter = await hashTree(hostDist);
    expect([...hostAfter.entries()].sort()).toEqual([...hostBefore.entries()].sort());
  });
});
