import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hashTree } from '../support/build';
import { buildChangedRemote, removeChangedRemote } from '../support/changed-remote';
import { NetworkLog } from '../support/network-log';
import { resetReleases, runReleaseCommand } from '../support/releases';
import { delayHostScripts, expectRemoteScreen } from '../support/site';
import { appDir, ports } from '../support/stack';

/**
 * Issue 25, "a remote owns its screens": what a remote screen loads and reads first is the remote's
 * to say, in its live release's manifest (remote-events/src/screens.ts → shared/build/
 * screens-manifest-plugin.cjs), and the host's page starts it from there. The frames drawn into the
 * HTML on the server are the remote's too: its release carries them for Node
 * (shared/build/server-frames-plugin.cjs) and the page server draws them from the live release
 * (host/server/page-server/remote-frames-loader.ts). The events team releases a build with a changed
 * first read and changed frame texts (the list's intro, an event page's top); the host's files stay
 * byte for byte what they were; the next page load makes the new read from the HTML's early start,
 * and the HTML the server sends already carries the new frames.
 */

const oldIntro = 'Meet-ups, talks and workshops of every community and network.';
const newIntro = 'Released by the events team alone: meet-ups, talks and workshops.';
// The event page's top says "By <community>"; the new release says who organises it.
const oldBy = '            By <RouterLink';
const newBy = '            Organised by <RouterLink';
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
      find: 'firstReads: [apiPaths.event, apiPaths.eventMessages],',
      replace: 'firstReads: [apiPaths.event, apiPaths.eventMessages, apiPaths.countries],',
    },
    { file: 'src/pages/event-list/event-list-frame.tsx', find: oldIntro, replace: newIntro },
    { file: 'src/pages/event-detail/event-detail-frame.tsx', find: oldBy, replace: newBy },
  ]);
  // Before the release, the server's HTML has the frames of the events area's build.
  const eventBefore = await (await request.get('/events/31')).text();
  expect(frameOf(eventBefore, 'events:eventDetail')).toMatch(/>By <a /);
  expect(frameOf(await (await request.get('/events/event-list')).text(), 'events:eventList')).toContain(oldIntro);
  const released = await runReleaseCommand('release', ['events', `--from=${changed}`]);
  expect(released.code, released.output).toBe(0);

  // The live release's manifest names the new read.
  const remotes = (await (await request.get('/remotes.json')).json()) as Record<string, string>;
  const manifest = (await (await request.get(remotes.events!)).json()) as {
    metaData: { buildInfo: { hubScreens: Record<string, { scripts: string[]; firstReads: string[] }> } };
  };
  const eventDetail = manifest.metaData.buildInfo.hubScreens.eventDetail!;
  expect(eventDetail.firstReads).toEqual(['api/events/:id', 'api/events/:id/messages', 'api/country']);

  // The next page served: the HTML of an event's page has the new release's top, drawn on the server
  // (the raw answer, before any script of the page runs), with its styles in the page.
  const eventAfter = await (await request.get('/events/31')).text();
  expect(frameOf(eventAfter, 'events:eventDetail')).toMatch(/>Organised by <a /);
  expect(frameOf(eventAfter, 'events:eventDetail')).not.toMatch(/>By <a /);
  expectStyled(eventAfter, 'events:eventDetail');
  // …and so has the events list's.
  const listAfter = await (await request.get('/events/event-list')).text();
  expect(frameOf(listAfter, 'events:eventList')).toContain(newIntro);
  expect(listAfter).not.toContain(oldIntro);
  expectStyled(listAfter, 'events:eventList');

  // The next load of an event's page, the host's scripts arriving after the first paint.
  await delayHostScripts(page);
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

  await expect(page.getByText(/^Organised by /)).toBeVisible();

  // The list's page: the HTML's frame and the remote's, once loaded, are the same new text.
  await page.goto('/events/event-list');
  await expectRemoteScreen(page, 'events');
  await expect(page.getByText(newIntro)).toBeVisible();
  await expect(page.getByText(oldIntro)).toHaveCount(0);

  expect(await hashTree(hostDist)).toEqual(hostBefore);
});

/** The markup of the HTML's frame of `screen` (`<div data-first-frame="events:eventList">…`). */
function frameOf(html: string, screen: string): string {
  const start = html.indexOf(`data-first-frame="${screen}"`);
  expect(start, `the HTML has the frame of ${screen}`).toBeGreaterThan(0);
  return html.slice(start, html.indexOf('</main>', start));
}

/** Every class of the frame's heading has its rule in the page's styles: the frame's styles were collected. */
function expectStyled(html: string, screen: string) {
  const heading = /<h1[^>]*class="([^"]+)"/.exec(frameOf(html, screen));
  const classes = (heading?.[1] ?? '').split(' ').filter((name) => /^f[0-9a-z]+$/.test(name));
  expect(classes.length).toBeGreaterThan(0);
  const styles = [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map(([, css]) => css).join('');
  for (const name of classes) expect(styles).toMatch(new RegExp(`\\.${name}[\\s{:]`));
}
