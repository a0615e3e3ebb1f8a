import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'] });
for (const [name, path] of [['event', '/events/31'], ['community', '/community/1'], ['event2', '/events/5']]) {
  for (const scheme of ['light', 'dark']) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
    const page = await ctx.newPage();
    await page.goto('http://localhost:14000' + path);
    await page.waitForSelector('[data-remote]', { timeout: 20000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/${name}-desk-${scheme}.png` });
    await ctx.close();
  }
}
await browser.close();
