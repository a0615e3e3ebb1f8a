// The host's build: every app's configuration (shared/build/create-app-config.cjs) with the host's
// own build-time pieces (build/): the start-up chunks, the start-up after the first paint, the icons,
// the service worker.
const path = require('node:path');
const { createAppConfig } = require('@hub/shared/build/create-app-config.cjs');
const { CopyIconsPlugin } = require('./build/copy-icons-plugin');
const { StartupAfterPaintPlugin } = require('./build/startup-after-paint-plugin');
const { EagerCompileStartupPlugin } = require('./build/eager-compile-startup-plugin');
const { serviceWorker, workerConfig } = require('./build/service-worker-build');
const { startupChunks } = require('./build/startup-chunks');

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

module.exports = (env, argv) => {
  const config = appConfig(env, argv);
  config.name = 'host';
  config.plugins.push(new CopyIconsPlugin(path.join(__dirname, 'src', 'assets', 'icons')));
  const startup = startupChunks({ entry: 'main' });
  config.plugins.push(startup.plugin);
  config.optimization.splitChunks = { cacheGroups: startup.cacheGroups };
  // The page's own HTML (index.html, not the redirect bridge) asks for its start-up once painted,
  // with the nonce's placeholder the servers write each answer's nonce over (as its other inline scripts).
  const page = config.plugins.find(
    (plugin) => plugin.constructor.name === 'HtmlWebpackPlugin' && !plugin.userOptions.filename,
  );
  if (page) config.plugins.push(new StartupAfterPaintPlugin({ htmlPlugin: page, nonce: '__HUB_CSP_NONCE__' }));
  if (config.mode !== 'production') return config;
  config.plugins.push(new EagerCompileStartupPlugin());
  config.plugins.push(serviceWorker());
  config.dependencies = ['ngsw-worker'];
  return [workerConfig(true), config];
};
