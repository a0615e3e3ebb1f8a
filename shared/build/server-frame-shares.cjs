/**
 * Issue 25: the modules a remote's server frames (`src/server-frames.tsx`, bundled by
 * server-frames-plugin.cjs) take from the host's server renderer instead of bundling their own
 * copies: the same packages the browser shares as singletons (create-app-config.cjs sharedModules),
 * because they hold React context or module state. One React, one router (the frame's links read the
 * host's router), one Griffel (the frame's styles go into the renderer the host collects them from,
 * so they are in the HTML) and one @hub/shared. Everything else (Fluent's components, icons, @hub/ui)
 * the frames bundle carries, as the remote's browser build does.
 *
 * The host's renderer provides exactly these (host/server/page-server/server-frame-shares.ts; its test
 * checks the two lists agree).
 */
const serverFrameShares = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-router',
  '@tanstack/react-query',
  '@fluentui/react-shared-contexts',
  '@griffel/react',
  '@hub/shared',
];

module.exports = { serverFrameShares };
