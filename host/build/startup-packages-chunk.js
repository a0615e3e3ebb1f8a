const { fluentComponentShares } = require('@hub/shared/build/fluent-component-shares.cjs');
const { providedShareKey, startupChildGroups } = require('./startup-files');

/**
 * One chunk of the packages' code the host's start-up runs (shared modules apart): the Fluent
 * components it shares with the remotes (@hub/shared/build/fluent-component-shares.cjs) with
 * everything they import, and the rest of what bootstrap and render-site use from packages (the
 * themes, the provider, the theme toggle, Griffel's runtime, the error boundary). Left to
 * the default rules, each shared file's chunk would carry again the helpers the start-up's other
 * Fluent chunk has (a module two chunk groups need is split out only above 20 KB), and as two
 * files the same code compressed worse (/about 231.6 KB gzip against 229.0 with this chunk, measured).
 * A remote consuming a shared component then gets this chunk, which the page has already loaded.
 * The start-up's chunk groups are bootstrap's and render-site's, the ones the page asks for once painted
 * (startup-files.js, whose rules this uses).
 *
 * @param {string} host the host's folder
 */
function startupPackagesChunk(host) {
  const keys = new Set(Object.keys(fluentComponentShares(host)));
  const startup = (group) =>
    startupChildGroups.includes(group.name) || group.origins.some((o) => o.request === './bootstrap');
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
        [...chunk.groupsIterable].some((group) => keys.has(providedShareKey(group)) || startup(group)),
      ),
  };
}

module.exports = { startupPackagesChunk };
