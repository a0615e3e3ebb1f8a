import { expect, test, type Page } from '@playwright/test';
import { NetworkLog } from '../support/network-log';
import { expectRemoteScreen } from '../support/site';
import { appOrigin, ports } from '../support/stack';

/**
 * Issue 14, the remote pages' Largest Contentful Paint (docs/decisions.md, "A remote page's chain
 * from the HTML"): the list pages' frame comes with the HTML and is their largest paint; a detail
 * page's remote files and first reads are asked for from the HTML, each once.
 */

// A phone, as Lighthouse's mobile run sees the page (the first event cover is below the fold there).
test.use({ viewport: { width: 412, height: 823 } });

/** Before any script: every largest-paint candidate and, every frame, how many level-1 headings there are. */
async function observePaint(page: Page) {
  await page.addInitScript(() => {
    const seen = { lcp: [] as Array<{ time: number; text: string }>, headings: new Set<number>() };
    Object.assign(window, { __paint: seen });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>)
        seen.lcp.push({ time: entry.startTime, text: entry.element?.textContent?.slice(0, 60) ?? '' });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // Counted from the first paint on (before it, the HTML may not be parsed yet).
    const count = () => {
      if (performance.getEntriesByName('first-contentful-paint').length > 0)
        seen.headings.add(document.querySelectorAll('h1').length);
      requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
  });
}

const readPaint = (page: Page) =>
  page.evaluate(() => {
    const seen = (
      window as unknown as { __paint: { lcp: Array<{ time: number; text: string }>; headings: Set<number> } }
    ).__paint;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    return { lcp: seen.lcp, headings: [...seen.headings], fcp };
  });

const lists = [
  { path: '/events/event-list', remote: 'events', heading: 'Events', intro: /^Meet-ups, talks and workshops/ },
  { path: '/communities', remote: 'communities', heading: 'Communities', intro: /^Communities bring together/ },
] as const;

for (const list of lists) {
  test(`${list.path}: the frame is in the HTML and is the largest paint, the first one; one heading throughout`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(list.path)).text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${list.heading}</h1>`));
    expect(html).toMatch(list.intro.source.replace('^', ''));

    await observePaint(page);
    await page.goto(list.path);
    await expectRemoteScreen(page, list.remote);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(list.heading);
    // The remote's list has rendered (its data shown), and the page has settled.
    await expect(page.getByRole('main').getByRole('progressbar')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const paint = await readPaint(page);
    // The remote renders the very same frame over the HTML's: no larger candidate after the first paint.
    expect(paint.lcp.at(-1)?.text, JSON.stringify(paint.lcp)).toMatch(list.intro);
    expect(paint.lcp.at(-1)?.time).toBe(paint.fcp);
    // Never two headings (the HTML's frame and the remote's), never none once painted.
    expect(paint.headings).toEqual([1]);
  });
}

test("/events/31: the remote's entry, routes module and screen scripts, and the event's read, each asked for once, from the HTML", async ({
  page,
}) => {
  const log = new NetworkLog(page);
  await page.goto('/events/31');
  await expectRemoteScreen(page, 'events');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // The early start (federation/early-remote-start.ts) asked for them: its preloads are in the head.
  const early = await page.evaluate(
    (origin) =>
      Array.from(
        document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"][fetchpriority="low"]'),
      )
        .filter((link) => link.href.startsWith(`${origin}/`))
        .map((link) => new URL(link.href).pathname),
    appOrigin('events'),
  );
  expect(early).toEqual(
    expect.arrayContaining(['/remoteEntry.js', expect.stringMatching(/^\/__federation_expose_routes\./)]),
  );
  expect(early.some((path) => path.startsWith('/screen-eventDetail.'))).toBe(true);

  const events = log.pathsTo('events');
  for (const path of ['/mf-manifest.json', '/remoteEntry.js', ...events.filter((p) => p.endsWith('.js'))])
    expect(
      events.filter((p) => p === path),
      path,
    ).toHaveLength(1);
  const reads = log.requests.filter((r) => r.url.startsWith(`http://localhost:${ports.api}/api/events/31`));
  expect(reads.map((r) => r.url)).toEqual([`http://localhost:${ports.api}/api/events/31`]);
  expect(log.requests.filter((r) => r.pathname === '/app-config.json')).toHaveLength(1);
});
