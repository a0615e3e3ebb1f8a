import { chromium } from '@playwright/test';
const exe = process.env.HUB_CHROMIUM ?? '/usr/bin/chromium';
const browser = await chromium.launch({ executablePath: exe, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'] });
for (const [name, path] of [['event', '/events/31'], ['community', '/community/1']]) {
  for (const js of [false, true]) {
    const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: js });
    const page = await ctx.newPage();
    page.on('crash', () => console.log('CRASH'));
    page.on('close', () => console.log('CLOSE'));
    const api = [];
    page.on('request', (r) => { if (r.url().includes(':14080/api/')) api.push(r.url()); });
    await page.goto('http://localhost:14000' + path);
    if (js) await page.waitForSelector('[data-remote]', { timeout: 15000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/${name}-${js ? 'js' : 'html'}.png` });
    if (js) {
      const lcp = await page.evaluate(() => new Promise((res) => new PerformanceObserver((l) => res(l.getEntries().map((e) => [Math.round(e.startTime), e.size, e.element?.tagName, e.element?.textContent?.slice(0, 40)]))).observe({ type: 'largest-contentful-paint', buffered: true })));
      const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
      const cls = await page.evaluate(() => performance.getEntriesByType('layout-shift').map((e) => e.value));
      console.log(name, 'fcp', Math.round(fcp), 'lcp', JSON.stringify(lcp), 'api', api, 'cls', cls);
    }
    await ctx.close();
  }
}
await browser.close();
