import { expect, test } from '@playwright/test';
import { siteOrigin } from '../support/stack';

/**
 * The host's start-up scripts are asked for once the page has painted (host/webpack/startup-after-paint.js,
 * issue 24): the HTML's head names no script file and preloads none; `main.js` and every host chunk
 * are requested after the first contentful paint; the app then starts (its build id on the page
 * element). A prerendered page, a remote list's frame page and a detail page from the page server.
 */
for (const path of ['/about', '/events/event-list', '/events/31']) {
  test(`${path}: the host's scripts are asked for after the first paint, and the app starts`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script[^>]*\ssrc=/);
    const scriptPreloads = (head.match(/<link[^>]*>/g) ?? []).filter(
      (tag) => tag.includes('rel="preload"') && tag.includes('as="script"'),
    );
    expect(scriptPreloads).toEqual([]);

    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-hub-build', /.+/);
    const { fcp, scripts } = await page.evaluate((origin) => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        fcp: paint?.startTime ?? Number.NaN,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.startsWith(`${origin}/`) && new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
      };
    }, siteOrigin);
    expect(fcp).toBeGreaterThan(0);
    expect(scripts.map((script) => script.path)).toContain('/main.js');
    // The start-up's chunks (the HTML preloaded about twenty before): more than main.js alone.
    expect(scripts.length).toBeGreaterThan(5);
    for (const script of scripts) expect(script.start, script.path).toBeGreaterThanOrEqual(fcp);
  });
}
