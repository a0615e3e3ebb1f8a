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
 * publicPath `/`) then take the preloaded responses. Since issue 24 they and `main.js` itself are
 * added once the page has painted (startupAfterPaintSource), not written into the head.
 */
const pluginName = 'PreloadStartupChunksPlugin';
/** The servers' per-answer nonce placeholder (host/src/prerender/nonce-placeholder.ts). */
const noncePlaceholder = '__HUB_CSP_NONCE__';

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
 * Issue 24 (Lighthouse through the production topology): the page's start-up scripts are asked for
 * once the browser reports its first contentful paint, by one inline script, instead of from the
 * HTML's head.
 *
 * Why: the prerendered pages paint their largest text from the HTML. Lighthouse's model (Lantern)
 * counts into a page's LCP every script request that ended before the observed paint unless it can
 * see that script evaluated after the paint; on a fast connection the start-up chunks (about 230 KB
 * gzip) arrive before the paint of a 70 KB page, and most of them evaluate in tasks Lantern cannot
 * tie to their address, so their download on a phone's connection was put in front of a text
 * painted without them: simulated LCP 1.6–3.5 s for a page whose observed LCP is its FCP. Asked for
 * after the paint, none of them can count. On a real phone the paint comes long before these bytes
 * could arrive anyway, so the visitor loses nothing.
 *
 * `main.js` goes with its chunks (the chunks' preloads beside it, as the head had them): with the
 * chunks alone after the paint, `main.js` evaluated before it (counted) and then waited for them
 * (docs/decisions.md, "Lighthouse through the production topology": tried and dropped).
 * A page that cannot report a paint (a hidden tab, a browser without paint timing) starts at once;
 * one that has reported none within 3 s starts then (a page painting nothing contentful). Not the
 * early remote start's 1 s: a loaded machine's unthrottled first paint came as late as 0.7 s.
 */

/**
 * The inline script's source: appends `main` (a script element) and a low-priority preload of each
 * of `preloads` once the first contentful paint is reported.
 * @param {{ main: string, preloads: string[] }} files addresses, as the page asks for them
 */
function startupAfterPaintSource({ main, preloads }) {
  // JSON inside a script element: no `</script>` can close it early.
  const json = (value) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `(function(d,w){var started=false;function start(){if(started)return;started=true;var h=d.head,s=d.createElement('script');s.src=${json(main)};h.appendChild(s);${json(preloads)}.forEach(function(href){var l=d.createElement('link');l.rel='preload';l.setAttribute('as','script');l.setAttribute('fetchpriority','low');l.href=href;h.appendChild(l)})}var P=w.PerformanceObserver;if(d.visibilityState==='hidden'||!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('paint')<0){start();return}new P(function(list,o){if(list.getEntriesByName('first-contentful-paint').length===0)return;o.disconnect();w.setTimeout(start,0)}).observe({type:'paint',buffered:true});w.setTimeout(start,3000)})(document,window)`;
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
        const main = `${publicPath}${this.entry}.js`;
        const isMain = (tag) => tag.tagName === 'script' && tag.attributes && tag.attributes.src === main;
        if (!data.headTags.some(isMain)) throw new Error(`${pluginName}: the page has no script ${main}`);
        // The entry and its chunks (low priority, as webpack's own script elements are) are asked
        // for once the page has painted (startupAfterPaintSource says why), by one inline script
        // with the page's nonce (the servers write it per answer, as on the template's style).
        const loader = {
          tagName: 'script',
          voidTag: false,
          meta: { plugin: pluginName },
          attributes: { nonce: noncePlaceholder },
          innerHTML: startupAfterPaintSource({
            main,
            preloads: startupFiles(compilation, this.entry).map((file) => `${publicPath}${file}`),
          }),
        };
        return { ...data, headTags: [...data.headTags.filter((tag) => !isMain(tag)), loader] };
      });
    });
  }
}

module.exports = {
  PreloadStartupChunksPlugin,
  startupFiles,
  startupAfterPaintSource,
  providedShareKey,
  startupChildGroups,
};
