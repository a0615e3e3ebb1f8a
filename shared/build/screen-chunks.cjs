/**
 * Issue 14: the scripts of a remote's first-load screens, named in its `mf-manifest.json`
 * (`metaData.buildInfo.hubScreens`), so the host's page can ask for them as soon as it has the
 * manifest, beside the remote's entry, instead of discovering them only once the entry and the
 * routes module have run (two round trips later).
 *
 * A screen's lazy import in a remote's routes module names its chunk group
 * `screen-<pageKey>[-<pageKey>…]` (webpackChunkName; one import serving several screens lists them
 * all). Its JavaScript files are the chunks that import loads; shared modules are not among them
 * (they come from the share scope, the host's).
 */
const prefix = 'screen-';

/** `{ pageKey: [file, …] }` for every chunk group named `screen-…` in the compilation. */
function screenChunks(compilation) {
  const screens = {};
  for (const [name, group] of compilation.namedChunkGroups) {
    if (!name.startsWith(prefix)) continue;
    const files = [];
    for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.push(file);
    for (const key of name.slice(prefix.length).split('-')) if (key) screens[key] = files.sort();
  }
  return screens;
}

module.exports = { screenChunks };
