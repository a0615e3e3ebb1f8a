const { createAppConfig } = require('@hub/shared/build/create-app-config.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'hub_account',
  exposes: { './routes': './src/routes.tsx' },
});
