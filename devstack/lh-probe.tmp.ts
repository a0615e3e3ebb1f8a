// Scratch (not committed): Lighthouse figures with LCP phases for a few URLs.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { loadavg } from 'node:os';
const urls = process.argv.slice(2);
const runs = Number(process.env.RUNS ?? 3);
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'], logLevel: 'silent' });
for (let i = 0; i < runs; i++) for (const url of urls) {
  const answer = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const a = answer!.lhr.audits;
  const el = a['largest-contentful-paint-element']?.details as any;
  const phases = el?.items?.[1]?.items?.map((p: any) => `${p.phase}:${Math.round(p.timing)}`).join(' ');
  const node = el ? el.items?.[0]?.items?.[0]?.node?.snippet?.slice(0, 60) : JSON.stringify(a["largest-contentful-paint-element"]).slice(0, 400);
  console.log(`${(loadavg()[0] ?? 0).toFixed(1)} ${url.replace(/^http:\/\/localhost:\d+/, '')} perf ${Math.round(answer!.lhr.categories.performance.score! * 100)} FCP ${Math.round(a['first-contentful-paint'].numericValue!)} LCP ${Math.round(a['largest-contentful-paint'].numericValue!)} TBT ${Math.round(a['total-blocking-time'].numericValue!)} | ${phases} | ${node}`);
}
await chrome.kill();
