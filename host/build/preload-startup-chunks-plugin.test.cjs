// The start-up files of a real federated webpack build of a small app (test-fixtures/startup-app):
// bootstrap's chunks, render-site's, and those of the shared modules the start-up consumes; not a
// page's, nor a shared module only a page consumes, nor the entry's own file. And the plugin itself:
// the page's HTML asks for exactly those files, and another HTML page of the build is left alone.
// EagerCompileStartupPlugin, on the same build: V8's compile hint on exactly those files and the entry's.
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const webpack = require('webpack');
const { runWebpack } = require('../../shared/build/testing/run-webpack.cjs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { PreloadStartupChunksPlugin, startupFiles } = require('./preload-startup-chunks-plugin');
const { EagerCompileStartupPlugin, compileHint } = require('./eager-compile-startup-plugin');

const app = path.join(__dirname, 'test-fixtures', 'startup-app');
const shared = (name) => ({
  import: path.join(app, 'lib', `${name}.js`),
  singleton: true,
  version: '1.0.0',
  requiredVersion: '^1.0.0',
});

function build() {
  const output = mkdtempSync(path.join(os.tmpdir(), 'startup-chunks-'));
  // The page (index.html) gets the preloads; a second page of the build (as the host's MSAL bridge) does not.
  const page = new HtmlWebpackPlugin({ scriptLoading: 'defer' });
  const otherPage = new HtmlWebpackPlugin({ filename: 'other.html' });
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
      page,
      otherPage,
      new PreloadStartupChunksPlugin({ htmlPlugin: page }),
      new EagerCompileStartupPlugin(),
    ],
  });
  return runWebpack(compiler, output);
}

// One build for every test below.
let built;
beforeAll(async () => {
  built = await build();
}, 120000);
afterAll(() => built && rmSync(built.output, { recursive: true, force: true }));

describe('startupFiles (PreloadStartupChunksPlugin)', () => {
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

describe('PreloadStartupChunksPlugin', () => {
  /** The `<link>` elements of a written HTML page, as attribute maps (values quoted or not, as the plugin writes them). */
  const linksOf = (file) =>
    [...readFileSync(path.join(built.output, file), 'utf8').matchAll(/<link\b([^>]*)>/g)].map((m) =>
      Object.fromEntries([...m[1].matchAll(/([\w-]+)=(?:"([^"]*)"|([^\s"]+))/g)].map((a) => [a[1], a[2] ?? a[3]])),
    );

  it("asks for each start-up file from the page's HTML, low priority, as a script, at the public path", () => {
    const preloads = linksOf('index.html').filter((link) => link.rel === 'preload');
    expect(preloads.map((link) => link.href)).toEqual(startupFiles(built.compilation, 'main').map((f) => `/${f}`));
    expect(preloads.length).toBeGreaterThan(0);
    for (const link of preloads) expect(link).toMatchObject({ as: 'script', fetchpriority: 'low' });
  });

  it("leaves the build's other HTML pages as they are", () => {
    expect(linksOf('other.html').filter((link) => link.rel === 'preload')).toEqual([]);
  });
});

describe('EagerCompileStartupPlugin', () => {
  const read = (file) => readFileSync(path.join(built.output, file), 'utf8');
  const written = () =>
    built.compilation
      .getAssets()
      .map((asset) => asset.name)
      .filter((f) => f.endsWith('.js'));

  it("puts V8's compile hint first in the entry's file and in every start-up file, after minification", () => {
    for (const file of ['main.js', ...startupFiles(built.compilation, 'main')]) {
      expect(read(file).startsWith(compileHint)).toBe(true);
      expect(read(file).split('allFunctionsCalledOnLoad')).toHaveLength(2);
    }
  });

  it('leaves the files the start-up does not run alone (a page, a shared module only a page consumes)', () => {
    const startup = new Set(['main.js', ...startupFiles(built.compilation, 'main')]);
    const others = written().filter((file) => !startup.has(file));
    expect(others.length).toBeGreaterThan(0);
    for (const file of others) expect(read(file)).not.toContain('allFunctionsCalledOnLoad');
  });
});
