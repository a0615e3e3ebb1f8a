/**
 * Issue 14: the host's page asks for the scripts its start-up needs from the HTML, beside `main.js`,
 * instead of `main.js` discovering them once it has been downloaded and run (one round trip less
 * before anything of the app can run; on a phone's connection about a fifth of a second).
 *
 * The start-up scripts are the chunks of `import('./bootstrap')` (src/index.ts) and the chunks of the
 * shared modules the host provides (React, the router, Fluent's contexts, Griffel, TanStack Query,
 * jotai, @hub/shared): bootstrap's code consumes every one of them before it renders. They are the
 * host's own hashed files, released with this HTML, so the page pins nothing of a remote.
 * Preloads get `<link rel="preload" as="script">`: webpack's script elements (no `crossorigin`,
 * publicPath `/`) then take the preloaded responses.
 */
const pluginName = 'PreloadStartupChunksPlugin';

/** The JavaScript files of a chunk group and of the chunk groups it loads at once. */
function filesOf(chunkGroups) {
  const files = new Set();
  for (const group of chunkGroups)
    for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  return files;
}

/** The files `main` loads before the app renders, in a stable order. */
function startupFiles(compilation, entryName) {
  const entry = compilation.entrypoints.get(entryName);
  if (!entry) throw new Error(`${pluginName}: no entry point '${entryName}'`);
  const own = new Set(entry.chunks.flatMap((chunk) => [...chunk.files]));
  const groups = [...entry.getChildren()];
  for (const group of compilation.chunkGroups) {
    const provided = group.origins.some((origin) => origin.module && origin.module.type === 'provide-module');
    if (provided) groups.push(group);
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

module.exports = { PreloadStartupChunksPlugin, startupFiles };
