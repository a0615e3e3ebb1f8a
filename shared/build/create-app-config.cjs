// One webpack + Module Federation configuration for every app. Each app's
// webpack.config.js only says its name and what it exposes; everything that
// must agree between host and remotes (shared singletons, share strategy,
// output naming, caching-friendly file names) is decided here, once.
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { curatedShares, CuratedShareGuardPlugin } = require('./curated-shares.cjs');
const { fluentComponentShares } = require('./fluent-component-shares.cjs');
const { ScreensManifestPlugin } = require('./screens-manifest-plugin.cjs');
const { ServerFramesPlugin } = require('./server-frames-plugin.cjs');

const repoRoot = path.resolve(__dirname, '..', '..');

function versionOf(pkg, fromDir) {
  return require(path.join(packageDir(pkg, fromDir), 'package.json')).version;
}

function packageDir(pkg, fromDir) {
  return path.dirname(require.resolve(`${pkg}/package.json`, { paths: [fromDir] }));
}

/**
 * Where a package the app reaches only through Fluent is installed (pnpm does not hoist tabster and
 * keyborg into the app): through @fluentui/react-tabster, which depends on both.
 */
function fluentDependencyDir(pkg, appDir) {
  const components = packageDir('@fluentui/react-components', appDir);
  return packageDir(pkg, packageDir('@fluentui/react-tabster', components));
}

/** A curated share (curated-shares.cjs): the singleton served by its module of names. */
function curatedShare(share, appDir) {
  const { version } = require(path.join(fluentDependencyDir(share.request, appDir), 'package.json'));
  return { singleton: true, requiredVersion: `^${version}`, version, import: share.file };
}

/** The ES module build of a curated package, for its module of names to re-export from. */
function curatedAliases(appDir) {
  return Object.fromEntries(
    curatedShares.map((share) => {
      const dir = fluentDependencyDir(share.request, appDir);
      return [`${share.completeAlias}$`, path.join(dir, require(path.join(dir, 'package.json')).module)];
    }),
  );
}

/**
 * Shared modules. Only packages that hold React context or module-level state are shared:
 * sharing all of `@fluentui/react-components` would disable its tree shaking (~320 KB gzip),
 * so each app bundles the Fluent components it uses while the theme, portal mount node and
 * style renderer come from the two singleton context packages.
 */
function sharedModules(appDir) {
  const singleton = (pkg, versionPkg = pkg) => {
    const version = versionOf(versionPkg, appDir);
    return { singleton: true, requiredVersion: `^${version}`, version };
  };
  return {
    react: singleton('react'),
    'react/jsx-runtime': singleton('react/jsx-runtime', 'react'),
    'react-dom': singleton('react-dom'),
    'react-dom/client': singleton('react-dom/client', 'react-dom'),
    // The client API only (react-router-api.mjs), not the whole package: see that file.
    'react-router': { ...singleton('react-router'), import: path.join(__dirname, 'react-router-api.mjs') },
    jotai: singleton('jotai'),
    'jotai/vanilla': singleton('jotai/vanilla', 'jotai'),
    'jotai/react': singleton('jotai/react', 'jotai'),
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    '@fluentui/react-shared-contexts': singleton('@fluentui/react-shared-contexts'),
    '@griffel/react': singleton('@griffel/react'),
    // The token names object (`tokens.colorNeutralForeground1` → 'var(--colorNeutralForeground1)'),
    // which every Fluent component's styles use: one copy on the page instead of one per app. Only
    // this one file of @fluentui/tokens is shared (it is matched by its path inside the package,
    // wherever Fluent imports it from); the theme objects stay bundled in the host, the only app
    // that needs them, and sharing the whole package would ship every theme untreeshaken.
    '@fluentui/tokens/lib/tokens.js': {
      ...singleton('@fluentui/tokens'),
      import: path.join(packageDir('@fluentui/tokens', appDir), 'lib', 'tokens.js'),
      allowNodeModulesSuffixMatch: true,
    },
    // Fluent's focus manager, one per window (curated-shares.cjs): the names in use, not the package.
    ...Object.fromEntries(curatedShares.map((share) => [share.request, curatedShare(share, appDir)])),
    // The Fluent components the host's first paint draws, one file each (fluent-component-shares.cjs).
    ...fluentComponentShares(appDir),
    '@hub/shared': { ...singleton('@hub/shared'), import: path.join(repoRoot, 'shared', 'src', 'index.ts') },
  };
}

