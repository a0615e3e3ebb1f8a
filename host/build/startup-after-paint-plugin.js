/**
 * Issues 24 and 27 (Lighthouse mobile ≥ 95): the host's page asks for its start-up scripts once it
 * has painted, not while it paints. Every page is prerendered: its first contentful paint needs
 * the HTML and its inline styles, none of the ~20 start-up files (`main.js` and the chunks
 * startup-files.js names). Asked for from the head, they arrived while the browser was laying the
 * page out and delayed that paint on a loaded phone; and Lighthouse's simulation counted every one
 * whose download ended before the paint as holding the paint up (it leaves a script out only when
 * it finds the script's evaluation after the paint, and webpack's chunks evaluate in tasks too short
 * to keep): a run's score then depended on which came first, 86–96 for the same build
 * (docs/decisions.md, sessions 34 and 35).
 *
 * So the page's HTML carries, instead of `<script defer src="/main.js">` and the chunks' preloads,
 * one inline script (the page's nonce, as its other inline scripts): once the browser reports the
 * first contentful paint, it asks for `main.js` and preloads the start-up chunks beside it, all at
 * once as before (webpack's script elements then take the preloaded responses, so the app starts
 * with no more round trips than before). A page that will not report its paint soon asks at once:
 * a hidden tab (no paint is reported while hidden), a browser without paint timing; and three
 * seconds after the page started, whatever happened. The same script keeps the browser's install
 * offer until the app listens (keep-install-offer.js). The build's other HTML pages (the sign-in
 * bridge) are left as they are.
 */
const { transformSync } = require('esbuild');
const { entryScripts, startupFiles } = require('./startup-files');
const { afterPaintGlobal, startAfterFirstPaint } = require('./start-after-first-paint');
const { installOfferGlobal, keepInstallOffer } = require('./keep-install-offer');

const pluginName = 'StartupAfterPaintPlugin';

/**
 * The loader's source with its arguments, minified (every page carries it), for a `<script>`
 * element (JSON cannot close the element early). The install offer is kept first: the browser may
 * make it before the app has started, which is now after the first paint.
 */
function loaderSource(main, files, waitMs) {
  const json = (value) => JSON.stringify(value).replace(/</g, '\\u003c');
  const calls = [
    `(${keepInstallOffer.toString()})(window, ${json(installOfferGlobal)});`,
    `(${startAfterFirstPaint.toString()})(${json(main)}, ${json(files)}, document, window, ${waitMs}, ${json(afterPaintGlobal)});`,
  ];
  return transformSync(calls.join('\n'), { minify: true, target: 'es2017' }).code.trim();
}

class StartupAfterPaintPlugin {
  /**
   * @param {{ htmlPlugin: import('html-webpack-plugin'), nonce: string, entry?: string, waitMs?: number }} options
   *   `nonce`: the placeholder the servers write each answer's nonce over (host/server/prerender/nonce-placeholder.ts).
   */
  constructor({ htmlPlugin, nonce, entry = 'main', waitMs = 3000 }) {
    this.htmlPlugin = htmlPlugin;
    this.nonce = nonce;
    this.entry = entry;
    this.waitMs = waitMs;
  }

  apply(compiler) {
    const HtmlWebpackPlugin = this.htmlPlugin.constructor;
    compiler.hooks.compilation.tap(pluginName, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(pluginName, (data) => {
        if (data.plugin !== this.htmlPlugin) return data;
        const publicPath = compilation.outputOptions.publicPath;
        const own = entryScripts(compilation, this.entry);
        if (own.length !== 1)
          throw new Error(`${pluginName}: entry '${this.entry}' has ${own.length} scripts, not one`);
        const main = `${publicPath}${own[0]}`;
        const isEntryScript = (tag) => tag.tagName === 'script' && tag.attributes.src === main;
        const tags = [...data.headTags, ...data.bodyTags];
        if (!tags.some(isEntryScript)) throw new Error(`${pluginName}: the page has no <script src="${main}">`);
        const loader = {
          tagName: 'script',
          voidTag: false,
          meta: { plugin: pluginName },
          attributes: { nonce: this.nonce },
          innerHTML: loaderSource(
            main,
            startupFiles(compilation, this.entry).map((file) => `${publicPath}${file}`),
            this.waitMs,
          ),
        };
        return {
          ...data,
          headTags: [...data.headTags.filter((tag) => !isEntryScript(tag)), loader],
          bodyTags: data.bodyTags.filter((tag) => !isEntryScript(tag)),
        };
      });
    });
  }
}

module.exports = { StartupAfterPaintPlugin };
