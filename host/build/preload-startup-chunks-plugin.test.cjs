// The start-up files of a real federated webpack build of a small app (test-fixtures/startup-app):
// bootstrap's chunks, render-site's, and those of the shared modules the start-up consumes; not a
// page's, nor a shared module only a page consumes, nor the entry's own file.
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const webpack = require('webpack');
const { runWebpack } = require('../../shared/build/testing/run-webpack.cjs');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { startupFiles } = require('./preload-startup-chunks-plugin');

const app = path.join(__dirname, 'test-fixtures', 'startup-app');
const shared = (name) => ({
  import: path.join(app, 'lib', `${name}.js`),
  singleton: true,
  version: '1.0.0',
  requiredVersion: '^1.0.0',
});

function build() {
  const output = mkdtempSync(path.join(os.tmpdir(), 'startup-chunks-'));
  const compiler = webpack({
    mode: 'production',
    context: app,
    entry: { main: './index.js' },
    devtool: false,
    output: { path: output, publicPath: '/', filename: '[name].js', chunkFilename: '[id].[contenthash:8].js' },
    resolve: {
      alias: {
        'fixture-shared-now': path.join(app, 'lib', 'shared-now.js'),
        'fixture-shared-later': path.join(app, 'lib', 'shared-later.js'),
      },
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'startup_fixture',
        shared: { 'fixture-shared-now': shared('shared-now'), 'fixture-shared-later': shared('shared-later') },
        dts: false,
        manifest: false,
      }),
    ],
  });
  return runWebpack(compiler, output);
}

describe('startupFiles (PreloadStartupChunksPlugin)', () => {
  let built;
  beforeAll(async () => {
    built = await build();
  }, 120000);
  afterAll(() => built && rmSync(built.output, { recursive: true, force: true }));

  const textOf = (files) => files.map((file) => readFileSync(path.join(built.output, file), 'utf8')).join('\n');

  it("gives bootstrap's and render-site's chunks and the shared module the start-up consumes", () => {
    const text = textOf(startupFiles(built.compilation, 'main'));
    expect(text).toContain('BOOTSTRAP');
    expect(text).toContain('RENDER_SITE');
    expect(text).toContain('SHARED_NOW');
  });

  it("leaves out a page's chunk, a shared module only a page consumes, and the entry's own file", () => {
    const files = startupFiles(built.compilation, 'main');
    expect(files).not.toContain('main.js');
    const text = textOf(files);
    expect(text).not.toContain('LATER_PAGE');
    expect(text).not.toContain('SHARED_LATER');
  });

  it('is sorted, so the HTML it writes is the same for the same build', () => {
    const files = startupFiles(built.compilation, 'main');
    expect(files).toEqual([...files].sort());
  });

  it('refuses an entry the build does not have', () => {
    expect(() => startupFiles(built.compilation, 'nope')).toThrow(/no entry point 'nope'/);
  });
});
