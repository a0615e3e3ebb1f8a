/**
 * Bundles serving's production commands into plain JavaScript (`dist/*.mjs`, `node` only, no tsx
 * and no node_modules at run time): the page server, the deploy documents and the nginx
 * configuration. The static image and the page server's image run these files.
 *
 * Usage: node build-dist.mjs [output folder] (default: dist; the tests bundle into their own)
 */
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.resolve(process.argv[2] ?? path.join(here, 'dist'));
export const entries = {
  'page-server': 'src/run-page-server.ts',
  'deploy-documents': 'src/write-deploy-documents.ts',
  'nginx-config': 'src/write-nginx-config.ts',
};
await build({
  entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(here, file)])),
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
});
console.log(`bundled ${Object.keys(entries).join(', ')} into ${outdir}`);
