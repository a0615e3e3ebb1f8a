// Shared singletons served by a curated module: a shared module is never tree-shaken, so sharing a
// package whole would put all of it on the page; its `import` is instead a module in ./curated/
// re-exporting the names the apps' bundles use, and webpack drops the rest.
//
// Fluent's focus manager, tabster (with keyborg, which it is built on), is one of them: Fluent
// expects one instance per window, and each app bundled its own copy (three on /admin-dashboard:
// a host Dialog opened over a remote's page once left `aria-hidden` on the whole site when a
// remote's copy had created the instance). Shared, there is one copy, the host's, loaded when the
// first component needing it renders.
//
// The lists are generated from the builds and checked by every build: CuratedShareGuardPlugin
// fails a build whose bundled code imports a name a list lacks (`npm test` builds the apps), and
// `HUB_WRITE_CURATED_SHARES=1` adds the missing names instead (build all apps with it, commit, and
// build again: a build that wrote a list was made with the old one). A name is never removed, and a new one is a host release first: the live host's module
// is what every remote gets, and a remote reading a name it lacks would get `undefined`.
const fs = require('node:fs');
const path = require('node:path');

/** The curated shares: the request, as Fluent's code imports it, and its module of names. */
const curatedShares = [
  // createTabster comes from the keep-alive module (see there): tabster lives as long as the page.
  { request: 'tabster', own: { module: './tabster-keep-alive.mjs', names: ['createTabster'] } },
  { request: 'keyborg' },
].map(({ request, own }) => ({
  request,
  file: path.join(__dirname, 'curated', `${request}.mjs`),
  // The whole package, under a name the share does not match, for the curated module to re-export from.
  completeAlias: `@hub/curated-complete/${request}`,
  // Names the curated module takes from a module of ours beside it rather than from the package.
  own,
}));

/** The names a curated module re-exports. */
function listedNames(file) {
  if (!fs.existsSync(file)) return [];
  return [...fs.readFileSync(file, 'utf8').matchAll(/export\s*\{([^}]*)\}/g)]
    .flatMap((list) => list[1].split(','))
    .map((name) => name.trim())
    .filter(Boolean)
    .sort();
}

function writeNames(share, names) {
  const text = [
    `// The names of '${share.request}' the apps' bundles use, shared as one module: see ../curated-shares.cjs.`,
    '// Written by the build (HUB_WRITE_CURATED_SHARES=1); a name is added in a host release first.',
    'export {',
    ...[...names]
      .filter((name) => !(share.own && share.own.names.includes(name)))
      .sort()
      .map((name) => `  ${name},`),
    `} from '${share.completeAlias}';`,
    ...(share.own ? [`export { ${share.own.names.join(', ')} } from '${share.own.module}';`] : []),
    '',
  ].join('\n');
  fs.writeFileSync(share.file, text);
}

/** Value names imported from `request` by a module's dependencies that the optimised bundle keeps. */
function importedNames(compilation, request) {
  const names = new Map();
  const { moduleGraph } = compilation;
  for (const module of compilation.modules) {
    for (const dependency of module.dependencies) {
      if (dependency.request !== request || !Array.isArray(dependency.ids) || dependency.ids.length === 0) continue;
      const connection = moduleGraph.getConnection(dependency);
      // Inactive: the import is used only by code tree shaking removed.
      if (connection && !connection.isActive(undefined)) continue;
      const name = dependency.ids[0];
      if (!names.has(name)) names.set(name, module.readableIdentifier(compilation.requestShortener));
    }
  }
  return names;
}

class CuratedShareGuardPlugin {
  /** @param {typeof curatedShares} [shares] the shares to check (all of them; a test passes its own) */
  constructor(shares = curatedShares) {
    this.shares = shares;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('CuratedShareGuardPlugin', (compilation) => {
      // Which imports survive is known only where tree shaking runs (production builds, the only
      // kind this project makes); elsewhere every import would count. (Read here: the options'
      // defaults are not applied yet when plugins are.)
      if (!compilation.options.optimization.usedExports) return;
      compilation.hooks.afterOptimizeDependencies.tap('CuratedShareGuardPlugin', () => {
        for (const share of this.shares) {
          const listed = new Set(listedNames(share.file));
          const missing = [...importedNames(compilation, share.request)].filter(([name]) => !listed.has(name));
          if (missing.length === 0) continue;
          const webpack = compiler.webpack;
          if (process.env.HUB_WRITE_CURATED_SHARES === '1') {
            writeNames(share, new Set([...listed, ...missing.map(([name]) => name)]));
            // This build was made with the old list: it must not be deployed.
            compilation.warnings.push(
              new webpack.WebpackError(
                `Added to the shared '${share.request}': ${missing.map(([n]) => n).join(', ')}. Build again.`,
              ),
            );
            continue;
          }
          compilation.errors.push(
            new webpack.WebpackError(
              `The shared '${share.request}' lacks names the bundle imports (they would be undefined at run time): ` +
                `${missing.map(([name, by]) => `${name} (${by})`).join(', ')}. Build all apps with ` +
                `HUB_WRITE_CURATED_SHARES=1 to add them to ${path.relative(process.cwd(), share.file)}, ` +
                'and release the host first.',
            ),
          );
        }
      });
    });
  }
}

module.exports = { curatedShares, listedNames, CuratedShareGuardPlugin };
