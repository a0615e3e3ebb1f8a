/**
 * The host's prerender step, run after its webpack build (`pnpm --filter @hub/host build`,
 * devstack/src/build-apps.ts): renders the shell and the host's own static pages in Node with
 * React's `react-dom/static` prerender and writes each into its own HTML file beside the built
 * `index.html`, so the first paint carries the page's frame and heading before any JavaScript
 * runs. The browser hydrates them (bootstrap.tsx). What it writes, and how the servers pick a file
 * for an address: prerendered-files.ts.
 *
 * Usage: tsx --tsconfig ../tsconfig.base.json server/prerender/prerender-site.tsx [dist folder]
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  pageServerFolder,
  pageTemplateFile,
  prerenderedFiles,
  routePatternsFile,
  routeRemotesFile,
  shellFile,
} from './prerendered-files';
import { emptyRoot, fillTemplate } from './fill-template';

// The values every app's webpack build defines (shared/build/create-app-config.cjs), for Node.
Object.assign(globalThis, {
  __HUB_BUILD_ID__: 'prerender',
  __HUB_REMOTE_NAME__: 'host',
  __HUB_FAULT_INJECTION__: false,
});

async function main() {
  // React's production server build, as the browser runs React's production build.
  process.env.NODE_ENV ??= 'production';
  const dist = path.resolve(process.argv[2] ?? 'dist');
  const { renderRoute, renderShell } = await import('./render-route');
  const { defaultProduct } = await import('@hub/shared');
  const { documentTitle } = await import('@hub/ui/use-page-title');
  const { buildRouteTable } = await import('../../src/routing/route-table');
  const product = { name: defaultProduct.name, slug: defaultProduct.slug };
  const templatePath = path.join(dist, 'index.html');
  // Keep the webpack-built page as the template, so that running the step twice gives the same files.
  // A fresh webpack build (its root still empty) replaces the kept copy: the template names the
  // build's start-up scripts, and an earlier build's copy would name its old files.
  const templateCopy = path.join(dist, 'prerender-template.html');
  const built = await readFile(templatePath, 'utf8');
  const webpackTemplate = built.includes(emptyRoot) ? built : await readFile(templateCopy, 'utf8');
  if (webpackTemplate === built) await writeFile(templateCopy, built);
  // Every page's head links the dark theme's first-paint sheet (app/dark-first-paint.ts).
  const { darkFirstPaintCss, darkFirstPaintFileName, darkFirstPaintHead } = await import('./dark-first-paint-sheet');
  const darkCss = darkFirstPaintCss();
  const darkFile = darkFirstPaintFileName(darkCss);
  await writeFile(path.join(dist, darkFile), darkCss);
  const template = webpackTemplate.replace('</head>', () => `${darkFirstPaintHead(darkFile)}</head>`);

  const started = performance.now();
  for (const file of prerenderedFiles) {
    const rendered = await renderRoute(file.render, product);
    const html = fillTemplate(template, {
      html: rendered.html,
      styles: rendered.styles,
      title: documentTitle(file.title, product.name),
      prerendered: JSON.stringify(rendered.page),
      head: rendered.head,
    });
    const target = path.join(dist, file.file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, html);
    // The build's gzip copy of index.html would be the unrendered page.
    await rm(`${target}.gz`, { force: true });
  }
  // The pages of remote routes start their remote's chain from the HTML (early-start-script.ts).
  const { earlyStartScript } = await import('./early-start-script');
  const early = earlyStartScript(buildRouteTable(product.slug));
  const shell = await renderShell(product);
  await writeFile(
    path.join(dist, shellFile),
    fillTemplate(template, {
      html: shell.html,
      styles: shell.styles,
      title: product.name,
      prerendered: null,
      head: early,
    }),
  );
  // The public remote screens' frames (a list's heading and intro, an event's top) are not written
  // here: their remotes draw them, from their live releases, when the page is served
  // (page-server/render-detail-page.tsx, issue 25). A build-time copy would be the host build's.
  // The template of the pages the page server draws (page-server/render-detail-page.tsx):
  // the build's scripts and the early start, the root left empty. Beside the renderer, never served.
  const serverDir = path.join(dist, pageServerFolder);
  await mkdir(serverDir, { recursive: true });
  await writeFile(
    path.join(serverDir, pageTemplateFile),
    template.replace('</head>', () => `${early}</head>`),
  );
  // The route table's patterns, for the servers to tell a page of the site from an unknown address.
  const patterns = buildRouteTable('{productSlug}').map((entry) => `/${entry.path}`);
  await writeFile(path.join(dist, routePatternsFile), `${JSON.stringify([...new Set(patterns)], null, 2)}\n`);
  const { publicRemoteRoutes } = await import('../../src/routing/route-table');
  await writeFile(
    path.join(dist, routeRemotesFile),
    `${JSON.stringify(publicRemoteRoutes(buildRouteTable('{productSlug}')), null, 2)}\n`,
  );
  console.log(
    `prerendered ${prerenderedFiles.length + 1} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

if (require.main === module) {
  main().then(
    // Libraries leave timers behind (the query cache's garbage collection); the step is done.
    () => process.exit(0),
    (error: unknown) => {
      console.error('Prerendering the host failed', error);
      process.exit(1);
    },
  );
}
