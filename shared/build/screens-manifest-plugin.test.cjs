// The screens of a real webpack build of a small app (test-fixtures/screens-app): each screen's
// scripts are the chunks its page's import loads, found from the module graph.
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const webpack = require('webpack');
const { runWebpack } = require('./testing/run-webpack.cjs');
const { ScreensManifestPlugin, manifestScreens } = require('./screens-manifest-plugin.cjs');

const app = path.join(__dirname, 'test-fixtures', 'screens-app');
const screensFile = path.join(app, 'screens.js');

/** Builds the fixture app; gives the compilation, the plugin and the output folder. */
function build(mode) {
  const output = mkdtempSync(path.join(os.tmpdir(), 'screens-manifest-'));
  const plugin = new ScreensManifestPlugin({ screensFile });
  const compiler = webpack({
    mode,
    context: app,
    entry: './index.js',
    devtool: false,
    output: { path: output, filename: '[name].js', chunkFilename: '[id].[contenthash:8].js' },
    // Modules two pages share go into chunks of their own, as in the apps' builds.
    optimization: { splitChunks: { chunks: 'async', minSize: 0 } },
    plugins: [plugin],
  });
  return runWebpack(compiler, output).then((built) => ({ ...built, plugin }));
}

const textOf = (output, files) => files.map((file) => readFileSync(path.join(output, file), 'utf8')).join('\n');

describe.each(['production', 'development'])('ScreensManifestPlugin (%s build)', (mode) => {
  let built;
  beforeAll(async () => {
    built = await build(mode);
  }, 60000);
  afterAll(() => built && rmSync(built.output, { recursive: true, force: true }));

  it('gives each screen its declared public and first reads', () => {
    const screens = built.plugin.manifestScreens(built.compilation);
    expect(Object.keys(screens).sort()).toEqual(['create', 'detail', 'edit', 'list', 'otherList']);
    expect(screens.list).toMatchObject({ public: true, firstReads: ['api/items?:search', 'api/kinds'] });
    expect(screens.detail).toMatchObject({ public: true, firstReads: ['api/items/:id'] });
    expect(screens.create).toMatchObject({ public: false, firstReads: [] });
  });

  it("lists the chunks a screen's page import loads, its modules shared with another page's included", () => {
    const screens = built.plugin.manifestScreens(built.compilation);
    const detail = textOf(built.output, screens.detail.scripts);
    expect(detail).toContain('DETAIL_PAGE');
    expect(detail).toContain('DETAIL_PART');
    expect(detail).toContain('COMMON_PART');
    const list = textOf(built.output, screens.list.scripts);
    expect(list).toContain('LIST_PAGE');
    expect(list).toContain('COMMON_PART');
    expect(list).not.toContain('DETAIL_PAGE');
  });

  it('leaves out what the page loads later itself, and the app’s entry', () => {
    const screens = built.plugin.manifestScreens(built.compilation);
    const all = Object.values(screens).flatMap((screen) => screen.scripts);
    expect(all).not.toContain('main.js');
    expect(textOf(built.output, screens.detail.scripts)).not.toContain('DETAIL_LATER');
  });

  it('finds the import through a constant or a function of the file, as the source writes it', () => {
    const screens = built.plugin.manifestScreens(built.compilation);
    expect(screens.otherList.scripts).toEqual(screens.list.scripts);
    expect(screens.edit.scripts).toEqual(screens.create.scripts);
    expect(textOf(built.output, screens.create.scripts)).toContain('FORM_CREATE');
  });

  it('refuses a declared screen whose page import the build does not have', () => {
    const screens = { list: { page: () => undefined, public: true }, missing: { page: () => undefined, public: true } };
    expect(() => manifestScreens(built.compilation, { screensFile, screens })).toThrow(/screen 'missing'/);
  });
});
