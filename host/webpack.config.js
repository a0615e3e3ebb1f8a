const path = require('node:path');
const { createAppConfig } = require('@hub/shared/build/create-app-config.cjs');

module.exports = createAppConfig({
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
