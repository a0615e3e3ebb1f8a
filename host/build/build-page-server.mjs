/**
 * Bundles the host's page server renderer (server/page-server/render-detail-page.tsx) for Node into
 * `dist/_server/render-detail-page.cjs`, after the webpack build and the prerender: each release then
 * carries the renderer of its own build beside its pages. The servers never serve `_server/`.
 *
 * Usage: node build/build-page-server.mjs [dist folder, from the host's folder] (default: HUB_DIST_DIR, else dist)
 */
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The host's folder: this file is in its build/.
const host = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
await build({
  entryPoints: [path.join(host, 'server/page-server/render-detail-page.tsx')],
  outfile: path.resolve(
    host,
    process.argv[2] ?? process.env.HUB_DIST_DIR ?? 'dist',
    '_server',
    'render-detail-page.cjs',
  ),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  jsx: 'automatic',
  tsconfig: path.join(host, '../tsconfig.base.json'),
  // The values every app's webpack build defines (shared/build/create-app-config.cjs).
  define: {
    'process.env.NODE_ENV': '"production"',
    __HUB_BUILD_ID__: '"page-server"',
    __HUB_REMOTE_NAME__: '"host"',
    __HUB_FAULT_INJECTION__: 'false',
  },
  legalComments: 'none',
  logLevel: 'warning',
});
console.log(`bundled the page server in ${((performance.now() - started) / 1000).toFixed(1)} s`);
