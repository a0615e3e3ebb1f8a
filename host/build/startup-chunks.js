const { startupChunkGroups } = require('./startup-files');

const pluginName = 'StartupChunks';
const packagePath = /[\\/]node_modules[\\/]/;

/**
 * The host's start-up, beside `main.js`, in two files: `startup-packages` (the packages' code:
 * React, React DOM, the router, Fluent, Griffel, TanStack Query, jotai) and `startup-app` (ours:
 * bootstrap, render-site, @hub/shared, @hub/ui). Every module of a chunk group the start-up loads
 * (startup-files.js: bootstrap's, render-site's, the shared modules it consumes) goes into one of
 * the two.
 *
 * Why so few files: left to the default rules the start-up was 20 files, most of them a shared
 * module's chunk of a few hundred bytes to a few KB. Each file costs the main thread while the page
 * is starting (a script element, a preload link, webpack's timer for it, its compile), and with
 * DevTools attached, as Lighthouse measures, each of those captures a stack: the loader's task and
 * `main.js`'s, where webpack appends the chunks' scripts, were the longest tasks after the paint
 * (docs/decisions.md, "Session 41"). Nothing new is loaded: these groups are all loaded before the
 * app renders, and a remote consuming one of the shared modules gets a file already on the page.
 * Two files rather than one, so that a host release that changes only our code leaves the packages'
 * file (the larger, React DOM in it) cached.
 *
 * @param {{ entry?: string }} [options] the entry whose start-up this is (`main`)
 * @returns {{ plugin: import('webpack').WebpackPluginInstance, cacheGroups: Record<string, object> }}
 *   the plugin (it lets the groups' tests see the compilation) and the two cache groups
 */
function startupChunks({ entry = 'main' } = {}) {
  let compilation;
  let groups;
  const plugin = {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap(pluginName, (current) => {
        compilation = current;
        groups = undefined;
      });
    },
  };
  // Computed once per compilation, on the chunk graph as it is before any chunk is split.
  const startupGroups = () => (groups ??= new Set(startupChunkGroups(compilation, entry)));
  const inStartup = (module, chunkGraph) => {
    const startup = startupGroups();
    for (const chunk of chunkGraph.getModuleChunksIterable(module))
      for (const group of chunk.groupsIterable) if (startup.has(group)) return true;
    return false;
  };
  const cacheGroup = (name, fromPackage) => ({
    name,
    chunks: 'async',
    enforce: true,
    priority: 20,
    test: (module, { chunkGraph }) =>
      module.type.startsWith('javascript/') &&
      packagePath.test(module.nameForCondition() || '') === fromPackage &&
      inStartup(module, chunkGraph),
  });
  return {
    plugin,
    cacheGroups: {
      startupPackages: cacheGroup('startup-packages', true),
      startupApp: cacheGroup('startup-app', false),
    },
  };
}

module.exports = { startupChunks };
