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
        const links = startupFiles(compilation, this.entry).map((file) => ({
          tagName: 'link',
          voidTag: true,
          meta: { plugin: pluginName },
          // Low, as webpack's own script elements are: fetched early, without competing with the page itself.
          attributes: { rel: 'preload', as: 'script', fetchpriority: 'low', href: `${publicPath}${file}` },
        }));
        return { ...data, headTags: [...data.headTags, ...links] };
      });
    });
  }
}

module.exports = { PreloadStartupChunksPlugin, startupFiles, providedShareKey, startupChildGroups };
