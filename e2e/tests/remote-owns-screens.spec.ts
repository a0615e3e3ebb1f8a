import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hashTree } from '../support/build';
import { buildChangedRemote, removeChangedRemote } from '../support/changed-remote';
import { NetworkLog } from '../support/network-log';
import { resetReleases, runReleaseCommand } from '../support/releases';
import { expectRemoteScreen } from '../support/site';
import { appDir, ports, siteOrigin } from '../support/stack';

/**
 * Issue 25, "a remote owns its screens": what a remote screen loads and reads first is the remote's
 * to say, in its live release's manifest (remote-events/src/screens.ts → shared/build/
 * screens-manifest-plugin.cjs), and the host's page starts it from there. The events team releases a
 * build with a changed first read and a changed frame text; the host's files stay byte for byte
 * what they were; the next page load makes the new read from the HTML's early start and shows the new
 * frame. The prerendered list page's HTML keeps the host's build's copy of the frame until the host's
 * next build (docs/decisions.md, "A remote owns its screens (issue 25)").
 */

const oldIntro = 'Meet-ups, talks and workshops of every community and network.';
const newIntro = 'Released by the events team alone: meet-ups, talks and workshops.';
const api = `http://localhost:${ports.api}/`;

test.describe.configure({ mode: 'serial' });
test.beforeAll(resetReleases);
// The rest of the suite expects every app served from its build.
test.afterAll(async () => {
  await resetReleases();
  await removeChangedRemote('events');
});

test("events releases a changed first read and frame text alone: the host's files unchanged, the next load reads and shows them", async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const hostDist = path.join(appDir('host'), 'dist');
  const hostBefore = await hashTree(hostDist);

  const changed = await buildChangedRemote('events', [
    // The event's page now reads the countries too, first.
    {
      file: 'src/screens.ts',
      find: 'firstReads: [apiPaths.event],',
      replace: 'firstReads: [apiPaths.event, apiPaths.countries],',
    },
    { file: 'src/pages/event-list/event-list-frame.tsx', find: oldIntro, replace: newIntro },
  ]);
  const released = await runReleaseCommand('release', ['events', `--from=${changed}`]);
  expect(released.code, released.output).toBe(0);

  // The live release's manifest names the new read.
  const remotes = (await (await request.get('/remotes.json')).json()) as Record<string, string>;
  const manifest = (await (await request.get(remotes.events!)).json()) as {
    metaData: { buildInfo: { hubScreens: Record<string, { scripts: string[]; firstReads: string[] }> } };
  };
  const eventDetail = manifest.metaData.buildInfo.hubScreens.eventDetail!;
  expect(eventDetail.firstReads).toEqual(['api/events/:id', 'api/country']);

  // The next load of an event's page. As on a phone, the host's scripts arrive after the page has
  // painted (unthrottled here they may run first, and the app rightly takes over from the early start).
  await page.route(
    (url) => url.origin === siteOrigin && url.pathname.endsWith('.js'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    },
  );
  const log = new NetworkLog(page);
  await page.goto('/events/31');
  await expectRemoteScreen(page, 'events');
  await page.waitForLoadState('networkidle');
  const preloads = await page.evaluate(() =>
    Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')).map((link) => link.href),
  );
  // The early start asked for the new read, and for the screen's scripts from the new release's folder.
  expect(preloads).toContain(`${api}api/country`);
  const releaseFolder = remotes.events!.replace(/mf-manifest\.json$/, '');
  expect(preloads).toEqual(expect.arrayContaining(eventDetail.scripts.map((file) => `${releaseFolder}${file}`)));
  expect(log.requests.filter((r) => r.url === `${api}api/country`)).toHaveLength(1);

  // The list's frame: the remote draws its new text over the HTML's, once loaded.
  await page.goto('/events/event-list');
  await expectRemoteScreen(page, 'events');
  await expect(page.getByText(newIntro)).toBeVisible();
  await expect(page.getByText(oldIntro)).toHaveCount(0);
  // The prerendered HTML is the host's build: its copy of the frame waits for the host's next build.
  const html = await (await request.get('/events/event-list')).text();
  expect(html).toContain(oldIntro);

  expect(await hashTree(hostDist)).toEqual(hostBefore);
});