/**
 * The browser ES module build of react-router, in its production flavour: the package names only its
 * development build (`dist/development`, with its warnings switched on) in `module` and `exports`;
 * `dist/production` is the same code with them off.
 */
function reactRouterModule(appDir) {
  const dir = packageDir('react-router', appDir);
  const development = require(path.join(dir, 'package.json')).module;
  const production = development.replace('/development/', '/production/');
  return path.join(dir, require('node:fs').existsSync(path.join(dir, production)) ? production : development);
}

/** A short hash of the build settings whose change must invalidate the build cache. */
function settingsHash(dir) {
  const hash = require('node:crypto').createHash('sha1');
  const curatedFiles = [
    path.join(__dirname, 'curated-shares.cjs'),
    path.join(__dirname, 'fluent-component-shares.cjs'),
    ...curatedShares.map((share) => share.file),
  ];
  for (const file of [
    __filename,
    ...curatedFiles,
    path.join(dir, 'tsconfig.json'),
    path.join(repoRoot, 'tsconfig.base.json'),
  ]) {
    hash.update(require('node:fs').readFileSync(file));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * How TypeScript becomes JavaScript. Transpiling only, file by file: type-checking is `tsc`'s job
 * (`pnpm typecheck`). HUB_TS_LOADER=ts-loader|swc-loader picks one; the default and the measured
 * build times behind it are in docs/decisions.md ("TypeScript loader").
 */
function typeScriptLoader(dir, production) {
  const loader = process.env.HUB_TS_LOADER || 'ts-loader';
  if (loader === 'ts-loader') {
    return {
      loader: 'ts-loader',
      options: {
        transpileOnly: true,
        configFile: path.join(dir, 'tsconfig.json'),
        compilerOptions: {
          noEmit: false,
          // The base config allows '.ts' in import paths (the contract's files, for the API's NodeNext),
          // which TypeScript accepts only without emit. Transpiling file by file resolves no import,
          // so the paths pass through unchanged and webpack resolves them.
          allowImportingTsExtensions: false,
          allowJs: true,
          sourceMap: true,
          jsx: production ? 'react-jsx' : 'react-jsxdev',
        },
      },
    };
  }
  if (loader !== 'swc-loader') throw new Error(`HUB_TS_LOADER must be ts-loader or swc-loader, not '${loader}'`);
  return {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production } },
        target: 'es2022',
      },
    },
  };
}

/**
 * Griffel's ahead-of-time compilation of the apps' own `makeStyles` and `makeResetStyles` (issue 14:
 * no style work during hydration). At run time each call otherwise expands its shorthands, runs
 * stylis and hashes every rule the first time a component renders; compiled, it hands Griffel the
 * finished class names and CSS (`__styles`), as Fluent's own packages ship. The styles are still
 * inserted by Griffel's runtime, with the page's nonce (the CSP in "Serving", docs/decisions.md),
 * and not extracted into a stylesheet: see "Griffel's styles compiled at build time". Production
 * builds only: a development build keeps the runtime path, which the loader reproduces exactly.
 */
function griffelLoader() {
  return {
    loader: '@griffel/webpack-loader',
    options: {
      // The style modules' own imports (tokens, shared constants) are evaluated at build time; ours are TypeScript.
      babelOptions: { presets: ['@babel/preset-typescript'] },
    },
  };
}

