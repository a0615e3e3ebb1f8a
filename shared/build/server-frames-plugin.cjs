/**
 * Issue 25: a remote's frames for the host's server, built with the remote and released with it.
 * A remote that draws frames on the server (`src/server-frames.tsx`, exporting `frames`, typed by
 * shared's `RemoteServerFrames`) gets them bundled for Node beside its browser build, as
 * `server/frames.<hash>.js` (CommonJS; hashed like its chunks, so served immutable), named in its `mf-manifest.json` (`metaData.buildInfo.hubServerFrames`).
 * The host's page server loads that file from the remote's live release
 * (host/server/page-server/remote-frames-loader.ts), so a new intro or frame is on the next page served
 * without a host release.
 *
 * The bundle takes React, the router, Griffel, @hub/shared and the other singletons from the host's
 * renderer (server-frame-shares.cjs): CommonJS `require`s of those names, which the loader answers.
 * It is built by esbuild while webpack compiles (as the host's page server renderer is,
 * host/build/build-page-server.mjs), not by webpack: it is one small file for Node with no chunks.
 */
const { createHash } = require('node:crypto');
const { existsSync } = require('node:fs');
const path = require('node:path');
const { build } = require('esbuild');
const { serverFrameShares } = require('./server-frame-shares.cjs');

const pluginName = 'ServerFramesPlugin';
const folder = 'server';

/** Bundles `entry` for Node with the shared modules left to the host; gives the file's text. */
async function bundleServerFrames({ entry, tsconfig, define }) {
  const result = await build({
    metafile: true,
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    jsx: 'automatic',
    tsconfig,
    // A name and everything under it (`react-dom/server` too): the host's copy or none.
    external: serverFrameShares.flatMap((name) => [name, `${name}/*`]),
    define: { 'process.env.NODE_ENV': '"production"', ...define },
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return { text: result.outputFiles[0].text, inputs: Object.keys(result.metafile.inputs) };
}

class ServerFramesPlugin {
  /**
   * @param {object} options
   * @param {string} options.entry     the remote's `src/server-frames.tsx`
   * @param {string} options.tsconfig  the TypeScript configuration paths are resolved by
   * @param {Record<string,string>} [options.define]  the build's defined values (`__HUB_BUILD_ID__`)
   */
  constructor(options) {
    this.options = options;
    /** The file of the last compilation, relative to the manifest (`server/frames.0a1b2c3d4e.js`). */
    this.file = null;
  }

  /** Whether this remote has server frames. */
  static present(entry) {
    return existsSync(entry);
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    let text = null;
    compiler.hooks.make.tapPromise(pluginName, async (compilation) => {
      let inputs;
      try {
        ({ text, inputs } = await bundleServerFrames(this.options));
      } catch (error) {
        text = null;
        compilation.errors.push(new compiler.webpack.WebpackError(`${pluginName}: ${error.message}`));
        return;
      }
      const hash = createHash('sha256').update(text).digest('hex').slice(0, 10);
      this.file = `${folder}/frames.${hash}.js`;
      // Watched by webpack's dev server: a change to any file of the frames rebuilds.
      for (const input of inputs) compilation.fileDependencies.add(path.resolve(input));
    });
    compiler.hooks.thisCompilation.tap(pluginName, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: pluginName, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (text !== null && this.file) compilation.emitAsset(this.file, new RawSource(text));
        },
      );
    });
  }
}

module.exports = { ServerFramesPlugin, bundleServerFrames, serverFramesFolder: folder };
