/**
 * Issue 14: the host's page asks for the scripts its start-up needs from the HTML, beside `main.js`,
 * instead of `main.js` discovering them once it has been downloaded and run (one round trip less
 * before anything of the app can run; on a phone's connection about a fifth of a second).
 *
 * The start-up scripts are the chunks of `import('./bootstrap')` (src/index.ts) and the chunks of the
 * shared modules the host provides that the start-up consumes (React, the router, Fluent's contexts,
 * Griffel, TanStack Query, jotai, @hub/shared), not those consumed later (tabster). They are the
 * host's own hashed files, released with this HTML, so the page pins nothing of a remote.
 * Preloads get `<link rel="preload" as="script">`: webpack's script elements (no `crossorigin`,
 * publicPath `/`) then take the preloaded responses.
 *
 * Issue 24: the preloads are added by a small inline script once the page has painted, not written
 * in the HTML. Lighthouse's simulation counts every request that ended before the observed Largest
 * Contentful Paint as part of it: the prerendered pages paint their largest text from the HTML,
 * but unthrottled the 20 preloads (230 KB gzip) arrived before that paint, so the model put their
 * download on a phone's connection in front of it (LCP 2.0–2.9 s for a text painted at FCP). On a
 * phone the page paints long before `main.js` has arrived, so asking for them then costs nothing
 * (the remote routes' early start waits for the paint the same way: early-remote-start.ts).
 */
const pluginName = 'PreloadStartupChunksPlugin';

/** Chunk groups that bootstrap's code imports as soon as it runs (named by webpackChunkName). */
const startupChildGroups = ['render-site'];

/** The JavaScript files of a chunk group and of the chunk groups it loads at once. */
function filesOf(chunkGroups) {
  const files = new Set();
  for (const group of chunkGroups)
    for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  return files;
}

/** The share keys the modules of these chunk groups consume. */
function consumedShareKeys(compilation, chunkGroups) {
  const keys = new Set();
  for (const group of chunkGroups)
    for (const chunk of group.chunks)
      for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk))
        if (module.type === 'consume-shared-module') keys.add(module.options.shareKey);
  return keys;
}

/** The share key of a chunk group the host provides a shared module with, if it is one. */
function providedShareKey(group) {
  const origin = group.origins.find((o) => o.module && o.module.type === 'provide-module');
  return origin ? origin.module._name : undefined;
}

/**
 * The files `main` loads before the app renders, in a stable order: bootstrap's chunks and those of
 * the shared modules the start-up consumes, directly or through another of them (jotai through
 * @hub/shared). A shared module consumed only later (tabster, with the first component needing it)
 * is left to be fetched then.
 */
function startupFiles(compilation, entryName) {
  const entry = compilation.entrypoints.get(entryName);
  if (!entry) throw new Error(`${pluginName}: no entry point '${entryName}'`);
  const own = new Set(entry.chunks.flatMap((chunk) => [...chunk.files]));
  // The provided modules' chunk groups are children of the entry too (its chunk registers them).
  const provided = compilation.chunkGroups.filter((group) => providedShareKey(group) !== undefined);
  const groups = entry.getChildren().filter((group) => !provided.includes(group));
  // What bootstrap imports at once, beside its config fetches (src/render-site.tsx): named
  // `render-site` by its import's webpackChunkName. Lazier groups (pages, menus) are not start-up.
  for (const child of entry.getChildren())
    for (const group of child.getChildren()) if (startupChildGroups.includes(group.name)) groups.push(group);
  for (let grew = true; grew;) {
    const consumed = consumedShareKeys(compilation, [entry, ...groups]);
    const more = provided.filter((group) => !groups.includes(group) && consumed.has(providedShareKey(group)));
    groups.push(...more);
    grew = more.length > 0;
  }
  return [...filesOf(groups)].filter((file) => !own.has(file)).sort();
}

/**
 * The inline script that adds `<link rel="preload" as="script" fetchpriority="low">` for `files` once
 * the browser reports the first contentful paint (after a second at the latest: a hidden tab paints
 * nothing). Low, as webpack's own script elements are. A file webpack has already asked for (its
 * script element is there: `main.js` ran first) is not asked for again.
 */
function afterPaintPreloadScript(files) {
  // JSON inside a script element: no `</script>` can close it early.
  const list = JSON.stringify(files).replace(/</g, '\\u003c');
  return [
    '(function(){',
    `var files=${list},d=document,done=false;`,
    'function add(){if(done)return;done=true;',
    'for(var i=0;i<files.length;i++){',
    "if(d.querySelector('script[src=\"'+files[i]+'\"]'))continue;",
    "var l=d.createElement('link');l.rel='preload';l.as='script';l.setAttribute('fetchpriority','low');",
    'l.href=files[i];d.head.appendChild(l)}}',
    "try{new PerformanceObserver(function(list,o){if(!list.getEntriesByName('first-contentful-paint').length)return;",
    "o.disconnect();add()}).observe({type:'paint',buffered:true})}catch(e){add()}",
    'setTimeout(add,1000)',
    '})()',
  ].join('');
}

class PreloadStartupChunksPlugin {
  /** @param {{ htmlPlugin: import('html-webpack-plugin'), entry?: string }} options */
  constructor({ htmlPlugin, entry = 'main' }) {
    this.htmlPlugin = htmlPlugin;
    this.entry = entry;
  }

  apply(compiler) {
    const HtmlWebpackPlugin = this.htmlPlugin.constructor;
    compiler.hooks.compilation.tap(pluginName, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(pluginName, (data) => {
        if (data.plugin !== this.htmlPlugin) return data;
        const publicPath = compilation.outputOptions.publicPath;
        const files = startupFiles(compilation, this.entry).map((file) => `${publicPath}${file}`);
        const script = {
          tagName: 'script',
          voidTag: false,
          meta: { plugin: pluginName },
          // The servers put this answer's nonce on it (the CSP allows no other inline script).
          attributes: { nonce: '__HUB_CSP_NONCE__' },
          innerHTML: afterPaintPreloadScript(files),
        };
        return { ...data, headTags: [...data.headTags, script] };
      });
    });
  }
}

module.exports = { PreloadStartupChunksPlugin, afterPaintPreloadScript, startupFiles };
