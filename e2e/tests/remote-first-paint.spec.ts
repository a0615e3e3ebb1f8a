import { expect, test, type Page } from '@playwright/test';
import type { CommunitySummary } from '@hub/contract/community';
import { NetworkLog } from '../support/network-log';
import { delayHostScripts, expectRemoteScreen } from '../support/site';
import { callApi } from '../support/hub-api';
import { loginAs } from '../support/login';
import { appOrigin, ports } from '../support/stack';

/**
 * Issue 14, the remote pages' Largest Contentful Paint (docs/decisions.md, "A remote page's chain
 * from the HTML" and "A detail page's top in its HTML"): the list pages' frame comes with the HTML
 * and is their largest paint; a detail page's top is drawn from its data into its HTML by the
 * host's page server, with the answers it was drawn from; the remote files are asked for from the
 * HTML, each once.
 */

// A phone, as Lighthouse's mobile run sees the page (the first event cover is below the fold there).
test.use({ viewport: { width: 412, height: 823 } });

/** Before any script: every largest-paint candidate and, every frame, how many level-1 headings there are. */
async function observePaint(page: Page) {
  await page.addInitScript(() => {
    const seen = {
      lcp: [] as Array<{ time: number; text: string; inFrame: boolean; url: string }>,
      headings: new Set<number>(),
    };
    Object.assign(window, { __paint: seen });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>)
        seen.lcp.push({
          time: entry.startTime,
          text: entry.element?.textContent?.slice(0, 60) ?? '',
          // Painted by the HTML's frame (first-load-frame.tsx keeps it until the remote's page replaces it).
          // Or a home widget's frame (drawn-widget.tsx keeps it until its widget renders over it).
          inFrame: Boolean(entry.element?.closest('[data-first-frame], [data-drawn-widget]')),
          url: (entry as PerformanceEntry & { url?: string }).url ?? '',
        });
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
      window as unknown as {
        __paint: {
          lcp: Array<{ time: number; text: string; inFrame: boolean; url: string }>;
          headings: Set<number>;
        };
      }
    ).__paint;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    return { lcp: seen.lcp, headings: [...seen.headings], fcp };
  });