/**
 * @param {object} options
 * @param {string} options.dir          the app folder (__dirname of its webpack.config.js)
 * @param {string} options.name         the federation container name (also the remote's name in remotes.json)
 * @param {Record<string,string>} [options.exposes]  modules a remote exposes
 * @param {boolean} [options.host]      the shell: has an HTML page, publicPath '/', runtime plugins
 * @param {string[]} [options.runtimePlugins]  runtime plugin files (host only)
 * @param {{ name: string, entry: string, template: string, filename: string }[]} [options.extraPages]
 *   stand-alone pages beside the app (host only), each with its own small entry and nothing of
 *   the app's: e.g. the work-account redirect bridge served as /auth/redirect.html
 */
function createAppConfig({ dir, name, exposes = {}, host = false, runtimePlugins = [], extraPages = [] }) {
  const builtAt = new Date().toISOString();
  const buildId = process.env.HUB_BUILD_MARKER || builtAt;
  // A remote declares its screens in src/screens.ts (issue 25); the host has none.
  const screens = host ? null : new ScreensManifestPlugin({ screensFile: path.join(dir, 'src', 'screens.ts') });
  // And the frames it draws on the host's server, if any (server-frames-plugin.cjs).
  const serverFramesEntry = path.join(dir, 'src', 'server-frames.tsx');
  const serverFrames =
    !host && ServerFramesPlugin.present(serverFramesEntry)
      ? new ServerFramesPlugin({
          entry: serverFramesEntry,
          tsconfig: path.join(repoRoot, 'tsconfig.base.json'),
          define: {
            __HUB_BUILD_ID__: JSON.stringify(buildId),
            __HUB_REMOTE_NAME__: JSON.stringify(name),
            __HUB_FAULT_INJECTION__: 'false',
          },
        })
      : null;
  return (_env, argv) => {
    const production = (argv && argv.mode) !== 'development';
    const outputPath = path.join(dir, process.env.HUB_DIST_DIR || 'dist');
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      // Source maps hold the full sources: built hidden (no sourceMappingURL comment) into a folder
      // beside the build, kept for error reporting and never deployed or served.
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      entry: host
        ? { main: './src/index.ts', ...Object.fromEntries(extraPages.map((page) => [page.name, page.entry])) }
        : {},
      target: 'web',
      output: {
        // HUB_DIST_DIR lets the benchmark build beside a served site without touching it.
        path: outputPath,
        sourceMapFilename: `${path.relative(outputPath, `${outputPath}-sourcemaps`)}/[file].map`,
        // The host's pages are served from '/', a remote's chunks from wherever its entry was loaded.
        publicPath: host ? '/' : 'auto',
        uniqueName: name,
        // Entry files cannot carry a content hash (the federation runtime names them); chunks can,
        // so they are cached forever while entries are revalidated.
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:10].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        // Old hashed chunks stay on redeploy: a page opened before the deploy may still ask for them.
        clean: false,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js'],
        // The whole react-router package under a name the `react-router` share does not match, for
        // react-router-api.mjs to re-export from (its browser ES module build).
        // Likewise tabster and keyborg, for their modules in curated/ (curated-shares.cjs).
        alias: { '@hub/react-router-complete$': reactRouterModule(dir), ...curatedAliases(dir) },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            // Loaders run last to first: TypeScript to JavaScript, then Griffel's build-time styles.
            use: production ? [griffelLoader(), typeScriptLoader(dir, production)] : typeScriptLoader(dir, production),
          },
          { test: /\.(png|svg|jpe?g|webp|ico)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedModules(dir),
          // One offline remote must never hold up the host: use what is already loaded first.
          shareStrategy: 'loaded-first',
          runtimePlugins: host
            ? runtimePlugins
            : [path.join(__dirname, 'remote-identity-plugin.mjs'), ...runtimePlugins],
          manifest: {
            fileName: 'mf-manifest.json',
            // The deployed build's identity, readable without running the remote's code: the admin
            // area's platform status reads it from each manifest (the same id `./routes` exposes).
            // And a remote's screens (screens-manifest-plugin.cjs): each one's scripts, whether it is
            // public and its first reads, for the host's page to start from the live release.
            additionalData: ({ stats, compilation }) => {
              stats.metaData.buildInfo = {
                ...stats.metaData.buildInfo,
                hubBuildId: buildId,
                hubBuiltAt: builtAt,
                ...(screens ? { hubScreens: screens.manifestScreens(compilation) } : {}),
                ...(serverFrames?.file ? { hubServerFrames: serverFrames.file } : {}),
              };
              return stats;
            },
          },
          dts: false,
          // Trim the federation runtime each app carries: browser only; remotes never load remotes
          // themselves (areas meet through routes), so they need neither remote loading nor snapshots.
          // A remote does not carry the runtime core at all: it uses the host's, which the host's
          // provide-runtime-core plugin puts on the global `_FEDERATION_RUNTIME_CORE`.
          experiments: host
            ? { optimization: { target: 'web' } }
            : { externalRuntime: true, optimization: { target: 'web', disableRemote: true, disableSnapshot: true } },
        }),
        new CuratedShareGuardPlugin(),
        ...(screens ? [screens] : []),
        ...(serverFrames ? [serverFrames] : []),
        new webpack.DefinePlugin({
          __HUB_BUILD_ID__: JSON.stringify(buildId),
          __HUB_REMOTE_NAME__: JSON.stringify(name),
          __HUB_FAULT_INJECTION__: JSON.stringify(process.env.HUB_FAULT_INJECTION === '1'),
          'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        }),
        ...(host
          ? [
              new HtmlWebpackPlugin({
                template: path.join(dir, 'src', 'index.html'),
                // The page itself must revalidate; its entry script is un-hashed too.
                scriptLoading: 'defer',
                favicon: path.join(dir, 'src', 'assets', 'favicon.svg'),
                minify: production,
                chunks: ['main'],
              }),
              ...extraPages.map(
                (page) =>
                  new HtmlWebpackPlugin({
                    template: path.join(dir, page.template),
                    filename: page.filename,
                    chunks: [page.name],
                    scriptLoading: 'defer',
                    minify: production,
                  }),
              ),
            ]
          : []),
        // Pre-compressed copies, so static servers and CDNs send gzip without compressing per request.
        ...(production ? [new CompressionPlugin({ test: /\.(js|css|html|json|svg)$/, threshold: 1024 })] : []),
      ],
      optimization: {
        // A remote screen loads in at most three files (its page's import): webpack's default split a
        // screen into up to eleven, and each file costs the page's main thread while it starts (a
        // preload, a script element, webpack's timer, a compile; docs/decisions.md, "Session 41").
        // No size above which a split is forced: Fluent's icon modules are megabytes before
        // tree-shaking, so that rule split them into files of 2–13 KB. The host sets its own
        // chunking (host/build/startup-chunks.js).
        ...(host ? {} : { splitChunks: { maxAsyncRequests: 3, enforceSizeThreshold: Number.MAX_SAFE_INTEGER } }),
        minimize: production,
        // swc's minifier is about twice as fast as terser on this machine.
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, terserOptions: { compress: { passes: 2 } } })],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      // HUB_BUILD_CACHE=off measures a cold build (the benchmark does).
      cache:
        process.env.HUB_BUILD_CACHE === 'off'
          ? false
          : {
              type: 'filesystem',
              // Output of one TypeScript loader must not be reused by the other, nor output made under
              // other settings: this file and the TypeScript configs are hashed into the version, because
              // webpack may treat them as unchanged package files (a stale cache replayed TS5096 here).
              version: `${process.env.HUB_TS_LOADER || 'ts-loader'}-${settingsHash(dir)}`,
              // The TypeScript settings shape ts-loader's output and errors, so they invalidate the cache too.
              buildDependencies: {
                config: [
                  __filename,
                  path.join(__dirname, 'curated-shares.cjs'),
                  path.join(__dirname, 'fluent-component-shares.cjs'),
                  ...curatedShares.map((share) => share.file),
                  path.join(dir, 'webpack.config.js'),
                  path.join(dir, 'tsconfig.json'),
                  path.join(repoRoot, 'tsconfig.base.json'),
                ],
              },
            },
    };
  };
}

module.exports = { createAppConfig, sharedModules };
