/**
 * Lighthouse 12 for the bench (issue 14): the mobile preset with simulated throttling, as
 * PageSpeed Insights runs it, in Debian's Chromium, each page three times, the median run kept.
 * Scores move with the machine's load (TBT most): the load average, Lighthouse's own benchmark index
 * of the machine at the run (its CPU speed as the page saw it; below 1,000 Lighthouse warns that the
 * host is too slow for its 4× phone multiplier) and that multiplier are printed beside every figure.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { chromiumArgs, chromiumExecutable } from './chromium';
import { mainThreadBlocking, type MainThreadBlocking, type TraceEvent } from './main-thread-blocking';

export interface LighthouseFigures {
  /** Category scores, 0–100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's benchmark index of the machine, measured at the run's start (higher is faster). */
  benchmarkIndex: number;
  /** The CPU slowdown Lighthouse simulated (4 for the mobile preset). */
  cpuSlowdown: number;
  /**
   * The TBT the page's main thread would have from its own CPU time, and its tasks' wall time over
   * that CPU time (main-thread-blocking.ts): NaN when the run's trace was not read.
   */
  ownCpuTbt: number;
  wallToCpu: number;
}

export interface PageFigures {
  url: string;
  /** The run with the median performance score (Lighthouse's own advice for variance). */
  median: LighthouseFigures;
  runs: LighthouseFigures[];
  /** The one-minute load average when the page's runs started. */
  load: number;
}

/** The public pages Lighthouse measures (issues 14 and 24). */
export const lighthousePaths = ['/', '/events/event-list', '/events/31', '/communities', '/community/1', '/about'];

/** Issue 14's goals, per page, as an anonymous visitor. */
export const lighthouseGoals = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 95,
  cls: 0.02,
} as const;

export function figuresOf(lhr: Result, blocking: MainThreadBlocking | null = null): LighthouseFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier ?? Number.NaN,
    ownCpuTbt: blocking?.fromCpu ?? Number.NaN,
    wallToCpu: blocking?.wallToCpu ?? Number.NaN,
  };
}

/** The run in the middle by performance score (ties: the lower LCP), as Lighthouse's computeMedianRun. */
export function medianRun(runs: LighthouseFigures[]): LighthouseFigures {
  if (runs.length === 0) throw new Error('No Lighthouse run to take the median of.');
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcp - a.lcp);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Which of a page's goals its median run misses (empty when it meets them all). */
export function missedGoals(f: LighthouseFigures): string[] {
  const missed: string[] = [];
  if (f.performance < lighthouseGoals.performance)
    missed.push(`performance ${f.performance} < ${lighthouseGoals.performance}`);
  if (f.accessibility < lighthouseGoals.accessibility)
    missed.push(`accessibility ${f.accessibility} < ${lighthouseGoals.accessibility}`);
  if (f.bestPractices < lighthouseGoals.bestPractices)
    missed.push(`best practices ${f.bestPractices} < ${lighthouseGoals.bestPractices}`);
  if (f.seo < lighthouseGoals.seo) missed.push(`SEO ${f.seo} < ${lighthouseGoals.seo}`);
  if (!(f.cls <= lighthouseGoals.cls)) missed.push(`CLS ${f.cls.toFixed(3)} > ${lighthouseGoals.cls}`);
  return missed;
}

/** A report's file name: the page's path and the run, e.g. `events-event-list.2.json` (`/` is `home`). */
export function reportFileName(url: string, run: number): string {
  const slug = new URL(url).pathname.replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'home';
  return `${slug}.${run + 1}.json`;
}

/** Debian's Chromium for Lighthouse, with the flags every browser run here uses. */
export function launchChromium(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({ chromePath: chromiumExecutable, chromeFlags: chromiumArgs, logLevel: 'silent' });
}

/**
 * One Lighthouse run of `url` in the Chromium listening on `chromePort` (Lighthouse clears the
 * cache and storage first, so it is a first, anonymous visit); with `reportFile`, its whole report
 * (JSON) is written there.
 */
export async function lighthouseRun(chromePort: number, url: string, reportFile?: string): Promise<LighthouseFigures> {
  const answer = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!answer) throw new Error(`Lighthouse gave no result for ${url}.`);
  if (answer.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${answer.lhr.runtimeError.message}`);
  if (reportFile) writeFileSync(reportFile, JSON.stringify(answer.lhr));
  const trace = (answer.artifacts as { Trace?: { traceEvents?: TraceEvent[] } }).Trace?.traceEvents ?? [];
  const slowdown = answer.lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4;
  return figuresOf(answer.lhr, mainThreadBlocking(trace, slowdown));
}

/**
 * Runs Lighthouse `runs` times on each URL in one Chromium. With `reportDir`, every run's whole
 * report (JSON) is kept there: the failing audits and the long tasks behind a figure.
 */
export async function runLighthouse(
  urls: string[],
  { runs = 3, reportDir }: { runs?: number; reportDir?: string } = {},
): Promise<PageFigures[]> {
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const chrome = await launchChromium();
  try {
    const results: PageFigures[] = [];
    for (const url of urls) {
      const load = loadavg()[0] ?? 0;
      const figures: LighthouseFigures[] = [];
      for (let i = 0; i < runs; i++)
        figures.push(await lighthouseRun(chrome.port, url, reportDir && path.join(reportDir, reportFileName(url, i))));
      results.push({ url, median: medianRun(figures), runs: figures, load });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}

const ms = (n: number) => `${Math.round(n).toLocaleString('en-GB')} ms`;

/** The table the bench prints: one row per page, its median run. */
export function formatLighthouseTable(pages: PageFigures[]): string[] {
  const header = [
    'page',
    'perf',
    'a11y',
    'BP',
    'SEO',
    'FCP',
    'LCP',
    'TBT',
    'TBT own CPU',
    'wall/CPU',
    'CLS',
    'load avg',
    'bench index',
    'CPU ×',
    'goals',
  ];
  const rows = pages.map(({ url, median: f, load }) => {
    const missed = missedGoals(f);
    return [
      new URL(url).pathname,
      String(f.performance),
      String(f.accessibility),
      String(f.bestPractices),
      String(f.seo),
      ms(f.fcp),
      ms(f.lcp),
      ms(f.tbt),
      ms(f.ownCpuTbt),
      `${f.wallToCpu.toFixed(1)}×`,
      f.cls.toFixed(3),
      load.toFixed(1),
      Math.round(f.benchmarkIndex).toLocaleString('en-GB'),
      String(f.cpuSlowdown),
      missed.length ? `MISSED: ${missed.join('; ')}` : 'met',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)];
}
