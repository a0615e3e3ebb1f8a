/**
 * Issue 14's "an area that opens instantly": from the home page, a click on Events until the list's
 * content (its event cards) is on screen, timed inside the page (the click event's time stamp to the
 * first animation frame that shows the cards), so the test driver's own latency is not counted.
 * Each run is a new visitor (a new browser context: empty cache, no service worker yet) on whom
 * the events area has never been opened:
 *
 *  - settled: the visitor clicks once the home page has settled (the host's idle warming has
 *    fetched the code of the screens the page links to). The goal (≤ 300 ms) is this one: it is
 *    the case issue 14 designs for ("preload … when the browser is idle").
 *  - while loading: the visitor clicks as soon as the dashboard's widgets show, before warming:
 *    the events remote's entry is on the page (its widget); its routes module, the list screen's
 *    chunk and the list's data are not. The click's hover and the navigation start them together.
 *    Printed for information: it mostly measures how busy the machine still is with the home page.
 */
import type { Browser, Page } from 'playwright-core';

/** Issue 14: the area's content within 300 ms of the click, on this machine. */
export const areaOpenGoalMs = 300;

// The page's globals the timing script sets, typed here only: devstack compiles without the DOM library.
declare const window: { __clickAt?: number; __shownAt?: number };

const listCards = 'ul[aria-labelledby="event-results-title"] [data-testid="event-card"]';

export interface AreaOpenFigures {
  /** Milliseconds from the click to the list's cards, per run. */
  settled: number[];
  whileLoading: number[];
}

export function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** Times one click on the main navigation's Events link, in the page's own clock. */
async function timeClickToList(page: Page): Promise<number> {
  // A string, not a function: tsx's name-keeping helper (`__name`) does not exist inside the page.
  await page.evaluate(`(() => {
    document.addEventListener('click', (event) => { window.__clickAt = event.timeStamp; }, { capture: true, once: true });
    function poll() {
      if (window.__clickAt !== undefined && document.querySelector(${JSON.stringify(listCards)})) window.__shownAt = performance.now();
      else requestAnimationFrame(poll);
    }
    requestAnimationFrame(poll);
  })()`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events', exact: true }).click();
  await page.waitForSelector(listCards, { timeout: 30_000 });
  await page.waitForFunction(() => window.__shownAt !== undefined);
  return page.evaluate(() => (window.__shownAt ?? Number.NaN) - (window.__clickAt ?? Number.NaN));
}

async function openHome(browser: Browser, base: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/`);
  for (const remote of ['events', 'communities']) {
    await page.locator(`main [data-remote="${remote}"]`).first().waitFor({ timeout: 30_000 });
  }
  return { page, close: () => context.close() };
}

export async function measureAreaOpen(browser: Browser, base: string, { runs = 3 } = {}): Promise<AreaOpenFigures> {
  const figures: AreaOpenFigures = { settled: [], whileLoading: [] };
  for (let i = 0; i < runs; i++) {
    const loading = await openHome(browser, base);
    try {
      figures.whileLoading.push(await timeClickToList(loading.page));
    } finally {
      await loading.close();
    }
    const settled = await openHome(browser, base);
    try {
      await settled.page.waitForFunction(
        () => performance.getEntriesByName('hub:idle-warming', 'mark').length > 0,
        null,
        {
          timeout: 30_000,
        },
      );
      await settled.page.waitForLoadState('networkidle');
      figures.settled.push(await timeClickToList(settled.page));
    } finally {
      await settled.close();
    }
  }
  return figures;
}
