import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatLighthouseTable, medianRun, missedGoals, reportFileName, type LighthouseFigures } from './lighthouse';

const run = (performance: number, more: Partial<LighthouseFigures> = {}): LighthouseFigures => ({
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcp: 800,
  lcp: 1500,
  tbt: 50,
  cls: 0,
  benchmarkIndex: 1693,
  cpuSlowdown: 4,
  ownCpuTbt: 120,
  wallToCpu: 3.2,
  ...more,
});

test('the median run is the middle one by performance score, the lower LCP on a tie', () => {
  assert.equal(medianRun([run(90), run(60), run(97)]).performance, 90);
  assert.equal(medianRun([run(95, { lcp: 2000 }), run(95, { lcp: 1000 }), run(95, { lcp: 3000 })]).lcp, 2000);
  assert.equal(medianRun([run(80), run(70)]).performance, 70);
  assert.throws(() => medianRun([]));
});

test("a page's missed goals are named; a page meeting them all misses none", () => {
  assert.deepEqual(missedGoals(run(95, { seo: 95, cls: 0.02 })), []);
  assert.deepEqual(missedGoals(run(94, { accessibility: 98, bestPractices: 96, seo: 92, cls: 0.163 })), [
    'performance 94 < 95',
    'accessibility 98 < 100',
    'best practices 96 < 100',
    'SEO 92 < 95',
    'CLS 0.163 > 0.02',
  ]);
  assert.deepEqual(missedGoals(run(99, { cls: Number.NaN })), ['CLS NaN > 0.02']);
});

test('the table has one row per page with its figures and goals', () => {
  const [header, row] = formatLighthouseTable([
    { url: 'http://localhost:4100/about', median: run(51, { lcp: 3500, tbt: 790, cls: 0.495 }), runs: [], load: 1.5 },
  ]);
  assert.match(
    header!,
    /^page\s+perf\s+a11y\s+BP\s+SEO\s+FCP\s+LCP\s+TBT\s+TBT own CPU\s+wall\/CPU\s+CLS\s+load avg\s+bench index\s+CPU ×\s+goals$/,
  );
  assert.match(
    row!,
    /^\/about\s+51\s+100\s+100\s+100\s+800 ms\s+3,500 ms\s+790 ms\s+120 ms\s+3\.2×\s+0\.495\s+1\.5\s+1,693\s+4\s+MISSED: performance 51 < 95; CLS 0\.495 > 0\.02$/,
  );
});

test("a kept report is named by the page's path and the run", () => {
  assert.equal(reportFileName('http://localhost:5110/', 0), 'home.1.json');
  assert.equal(reportFileName('http://localhost:5110/events/event-list', 2), 'events-event-list.3.json');
  assert.equal(reportFileName('http://localhost:5110/community/1', 1), 'community-1.2.json');
});
