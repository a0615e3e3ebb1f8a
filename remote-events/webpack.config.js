const { createAppConfig } = require('@hub/shared/build/create-app-config.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'hub_events',
  exposes: { './routes': './src/routes.tsx', './widgets': './src/widgets.ts' },
});
