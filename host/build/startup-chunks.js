const { startupChunkGroups } = require('./startup-files');

const pluginName = 'StartupChunks';

/**
 * The packages whose start-up code has a file of its own, each file compiled in a task of its own as
 * it arrives (V8 compiles the start-up's files eagerly, eager-compile-startup-plugin.js): React DOM's
 * and Fluent's are the two largest, and all the packages in one file was one compile of 30–45 ms on
 * the main thread here (×4 on a phone), the longest task after the paint (docs/decisions.md,
 * session 43). Every other package's start-up code goes into `startup-packages`.
 */
const hostPackageFiles = [
  { name: 'startup-react', packages: ['react-dom', 'scheduler'] },
  { name: 'startup-fluent', packages: ['@fluentui', '@griffel'] },
];

/**
 * The host's start-up, beside `main.js`, in a few files: one per entry of `packageFiles` (React DOM,
 * Fluent and Griffel), `startup-packages` (the other packages' code: React, the router, TanStack
 * Query, jotai…) and `startup-app` (ours: bootstrap, render-site, @hub/shared, @hub/ui). Every
 * module of a chunk group the start-up loads (startup-files.js: bootstrap's, render-site's, the
 * shared modules it consumes) goes into one of them.
 *
 * Why so few files: left to the default rules the start-up was 20 files, most of them a shared
 * module's chunk of a few hundred bytes to a few KB. Each file costs the main thread while the page
 * is starting (a script element, a preload link, webpack's timer for it, its compile), and with
 * DevTools attached, as Lighthouse measures, each of those captures a stack: the loader's task and
 * `main.js`'s, where webpack appends the chunks' scripts, were the longest tasks after the paint
 * (docs/decisions.md, "Session 41"). Nothing new is loaded: these groups are all loaded before the
 * app renders, and a remote consuming one of the shared modules gets a file already on the page.
 * Why not one: each file is compiled in a task of its own (above), and a host release that changes
 * only our code, or one package, leaves the other files cached.
 *
 * @param {{ entry?: string, packageFiles?: Array<{ name: string, packages: string[] }> }} [options]
 *   the entry whose start-up this is (`main`), and the packages given files of their own (a name
 *   matches the package or, for a scope such as `@fluentui`, every package in it)
 * @returns {{ plugin: import('webpack').WebpackPluginInstance, cacheGroups: Record<string, object> }}
 *   the plugin (it lets the groups' tests see the compilation) and the cache groups
 */
function startupChunks({ entry = 'main', packageFiles = hostPackageFiles } = {}) {
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
  // The package a module is from: the name after the last node_modules (pnpm nests them).
  const packageOf = (module) =>
    /.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/
      .exec(module.nameForCondition() || '')?.[1]
      .replace(/\\/g, '/');
  const named = (pkg, names) => pkg !== undefined && names.some((name) => pkg === name || pkg.startsWith(`${name}/`));
  const cacheGroup = (name, priority, test) => ({
    name,
    chunks: 'async',
    enforce: true,
    priority,
    test: (module, { chunkGraph }) =>
      module.type.startsWith('javascript/') && test(packageOf(module)) && inStartup(module, chunkGraph),
  });
  const own = Object.fromEntries(
    packageFiles.map(({ name, packages }) => [name, cacheGroup(name, 21, (pkg) => named(pkg, packages))]),
  );
  return {
    plugin,
    cacheGroups: {
      ...own,
      startupPackages: cacheGroup('startup-packages', 20, (pkg) => pkg !== undefined),
      startupApp: cacheGroup('startup-app', 20, (pkg) => pkg === undefined),
    },
  };
}

module.exports = { startupChunks, hostPackageFiles };
