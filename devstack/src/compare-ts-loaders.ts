/**
 * `tsx src/compare-ts-loaders.ts [rounds]`: the five-app production build, cold (no cache), with
 * each TypeScript loader in turn, in the same run so both meet the same machine load. Rounds
 * alternate the loaders; the figures behind the choice in docs/decisions.md come from here.
 */
export {};

process.env.HUB_DIST_DIR ??= 'dist-loader-compare';
const { buildAllApps } = await import('./build-apps');

const loaders = ['swc-loader', 'ts-loader'] as const;
const rounds = Number(process.argv[2] ?? 1);
const seconds: Record<(typeof loaders)[number], number[]> = { 'swc-loader': [], 'ts-loader': [] };

for (let round = 0; round < rounds; round++) {
  for (const loader of round % 2 ? [...loaders].reverse() : loaders) {
    const started = performance.now();
    await buildAllApps({ HUB_BUILD_CACHE: 'off', HUB_TS_LOADER: loader }, () => undefined);
    seconds[loader].push((performance.now() - started) / 1000);
    console.log(`round ${round + 1}: ${loader} ${seconds[loader].at(-1)!.toFixed(1)} s`);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const swc = median(seconds['swc-loader']);
const ts = median(seconds['ts-loader']);
console.log(
  `five-app cold build: swc-loader ${swc.toFixed(1)} s, ts-loader ${ts.toFixed(1)} s (${(ts / swc).toFixed(2)}×)`,
);
