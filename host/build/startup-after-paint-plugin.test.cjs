// The start-up files of a real federated webpack build of a small app (test-fixtures/startup-app):
// bootstrap's chunks, render-site's, and those of the shared modules the start-up consumes; not a
// page's, nor a shared module only a page consumes, nor the entry's own file. And the plugin itself:
// the page's HTML asks for `main.js` and exactly those files once painted, and another HTML page of
// the build is left alone; its loader, run against a fake page: when it asks.
// EagerCompileStartupPlugin, on the same build: V8's compile hint on exactly those files and the entry's.
// startupChunks, on the same build: those files are the named packages', the other packages' and ours.
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const webpack = require('webpack');
const { runWebpack } = require('../../shared/build/testing/run-webpack.cjs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { startupFiles } = require('./startup-files');
const { startupChunks } = require('./startup-chunks');
const { StartupAfterPaintPlugin } = require('./startup-after-paint-plugin');
const { afterPaintGlobal } = require('./start-after-first-paint');
const { installOfferGlobal } = require('./keep-install-offer');
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
  // The page (index.html) gets the loader; a second page of the build (as the host's MSAL bridge) does not.
  const page = new HtmlWebpackPlugin({ scriptLoading: 'defer' });
  const otherPage = new HtmlWebpackPlugin({ filename: 'other.html' });
  // React gets a file of its own, as the host gives React DOM and Fluent theirs.
  const startup = startupChunks({ entry: 'main', packageFiles: [{ name: 'startup-react', packages: ['react'] }] });
  const compiler = webpack({
    mode: 'production',
    context: app,
    entry: { main: './index.js' },
    devtool: false,
    output: { path: output, publicPath: '/', filename: '[name].js', chunkFilename: '[name].[contenthash:8].js' },
    optimization: { splitChunks: { cacheGroups: startup.cacheGroups } },
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
      new StartupAfterPaintPlugin({ htmlPlugin: page, nonce: 'NONCE_PLACEHOLDER' }),
      new EagerCompileStartupPlugin(),
      startup.plugin,
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

describe('startupFiles', () => {
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

describe('startupChunks', () => {
  const textOf = (file) => readFileSync(path.join(built.output, file), 'utf8');

  it("packs the start-up into a file per named package set, one for the other packages' code and one for the app's", () => {
    const files = startupFiles(built.compilation, 'main');
    expect(files.map((file) => file.replace(/\.[0-9a-f]{8}\.js$/, ''))).toEqual([
      'startup-app',
      'startup-packages',
      'startup-react',
    ]);
    const [app, packages, react] = files.map(textOf);
    for (const text of ['BOOTSTRAP', 'RENDER_SITE', 'SHARED_NOW']) expect(app).toContain(text);
    // The package bootstrap imports (react-error-boundary), and nothing of ours nor of React.
    expect(packages).toContain('imperative-api');
    expect(packages).not.toContain('BOOTSTRAP');
    expect(packages).not.toContain('react.transitional.element');
    expect(app).not.toContain('imperative-api');
    // React, which react-error-boundary imports, in its own file.
    expect(react).toContain('react.transitional.element');
    expect(react).not.toContain('imperative-api');
  });

  it("leaves a page's modules and the packages only a page uses to the page's chunks", () => {
    const startup = startupFiles(built.compilation, 'main').map(textOf).join('\n');
    expect(startup).not.toContain('LATER_PAGE');
    expect(startup).not.toContain('SHARED_LATER');
    expect(startup).not.toContain('precache-v2');
    const page = built.compilation.namedChunkGroups.get('later-page');
    const pageText = [...page.chunks]
      .flatMap((chunk) => [...chunk.files])
      .map(textOf)
      .join('\n');
    expect(pageText).toContain('LATER_PAGE');
    expect(pageText).toContain('precache-v2');
  });
});

describe('StartupAfterPaintPlugin', () => {
  const html = (file) => readFileSync(path.join(built.output, file), 'utf8');
  /** The page's `<script>` elements: attributes as written, and the text. */
  const scriptsOf = (file) =>
    [...html(file).matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ attributes: m[1], text: m[2] }));

  /** Runs the page's inline loader against a page that reports its paint when told to. */
  function runLoader({ visibilityState = 'visible', paintTiming = true } = {}) {
    const [loader] = scriptsOf('index.html');
    const appended = [];
    const observers = [];
    const timers = [];
    const listeners = {};
    class Observer {
      static supportedEntryTypes = paintTiming ? ['paint', 'resource'] : ['resource'];
      constructor(callback) {
        this.callback = callback;
        this.disconnected = false;
        observers.push(this);
      }
      observe(options) {
        this.options = options;
      }
      disconnect() {
        this.disconnected = true;
      }
    }
    const element = (tagName) => ({
      tagName,
      attributes: {},
      setAttribute(k, v) {
        this.attributes[k] = v;
      },
    });
    const document = {
      visibilityState,
      head: { appendChild: (child) => appended.push(child) },
      createElement: element,
      addEventListener: (type, listener) => (listeners[type] = listener),
    };
    const windowListeners = {};
    const window = {
      PerformanceObserver: Observer,
      setTimeout: (fn, ms) => timers.push({ fn, ms }),
      addEventListener: (type, listener) => (windowListeners[type] = listener),
    };
    new Function('document', 'window', loader.text)(document, window);
    const paint = (name) =>
      observers.forEach((o) => !o.disconnected && o.callback({ getEntriesByName: (n) => (n === name ? [{}] : []) }, o));
    return { appended, observers, timers, listeners, windowListeners, window, document, paint };
  }

  it('takes `main.js` out of the page and asks for nothing before the paint', () => {
    const page = html('index.html');
    expect(page).not.toMatch(/<script[^>]*src=/);
    expect(page).not.toMatch(/<link[^>]*preload/);
    const { appended, observers } = runLoader();
    expect(appended).toEqual([]);
    expect(observers).toHaveLength(1);
    expect(observers[0].options).toEqual({ type: 'paint', buffered: true });
  });

  it("carries the nonce placeholder, as the pages' other inline scripts", () => {
    const scripts = scriptsOf('index.html');
    expect(scripts).toHaveLength(1);
    expect(scripts[0].attributes).toMatch(/nonce="?NONCE_PLACEHOLDER/);
  });

  it('asks for `main.js` and every start-up file, low priority, once the first contentful paint is reported', () => {
    const { appended, paint } = runLoader();
    paint('first-paint');
    expect(appended).toEqual([]);
    paint('first-contentful-paint');
    const [script, ...links] = appended;
    expect(script).toMatchObject({ tagName: 'script', src: '/main.js' });
    expect(links.map((link) => link.href)).toEqual(startupFiles(built.compilation, 'main').map((f) => `/${f}`));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links)
      expect(link).toMatchObject({
        tagName: 'link',
        rel: 'preload',
        as: 'script',
        attributes: { fetchpriority: 'low' },
      });
  });

  it('asks once, whichever comes first: the paint, the three-second wait, the tab hidden', () => {
    const run = runLoader();
    expect(run.timers.map((t) => t.ms)).toEqual([3000]);
    run.timers[0].fn();
    const count = run.appended.length;
    expect(count).toBeGreaterThan(1);
    run.paint('first-contentful-paint');
    run.document.visibilityState = 'hidden';
    run.listeners.visibilitychange();
    expect(run.appended).toHaveLength(count);

    const hiddenLater = runLoader();
    hiddenLater.document.visibilityState = 'hidden';
    hiddenLater.listeners.visibilitychange();
    expect(hiddenLater.appended).toHaveLength(count);
  });

  it('asks at once in a hidden tab and in a browser without paint timing, which report no paint', () => {
    const count = (run) => run.appended.length;
    const painted = runLoader();
    painted.paint('first-contentful-paint');
    expect(count(runLoader({ visibilityState: 'hidden' }))).toBe(count(painted));
    expect(count(runLoader({ paintTiming: false }))).toBe(count(painted));
  });

  it("runs the remote route's early start when it asks for the start-up, not before, and at once after", () => {
    const run = runLoader();
    const ran = [];
    run.window[afterPaintGlobal](() => ran.push('before the paint'));
    const ranNow = () => run.timers.filter((t) => t.ms === 0).forEach((t) => t.fn());
    ranNow();
    expect(ran).toEqual([]);
    run.paint('first-contentful-paint');
    expect(run.appended.length).toBeGreaterThan(1);
    ranNow();
    expect(ran).toEqual(['before the paint']);
    run.window[afterPaintGlobal](() => ran.push('after the paint'));
    run.timers.at(-1).fn();
    expect(ran).toEqual(['before the paint', 'after the paint']);
  });

  it('keeps an install offer the browser makes before the app has started, until the app takes it', () => {
    const run = runLoader();
    const offer = { defaultPrevented: false, preventDefault: () => (offer.defaultPrevented = true) };
    run.windowListeners.beforeinstallprompt(offer);
    expect(offer.defaultPrevented).toBe(true);
    expect(run.window[installOfferGlobal]).toEqual({ offer, taken: false });
    // Taken by the app (install/install-prompt.ts), which listens itself from then on.
    run.window[installOfferGlobal].taken = true;
    const later = { defaultPrevented: false, preventDefault: () => (later.defaultPrevented = true) };
    run.windowListeners.beforeinstallprompt(later);
    expect(later.defaultPrevented).toBe(false);
    expect(run.window[installOfferGlobal].offer).toBe(offer);
  });

  it("leaves the build's other HTML pages as they are", () => {
    const scripts = scriptsOf('other.html');
    expect(scripts.map((s) => s.attributes)).toEqual([expect.stringMatching(/src="?\/main\.js/)]);
    expect(scripts[0].text).toBe('');
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
