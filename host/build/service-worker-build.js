const path = require('node:path');
const webpack = require('webpack');
const { InjectManifest } = require('workbox-webpack-plugin');

/** The host's folder (this file is in its build/). */
const host = path.resolve(__dirname, '..');

/**
 * The service worker (SPEC §9: `/ngsw-worker.js`), production builds only. Our own worker
 * (src/service-worker/ngsw-worker.ts) is compiled first, by a compiler of its own: compiled as a
 * child of the app's compilation it would inherit Module Federation's hooks. Workbox's
 * InjectManifest then writes into it the list of the host's files to precache: its entry script
 * (whose content names every chunk of the release, so a new release is a new worker) and its icons.
 * Chunks are cached as they are used (cache first, caching-rules.ts); the federation's own files
 * (remoteEntry.js, mf-manifest.json) are network only and the pages network first.
 */
const workerBuildDir = path.join(host, 'node_modules', '.cache', 'ngsw-worker');

const workerConfig = (production) => ({
  name: 'ngsw-worker',
  mode: production ? 'production' : 'development',
  context: host,
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
            configFile: path.join(host, 'src', 'service-worker', 'tsconfig.json'),
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

module.exports = { workerConfig, serviceWorker };
