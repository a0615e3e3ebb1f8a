/**
 * `tsx src/lighthouse-compare.ts <dist-a> <dist-b>`: Lighthouse (mobile, as the bench runs it) on
 * the six public pages of two builds, each served by a production topology of its own
 * (hold-topology.ts; ports from HUB_TOPOLOGY_PORT_BASE and that + 50), the two builds alternated
 * run by run so that both see the same machine; medians of three (HUB_LIGHTHOUSE_RUNS), with the
 * load and Lighthouse's benchmark index beside every run. On a shared machine only figures from one
 * such run compare (docs/decisions.md, "Lighthouse, third pass"). HUB_LIGHTHOUSE_REPORTS keeps
 * every report, as `<that folder>/<dist>/<page>.<run>.json`. Needs both builds
 * (`HUB_DIST_DIR=<dist> tsx src/build-all.ts`), the API compiled and the serving commands built,
 * as the topology suite does.
 */
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { medianOf } from './area-open';
import { spawnPrefixed, stopProcessGroup } from './child-process';
import {
  launchChromium,
  lighthousePaths,
  lighthouseRun,
  medianRun,
  reportFileName,
  type LighthouseFigures,
} from './lighthouse';

const builds = process.argv.slice(2);
if (builds.length !== 2) throw new Error('Usage: lighthouse-compare.ts <dist-a> <dist-b>');
const runs = Number(process.env.HUB_LIGHTHOUSE_RUNS ?? 3);
const portBase = Number(process.env.HUB_TOPOLOGY_PORT_BASE ?? 7400);
const reports = process.env.HUB_LIGHTHOUSE_REPORTS;
const paths = process.env.HUB_LIGHTHOUSE_PATHS?.split(',') ?? lighthousePaths;

/** Starts a topology serving `dist` and resolves with its site origin once it is up. */
function holdTopology(dist: string, base: number): Promise<{ child: ChildProcess; origin: string }> {
  return new Promise((resolve, reject) => {
    let origin: string | undefined;
    const child = spawnPrefixed(
      dist,
      'pnpm',
      ['--silent', 'exec', 'tsx', 'src/hold-topology.ts'],
      { HUB_DIST_DIR: dist, HUB_TOPOLOGY_PORT_BASE: String(base) },
      {
        stdout: (line) => {
          origin ??= /^ready (\S+)/.exec(line)?.[1];
          if (origin) resolve({ child, origin });
          return true;
        },
      },
    );
    child.on('exit', (code) => reject(new Error(`The ${dist} topology exited (${code}).`)));
  });
}

const figure = (f: LighthouseFigures) => `${f.performance} / ${Math.round(f.tbt)} / ${Math.round(f.lcp)}`;
// The page's own share of TBT (main-thread-blocking.ts) moves far less with the machine than TBT.
const ownCpu = (f: LighthouseFigures) => `own-CPU TBT ${Math.round(f.ownCpuTbt)}, wall/CPU ${f.wallToCpu.toFixed(1)}×`;
const held = await Promise.all(builds.map((dist, i) => holdTopology(dist, portBase + 50 * i)));
const chrome = await launchChromium();
try {
  const rows: string[] = [];
  for (const page of paths) {
    const perBuild: LighthouseFigures[][] = builds.map(() => []);
    const notes: string[][] = builds.map(() => []);
    for (let run = 0; run < runs; run++) {
      // Alternated run by run, and which build goes first alternates too.
      const order = run % 2 ? [1, 0] : [0, 1];
      for (const b of order) {
        const url = `${held[b]!.origin}${page}`;
        const dir = reports && path.join(reports, builds[b]!);
        if (dir) mkdirSync(dir, { recursive: true });
        const load = loadavg()[0]!;
        const f = await lighthouseRun(chrome.port, url, dir && path.join(dir, reportFileName(url, run)));
        perBuild[b]!.push(f);
        notes[b]!.push(`${figure(f)} (${ownCpu(f)}; load ${load.toFixed(1)}, index ${Math.round(f.benchmarkIndex)})`);
        const other = [f.accessibility, f.bestPractices, f.seo].some((s) => s < 100) || f.cls > 0;
        console.log(
          `${page} ${builds[b]} run ${run + 1}: perf/TBT/LCP ${notes[b]!.at(-1)}` +
            (other ? ` a11y ${f.accessibility} BP ${f.bestPractices} SEO ${f.seo} CLS ${f.cls.toFixed(3)}` : ''),
        );
      }
    }
    const medians = perBuild.map((r) => medianRun(r));
    rows.push(
      `${page}: ${builds
        .map(
          (b, i) =>
            `${b} ${figure(medians[i]!)} [${perBuild[i]!.map((f) => f.performance).join(' ')}]` +
            ` own-CPU TBT ${Math.round(medianOf(perBuild[i]!.map((f) => f.ownCpuTbt)))}`,
        )
        .join('  |  ')}`,
    );
  }
  console.log("\nmedians, perf / TBT / LCP [runs] and the median of the page's own-CPU TBT:");
  for (const row of rows) console.log(row);
} finally {
  await chrome.kill();
  // Each topology stops its own processes (each in a group of its own) on SIGTERM, which can take
  // longer than the default 5 s when two stop at once on a busy machine; a topology killed before
  // it is done leaves them running (its auth emulator was left so after sessions 35 and 36).
  await Promise.all(held.map(({ child }) => stopProcessGroup(child, 60_000)));
}
