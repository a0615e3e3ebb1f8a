// A remote's server frames bundled by its real webpack build (test-fixtures/server-frames-app): one
// hashed CommonJS file for Node, its own modules in it, the shared ones left to the host.
const { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, cpSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const webpack = require('webpack');
const { runWebpack } = require('./testing/run-webpack.cjs');
const { ServerFramesPlugin } = require('./server-frames-plugin.cjs');

const fixture = path.join(__dirname, 'test-fixtures', 'server-frames-app');

/** Builds a copy of the fixture (changed by `change`); gives the plugin, the output and the copy. */
async function build(change = (text) => text) {
  const app = mkdtempSync(path.join(os.tmpdir(), 'server-frames-app-'));
  cpSync(fixture, app, { recursive: true });
  const entry = path.join(app, 'server-frames.jsx');
  writeFileSync(entry, change(readFileSync(entry, 'utf8')));
  const output = path.join(app, 'dist');
  const plugin = new ServerFramesPlugin({ entry, tsconfig: path.join(__dirname, '..', '..', 'tsconfig.base.json') });
  const compiler = webpack({
    mode: 'production',
    context: app,
    entry: './index.js',
    devtool: false,
    output: { path: output, filename: '[name].js' },
    plugins: [plugin],
  });
  try {
    await runWebpack(compiler, output);
  } catch (error) {
    rmSync(app, { recursive: true, force: true });
    throw error;
  }
  return { plugin, output, app };
}

describe('ServerFramesPlugin', () => {
  const built = [];
  afterAll(() => built.forEach(({ app }) => rmSync(app, { recursive: true, force: true })));

  it('emits one hashed file of the frames beside the build, its own modules in it, the shared ones required', async () => {
    const first = await build();
    built.push(first);
    expect(first.plugin.file).toMatch(/^server\/frames\.[0-9a-f]{10}\.js$/);
    expect(readdirSync(path.join(first.output, 'server'))).toEqual([path.basename(first.plugin.file)]);
    const text = readFileSync(path.join(first.output, first.plugin.file), 'utf8');
    expect(text).toContain('FRAME_INTRO');
    // React and Griffel are the host's: required by name, not bundled.
    expect(text).toMatch(/require\("react"\)/);
    expect(text).toMatch(/require\("react\/jsx-runtime"\)/);
    expect(text).toMatch(/require\("@griffel\/react"\)/);
    expect(text).not.toContain('react.production');
    // The browser build is untouched by it.
    expect(readFileSync(path.join(first.output, 'main.js'), 'utf8')).not.toContain('FRAME_INTRO');

    // Another text, another file name: each release's bundle has its own address.
    const second = await build((source) =>
      source.replace("import { intro } from './intro';", "const intro = 'NEW_INTRO';"),
    );
    built.push(second);
    expect(second.plugin.file).not.toBe(first.plugin.file);
    expect(readFileSync(path.join(second.output, second.plugin.file), 'utf8')).toContain('NEW_INTRO');
  }, 60000);

  it('fails the build when the frames do not compile', async () => {
    await expect(build((source) => `${source}\nexport const broken = ;`)).rejects.toThrow(/ServerFramesPlugin/);
  }, 60000);
});