const lists = [
  { path: '/events/event-list', remote: 'events', heading: 'Events', intro: /^Meet-ups, talks and workshops/ },
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

const details = [
  { path: '/events/31', remote: 'events', read: 'api/events/31', name: (body: { title: string }) => body.title },
  { path: '/community/1', remote: 'communities', read: 'api/community/1', name: (body: { name: string }) => body.name },
] as const;

const htmlText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

for (const detail of details) {
  test(`${detail.path}: its top is drawn from its data in the HTML, is the largest paint, the first one; the page takes the answer, one heading throughout`, async ({
    page,
    request,
  }) => {
    const answer = await callApi<{ title: string; name: string; imageUrl: string }>('GET', detail.read);
    expect(answer.status).toBe(200);
    const name = detail.name(answer.body);
    const html = await (await request.get(detail.path)).text();
    expect(html.includes(`data-first-frame-at="${detail.path}"`)).toBe(true);
    expect(html.includes(`>${htmlText(name)}</h1>`), name).toBe(true);
    expect(html.includes('<script type="application/json" id="hub-first-reads">')).toBe(true);

    const log = new NetworkLog(page);
    await observePaint(page);
    await page.goto(detail.path);
    await expectRemoteScreen(page, detail.remote);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(name);
    await page.waitForLoadState('networkidle');
    const paint = await readPaint(page);
    // The remote renders the very same top over the HTML's: every largest-paint candidate is the
    // HTML's, the first at the first paint (an event's cover is one more, once the picture is there).
    expect(paint.lcp.length, JSON.stringify(paint.lcp)).toBeGreaterThan(0);
    expect(paint.lcp[0]?.time, JSON.stringify(paint)).toBe(paint.fcp);
    expect(
      paint.lcp.filter((entry) => !entry.inFrame),
      JSON.stringify(paint),
    ).toEqual([]);
    if (paint.lcp.length > 1) expect(paint.lcp.slice(1).map((entry) => entry.url)).toEqual([answer.body.imageUrl]);
    expect(paint.headings).toEqual([1]);
    // The page's read took the answer the HTML came with: the browser never asked the API for it.
    const reads = log.requests.filter((r) => r.url === `http://localhost:${ports.api}/${detail.read}`);
    expect(reads).toHaveLength(0);
  });
}

/** The names of the cards the HTML was drawn with, in their order (each card's name is its link). */
const cardNamesIn = (html: string, names: string[]) =>
  names
    .map((name) => ({ name, at: html.indexOf(`>${htmlText(name)}</a>`) }))
    .filter((card) => card.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((card) => card.name);

/** The API reads the browser made, as paths with their query (`api/community/base/1?sort=members`). */
const apiReads = (log: NetworkLog) => {
  const api = `http://localhost:${ports.api}/`;
  return log.requests.filter((r) => r.url.startsWith(api)).map((r) => r.url.slice(api.length));
};

// Issue 27: the grid's first page is in the HTML the page server sends, drawn from the very read the
// page makes, whose answer the page takes; the page renders the same cards over it.
for (const view of [
  { address: '/communities', read: 'api/community/base/1' },
  { address: '/communities?sort=members', read: 'api/community/base/1?sort=members' },
] as const) {
  test(`${view.address}: the grid's cards are in the HTML, every largest paint is the HTML's, and the browser never asks for the grid`, async ({
    page,
    request,
  }) => {
    const grid = await callApi<CommunitySummary[]>('GET', view.read);
    expect(grid.status).toBe(200);
    const names = grid.body.map((c) => c.name);
    // Before any script: the raw HTML has the cards, in the view's order, with their member counts.
    const html = await (await request.get(view.address)).text();
    expect(html.includes(`data-first-frame-at="${htmlText(view.address)}"`)).toBe(true);
    expect(cardNamesIn(html, names)).toEqual(names);
    expect(html).toContain(
      `>${grid.body[0]!.memberCount === 1 ? '1 member' : `${grid.body[0]!.memberCount} members`}<`,
    );
    expect(html.includes('<script type="application/json" id="hub-first-reads">')).toBe(true);

    const log = new NetworkLog(page);
    await observePaint(page);
    await page.goto(view.address);
    await expectRemoteScreen(page, 'communities');
    // The remote's page has rendered over the HTML's grid: its Join / Leave buttons are there.
    const cards = page.getByRole('main').getByRole('list', { name: 'Communities' }).getByTestId('community-card');
    await expect(cards.first().getByRole('button', { name: /^(Join|Leave) / })).toBeVisible();
    await expect(cards).toHaveCount(names.length);
    await page.waitForLoadState('networkidle');
    const paint = await readPaint(page);
    expect(paint.lcp.length, JSON.stringify(paint.lcp)).toBeGreaterThan(0);
    expect(paint.lcp[0]?.time, JSON.stringify(paint)).toBe(paint.fcp);
    expect(
      paint.lcp.filter((entry) => !entry.inFrame),
      JSON.stringify(paint),
    ).toEqual([]);
    expect(paint.headings).toEqual([1]);
    // The grid's read, the base and the countries came with the HTML: asked for neither before nor
    // after the page's scripts ran.
    const reads = apiReads(log);
    expect(reads.filter((r) => [view.read, 'api/community', 'api/communitybase/1'].includes(r))).toEqual([]);
  });
}

// Issues 24 and 27: the home's events widget is drawn by the events area on the page server, from the
// public api/home and api/events answers, which the page takes; the featured event's cover is in the
// HTML, asked for first, and is the home's largest paint.
test("/: the featured event and its cover are in the HTML, its largest paint is the HTML's, and the browser never asks for the home's reads", async ({
  page,
  request,
}) => {
  const home = await callApi<{ featuredEvent: { title: string; imageUrl: string } | null }>('GET', 'api/home');
  expect(home.status).toBe(200);
  const featured = home.body.featuredEvent!;
  expect(featured.imageUrl).not.toBe('');
  const html = await (await request.get('/')).text();
  const frameAt = html.indexOf('data-drawn-widget="events:upcomingEvents"');
  expect(frameAt).toBeGreaterThan(0);
  expect(html.indexOf(`>${htmlText(featured.title)}<`, frameAt)).toBeGreaterThan(frameAt);
  // The cover, asked for first: its <img> with fetchpriority, and React's preload of it in the head.
  const cover = new RegExp(`<img [^>]*src="${featured.imageUrl.replace(/[.?*+^$()[\]\\|{}]/g, '\\$&')}"[^>]*>`);
  expect(html.slice(frameAt)).toMatch(cover);
  // (React writes the attribute as `fetchPriority`; HTML's attribute names know no case.)
  expect(cover.exec(html.slice(frameAt))![0]).toMatch(/ fetchpriority="high"/i);
  expect(html.slice(0, html.indexOf('</head>'))).toContain(
    `<link rel="preload" as="image" href="${featured.imageUrl}"`,
  );
  expect(html.includes('<script type="application/json" id="hub-first-reads">')).toBe(true);

  const log = new NetworkLog(page);
  await observePaint(page);
  await page.goto('/');
  const widget = page.locator('[data-remote="events"]');
  await expect(widget.getByRole('list', { name: 'Featured event' }).getByRole('heading')).toHaveText(featured.title);
  await expect(page.locator('[data-drawn-widget]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const paint = await readPaint(page);
  expect(paint.lcp.length, JSON.stringify(paint.lcp)).toBeGreaterThan(0);
  expect(paint.lcp[0]?.time, JSON.stringify(paint)).toBe(paint.fcp);
  // The largest paint is the cover the HTML carried, in the drawn frame: the widget rendered the same over it.
  expect(paint.lcp.at(-1), JSON.stringify(paint)).toMatchObject({ url: featured.imageUrl, inFrame: true });
  expect(paint.headings).toEqual([1]);
  const reads = apiReads(log);
  expect(
    reads.filter((r) => ['api/home', 'api/events?pageSize=6'].includes(r)),
    reads.join(' '),
  ).toEqual([]);
});

test('/ for a signed-in visitor: the anonymous featured event is never painted, and nothing moves (issues 24 and 27)', async ({
  page,
}) => {
  await loginAs(page, 'staff@hub.test');
  await page.goto('/about');
  // From the first frame on: whether the anonymous "Featured event" was ever painted, and the layout's shifts.
  await page.addInitScript(() => {
    const seen = { featured: 0, frames: 0, shifts: 0, moved: [] as string[] };
    (window as unknown as { __home: typeof seen }).__home = seen;
    new PerformanceObserver((list) => {
      type Shift = PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
      };
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        seen.shifts += entry.value;
        // What moved, for the failure's message.
        for (const source of entry.sources)
          seen.moved.push(
            `${entry.value.toFixed(3)} ${(source.node as Element | null)?.outerHTML?.slice(0, 80) ?? source.node?.textContent?.slice(0, 40)} ${source.previousRect.y}→${source.currentRect.y}`,
          );
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const look = () => {
      if (document.body) {
        seen.frames++;
        for (const heading of document.querySelectorAll<HTMLElement>('h3'))
          if (heading.textContent === 'Featured event' && heading.getClientRects().length > 0) seen.featured++;
      }
      if (seen.frames < 600) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  // A phone (where the frame is the largest paint) and a wide screen. On a phone the host's welcome
  // would move the page by a line ("Welcome to Community Hub" takes two lines there, "Welcome back,
  // <name>" one) had the page not been marked before its first paint (pages/dashboard/welcome.tsx).
  for (const viewport of [
    { width: 412, height: 823 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('heading', { level: 3, name: 'Your next event' })).toBeVisible({
      timeout: 20_000,
    });
    await page.waitForLoadState('networkidle');
    const seen = await page.evaluate(
      () =>
        (window as unknown as { __home: { featured: number; frames: number; shifts: number; moved: string[] } }).__home,
    );
    expect(seen.frames).toBeGreaterThan(0);
    expect(seen.featured, `${viewport.width} px: frames with the anonymous featured event painted`).toBe(0);
    expect(seen.shifts, `${viewport.width} px:\n${seen.moved.join('\n')}`).toBeLessThanOrEqual(0.02);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(/^Welcome back, \S+$/);
  }
});

test('/events/abc and an unknown event: no top drawn, the remote says so', async ({ page, request }) => {
  for (const path of ['/events/abc', '/events/999999']) {
    const html = await (await request.get(path)).text();
    expect(html.includes('data-first-frame-at'), path).toBe(false);
    expect(html.includes('id="hub-first-reads"'), path).toBe(false);
  }
  await page.goto('/events/999999');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Event not found');
});

test("/events/31: the remote's entry, routes module and screen scripts, each asked for once, from the HTML", async ({
  page,
}) => {
  await delayHostScripts(page);
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
  // The screen's scripts, as the remote's live manifest names them (shared/build/screens-manifest-plugin.cjs).
  const manifest = (await (await page.request.get(`${appOrigin('events')}/mf-manifest.json`)).json()) as {
    metaData: { buildInfo: { hubScreens: Record<string, { scripts: string[] }> } };
  };
  const scripts = manifest.metaData.buildInfo.hubScreens.eventDetail!.scripts;
  expect(scripts.length).toBeGreaterThan(0);
  expect(early).toEqual(expect.arrayContaining(scripts.map((file) => `/${file}`)));

  const events = log.pathsTo('events');
  for (const path of ['/mf-manifest.json', '/remoteEntry.js', ...events.filter((p) => p.endsWith('.js'))])
    expect(
      events.filter((p) => p === path),
      path,
    ).toHaveLength(1);
  expect(log.requests.filter((r) => r.pathname === '/app-config.json')).toHaveLength(1);
});

test('/community/1: the reads the HTML did not answer (its upcoming events, its updates) are asked for once, from the HTML', async ({
  page,
}) => {
  const log = new NetworkLog(page);
  await page.goto('/community/1');
  await expectRemoteScreen(page, 'communities');
  await expect(page.getByRole('heading', { name: 'Upcoming events' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const api = `http://localhost:${ports.api}/`;
  const reads = log.requests.filter((r) => r.url.startsWith(api)).map((r) => r.url.slice(api.length));
  expect(reads.sort()).toEqual(['api/community/1/messages', 'api/events?when=upcoming&communityId=1&pageSize=10']);
});
