const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const { InjectManifest } = require('workbox-webpack-plugin');
const { createAppConfig } = require('@hub/shared/build/create-app-config.cjs');
const { fluentComponentShares } = require('@hub/shared/build/fluent-component-shares.cjs');
const { PreloadStartupChunksPlugin } = require('./build/preload-startup-chunks-plugin');

const appConfig = createAppConfig({
  dir: __dirname,
  name: 'host',
  host: true,
  runtimePlugins: [
    // First: the remotes' entries use this runtime core (they are built with externalRuntime).
    path.join(__dirname, 'src/federation/provide-runtime-core-plugin.ts'),
    path.join(__dirname, 'src/federation/fault-isolation-plugin.ts'),
    path.join(__dirname, 'src/federation/retry-plugin.ts'),
    // The host's shared singletons are the ones every remote uses; a remote they do not satisfy is refused.
    path.join(__dirname, 'src/federation/host-wins-share-plugin.ts'),
  ],
  // MSAL v5 needs a bridge page where the work-account provider sends its answer (popup and redirect).
  extraPages: [
    {
      name: 'authRedirect',
      entry: './src/auth-redirect/redirect.ts',
      template: 'src/auth-redirect/redirect.html',
      filename: 'auth/redirect.html',
    },
  ],
});

/** The web app manifest's icons (drawn from the favicon by devstack/src/make-icons.ts), copied to /icons/. */
class CopyIconsPlugin {
  apply(compiler) {
    const dir = path.join(__dirname, 'src', 'assets', 'icons');
    compiler.hooks.thisCompilation.tap('CopyIconsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyIconsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.png'))) {
            compilation.emitAsset(
              `icons/${file}`,
              new webpack.sources.RawSource(fs.readFileSync(path.join(dir, file))),
            );
          }
        },
      );
    });
  }
}

/**
 * The service worker (SPEC §9: `/ngsw-worker.js`), production builds only. Our own worker
 * (src/service-worker/ngsw-worker.ts) is compiled first, by a compiler of its own: compiled as a
 * child of the app's compilation it would inherit Module Federation's hooks. Workbox's
 * InjectManifest then writes into it the list of the host's files to precache: its entry script
 * (whose content names every chunk of the release, so a new release is a new worker) and its icons.
 * Chunks are cached as they are used (cache first, caching-rules.ts); the federation's own files
 * (remoteEntry.js, mf-manifest.json) are network only and the pages network first.
 */
const workerBuildDir = path.join(__dirname, 'node_modules', '.cache', 'ngsw-worker');

const workerConfig = (production) => ({
  name: 'ngsw-worker',
  mode: production ? 'production' : 'development',
  context: __dirname,
  target: 'webworker',
  devtool: false,
  entry: { 'ngsw-worker': './src/service-worker/ngsw-worker.ts' },
  output: { path: workerBuildDir, filename: '[name].js', clean: true },
  resolve: { extensions: ['.ts', '.mjs', '.js'] },
  module: {
    rules: [
      {
        test: /\.ts$/,
        exclude: /node_modules/,
        use: {
          loader: 'ts-loader',
          options: {
            transpileOnly: true,
            configFile: path.join(__dirname, 'src', 'service-worker', 'tsconfig.json'),
            compilerOptions: { noEmit: false, allowImportingTsExtensions: false },
          },
        },
      },
    ],
  },
  plugins: [
    new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') }),
  ],
  optimization: { minimize: production },
  performance: { hints: false },
  stats: 'errors-warnings',
});

const serviceWorker = () =>
  new InjectManifest({
    swSrc: path.join(workerBuildDir, 'ngsw-worker.js'),
    compileSrc: false,
    swDest: 'ngsw-worker.js',
    include: [/^main\.js$/, /^icons\/.*\.png$/, /^favicon\.svg$/],
    // Hashed names are their own revision.
    dontCacheBustURLsMatching: /\.[0-9a-f]{10}\./,
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  });

/**
 * One chunk of the packages' code the host's start-up runs (shared modules apart): the Fluent
 * components it shares with the remotes (@hub/shared/build/fluent-component-shares.cjs) with
 * everything they import, and the rest of what bootstrap and render-site use from packages (the
 * themes, the provider, the theme toggle, Griffel's runtime, the error boundary). Left to
 * the default rules, each shared file's chunk would carry again the helpers the start-up's other
 * Fluent chunk has (a module two chunk groups need is split out only above 20 KB), and as two
 * files the same code compressed worse (/about 231.6 KB gzip against 229.0 with this chunk, measured).
 * A remote consuming a shared component then gets this chunk, which the page has already loaded.
 * The start-up's chunk groups are bootstrap's and render-site's, as in preload-startup-chunks-plugin.js.
 */
const startupGroupNames = ['render-site'];
function startupPackagesChunk() {
  const keys = new Set(Object.keys(fluentComponentShares(__dirname)));
  const providedKey = (group) => {
    const origin = group.origins.find((o) => o.module && o.module.type === 'provide-module');
    return origin && origin.module._name;
  };
  const startup = (group) =>
    startupGroupNames.includes(group.name) || group.origins.some((o) => o.request === './bootstrap');
  return {
    name: 'startup-packages',
    chunks: 'async',
    enforce: true,
    priority: 20,
    test: (module, { chunkGraph }) =>
      // Shared modules consumed here (React, Griffel, Fluent's contexts, the token names) keep their own chunks.
      module.type.startsWith('javascript/') &&
      /[\\/]node_modules[\\/]/.test(module.nameForCondition() || '') &&
      [...chunkGraph.getModuleChunksIterable(module)].some((chunk) =>
        [...chunk.groupsIterable].some((group) => keys.has(providedKey(group)) || startup(group)),
      ),
  };
}

module.exports = (env, argv) => {
  const config = appConfig(env, argv);
  config.name = 'host';
  config.plugins.push(new CopyIconsPlugin());
  config.optimization.splitChunks = { cacheGroups: { startupPackages: startupPackagesChunk() } };
  // The page's own HTML (index.html, not the redirect bridge) names its start-up scripts.
  const page = config.plugins.find(
    (plugin) => plugin.constructor.name === 'HtmlWebpackPlugin' && !plugin.userOptions.filename,
  );
  if (page) config.plugins.push(new PreloadStartupChunksPlugin({ htmlPlugin: page }));
  if (config.mode !== 'production') return config;
  config.plugins.push(serviceWorker());
  config.dependencies = ['ngsw-worker'];
  return [workerConfig(true), config];
};
