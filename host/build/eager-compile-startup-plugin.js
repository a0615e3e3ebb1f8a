/**
 * Issue 24 (Lighthouse, third pass): the start-up's scripts carry V8's explicit compile hint
 * (`//# allFunctionsCalledOnLoad` as their first line, Chrome 136 and later), so V8 compiles their
 * functions while the file streams in, on a background thread, instead of compiling each one lazily
 * on the main thread when the start-up first calls it. Nearly every function of these files runs
 * before or during hydration (webpack's runtime and module registry in `main.js`, React DOM, the
 * router, Fluent's providers, the site's frame), which is where the hint pays; a file only partly
 * used at start-up would be compiled for nothing, so the set is exactly the start-up files the HTML
 * asks for (startup-files.js) and the entry's own file. Other browsers read a line
 * comment. Added after minification (Terser drops comments) and before the content hashes and the
 * compressed copies are made, so both cover it.
 */
const { Compilation, sources } = require('webpack');
const { entryScripts, startupFiles } = require('./startup-files');

const pluginName = 'EagerCompileStartupPlugin';
/** V8's magic comment; it must be the file's first line. */
const compileHint = '//# allFunctionsCalledOnLoad\n';

class EagerCompileStartupPlugin {
  /** @param {{ entry?: string }} [options] */
  constructor({ entry = 'main' } = {}) {
    this.entry = entry;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(pluginName, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: pluginName, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const file of [...entryScripts(compilation, this.entry), ...startupFiles(compilation, this.entry)])
            compilation.updateAsset(file, (source) => new sources.ConcatSource(compileHint, source));
        },
      );
    });
  }
}

module.exports = { EagerCompileStartupPlugin, compileHint };
