/**
 * Which of the host's files its start-up runs before the app renders, beside `main.js`: the chunks
 * of `import('./bootstrap')` (src/index.ts) and of what bootstrap imports at once (render-site), and
 * the chunks of the shared modules the host provides that the start-up consumes (React, the router,
 * Fluent's contexts, Griffel, TanStack Query, jotai, @hub/shared), not those consumed later. They
 * are the host's own hashed files, released with its HTML, so the page pins nothing of a remote.
 * The page asks for them with `main.js` once it has painted (startup-after-paint-plugin.js), V8
 * compiles them eagerly (eager-compile-startup-plugin.js), and their modules are packed into four
 * chunks (startup-chunks.js).
 */
const pluginName = 'startupFiles';

/** Chunk groups that bootstrap's code imports as soon as it runs (named by webpackChunkName). */
const startupChildGroups = ['render-site'];

/** The JavaScript files of a chunk group and of the chunk groups it loads at once. */
function filesOf(chunkGroups) {
  const files = new Set();
  for (const group of chunkGroups)
    for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  return files;
}

/** The share keys the modules of these chunk groups consume. */
function consumedShareKeys(compilation, chunkGroups) {
  const keys = new Set();
  for (const group of chunkGroups)
    for (const chunk of group.chunks)
      for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk))
        if (module.type === 'consume-shared-module') keys.add(module.options.shareKey);
  return keys;
}

/** The share key of a chunk group the host provides a shared module with, if it is one. */
function providedShareKey(group) {
  const origin = group.origins.find((o) => o.module && o.module.type === 'provide-module');
  return origin ? origin.module._name : undefined;
}

/**
 * The chunk groups `main` loads before the app renders: bootstrap's and those of the shared modules
 * the start-up consumes, directly or through another of them (jotai through @hub/shared). A shared
 * module consumed only later (tabster, with the first component needing it) is left to be fetched
 * then. Works on the chunk graph as it is before chunks are split (startup-chunks.js groups the
 * modules of these groups) as well as after (startupFiles).
 */
function startupChunkGroups(compilation, entryName) {
  const entry = compilation.entrypoints.get(entryName);
  if (!entry) throw new Error(`${pluginName}: no entry point '${entryName}'`);
  // The provided modules' chunk groups are children of the entry too (its chunk registers them).
  const provided = compilation.chunkGroups.filter((group) => providedShareKey(group) !== undefined);
  const groups = entry.getChildren().filter((group) => !provided.includes(group));
  // What bootstrap imports at once, beside its config fetches (src/render-site.tsx): named
  // `render-site` by its import's webpackChunkName. Lazier groups (pages, menus) are not start-up.
  for (const child of entry.getChildren())
    for (const group of child.getChildren()) if (startupChildGroups.includes(group.name)) groups.push(group);
  for (let grew = true; grew;) {
    const consumed = consumedShareKeys(compilation, [entry, ...groups]);
    const more = provided.filter((group) => !groups.includes(group) && consumed.has(providedShareKey(group)));
    groups.push(...more);
    grew = more.length > 0;
  }
  return groups;
}

/** The files `main` loads before the app renders (startupChunkGroups' files), in a stable order. */
function startupFiles(compilation, entryName) {
  const groups = startupChunkGroups(compilation, entryName);
  const own = new Set(compilation.entrypoints.get(entryName).chunks.flatMap((chunk) => [...chunk.files]));
  return [...filesOf(groups)].filter((file) => !own.has(file)).sort();
}

/** The entry's own JavaScript files (`main.js`), which the start-up runs first. */
function entryScripts(compilation, entryName) {
  const entry = compilation.entrypoints.get(entryName);
  if (!entry) throw new Error(`${pluginName}: no entry point '${entryName}'`);
  return entry.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => file.endsWith('.js'));
}

module.exports = { startupFiles, startupChunkGroups, entryScripts, providedShareKey, startupChildGroups };
