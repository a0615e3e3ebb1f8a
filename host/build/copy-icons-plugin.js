const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');

/** The web app manifest's icons (drawn from the favicon by devstack/src/make-icons.ts), copied to /icons/. */
class CopyIconsPlugin {
  /** @param {string} dir the folder of the PNG icons (host/src/assets/icons) */
  constructor(dir) {
    this.dir = dir;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CopyIconsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyIconsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of fs.readdirSync(this.dir).filter((name) => name.endsWith('.png'))) {
            compilation.emitAsset(
              `icons/${file}`,
              new webpack.sources.RawSource(fs.readFileSync(path.join(this.dir, file))),
            );
          }
        },
      );
    });
  }
}

module.exports = { CopyIconsPlugin };
