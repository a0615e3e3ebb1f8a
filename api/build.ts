/**
 * `pnpm --filter @hub/api build`: the API as production runs it, JavaScript in dist/ that plain
 * `node dist/main.js` starts (no tsx at run time).
 *
 * One esbuild bundle of our own code, the workspace's @hub/contract included; every npm package
 * stays an import resolved from node_modules at run time. Why bundle rather than emit file by file
 * with tsc: @hub/contract is published to the workspace as TypeScript sources (its exports point at
 * src/*.ts, which webpack, jest and tsx all read directly); bundling it in keeps that so and needs no
 * second build or conditional exports. Why keep packages external: PGlite loads its WebAssembly and
 * data files beside its own module, firebase-admin and pg are CommonJS, and OpenTelemetry's
 * instrumentations patch packages as Node loads them from node_modules, so they must stay real files.
 * A module that must load before the app (an OpenTelemetry preload) is one more entry point here,
 * run as `node --import ./dist/<name>.js dist/main.js <role>`.
 */
import { build, type Plugin } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = dirname(fileURLToPath(import.meta.url));
const outdir = join(apiDir, 'dist');

/** Every bare import is an npm package loaded at run time, except our own workspace packages. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@hub/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: apiDir,
  entryPoints: {
    main: 'src/main.ts',
    // The tracing preload: node --import ./dist/observability/register-tracing.js dist/main.js <role>.
    'observability/register-tracing': 'src/observability/register-tracing.ts',
  },
  outdir,
  bundle: true,
  // Code only some runs load (the demo seed, the backup commands) stays in chunks of its own.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  // Stack traces and logs keep our function and class names.
  keepNames: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [npmPackagesExternal],
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(
  `API compiled to ${outdir} (${Object.keys(result.metafile.outputs).length} files, ${Math.round(bytes / 1024)} KB)`,
);
