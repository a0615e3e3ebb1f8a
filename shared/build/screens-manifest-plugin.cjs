/**
 * Issue 25: a remote's screens, as it declares them once (`src/screens.ts`, typed by shared's
 * `RemoteScreens`), written into its `mf-manifest.json` (`metaData.buildInfo.hubScreens`): per
 * screen its scripts, `public` and first reads. The host's page reads them from the manifest of the
 * remote's live release (its early start, link prefetch), so a remote changes what its screens load
 * first without a host release.
 *
 * A screen's scripts come from the module graph: the chunks of the `import()` its page is loaded
 * by (webpack's chunk group of that import in `screens.ts`), not from a naming rule. Which import is
 * a screen's is read from `screens.ts`'s syntax (the `import()`s in its `page`, or in a function of
 * that file it calls); `public` and the reads from the declaration itself, run in Node.
 */
const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const pluginName = 'ScreensManifestPlugin';

/** The string literal `import('…')`s under a node, and the names of the identifiers it uses. */
function importsAndNames(node) {
  const imports = new Set();
  const names = new Set();
  const visit = (child) => {
    if (ts.isCallExpression(child) && child.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = child.arguments;
      if (specifier && ts.isStringLiteralLike(specifier)) imports.add(specifier.text);
    } else if (ts.isIdentifier(child)) {
      names.add(child.text);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return { imports, names };
}

/**
 * `{ screen: ['./pages/…', …] }`: the modules each screen's `page` imports, written in it or in a
 * top-level function or constant of the same file that it names (`listPage`, `eventForm(…)`).
 */
function pageImportsOf(source, screenKeys) {
  const file = ts.createSourceFile('screens.ts', source, ts.ScriptTarget.Latest, true);
  const topLevel = new Map();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations)
      if (ts.isIdentifier(declaration.name) && declaration.initializer)
        topLevel.set(declaration.name.text, importsAndNames(declaration.initializer).imports);
  }
  const keys = new Set(screenKeys);
  const byScreen = {};
  const visit = (node) => {
    if (ts.isPropertyAssignment(node) && ts.isObjectLiteralExpression(node.initializer)) {
      const key = node.name.getText(file);
      const page = node.initializer.properties.find(
        (property) => ts.isPropertyAssignment(property) && property.name.getText(file) === 'page',
      );
      if (keys.has(key) && page) {
        const { imports, names } = importsAndNames(page.initializer);
        for (const name of names) for (const specifier of topLevel.get(name) ?? []) imports.add(specifier);
        byScreen[key] = [...imports];
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return byScreen;
}

/** The modules of a compilation, those concatenated into another included. */
function* allModules(compilation) {
  for (const module of compilation.modules) {
    yield module;
    if (module.modules) yield* module.modules;
  }
}

/** `{ './pages/…': [file, …] }`: the JavaScript files each `import()` of a module loads. */
function importChunks(compilation, resource) {
  const files = {};
  for (const module of allModules(compilation)) {
    if (module.resource !== resource) continue;
    for (const block of module.blocks) {
      const group = compilation.chunkGraph.getBlockChunkGroup(block);
      const request = block.dependencies.find((dependency) => typeof dependency.request === 'string')?.request;
      if (!group || !request) continue;
      const scripts = new Set(files[request] ?? []);
      for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) scripts.add(file);
      files[request] = [...scripts].sort();
    }
  }
  return files;
}

/**
 * `{ screen: { scripts, public, firstReads } }` for the manifest, from the declared screens (as
 * `screens.ts` exports them) and the compilation. A screen none of whose imports the build has is an
 * error: its declaration and its file would disagree.
 */
function manifestScreens(compilation, { screensFile, screens }) {
  const imports = pageImportsOf(readFileSync(screensFile, 'utf8'), Object.keys(screens));
  const chunks = importChunks(compilation, screensFile);
  const entries = {};
  for (const [key, screen] of Object.entries(screens)) {
    const scripts = new Set();
    for (const specifier of imports[key] ?? []) for (const file of chunks[specifier] ?? []) scripts.add(file);
    if (scripts.size === 0) throw new Error(`${pluginName}: no import() of screen '${key}' found in ${screensFile}`);
    entries[key] = {
      scripts: [...scripts].sort(),
      public: screen.public === true,
      firstReads: [...(screen.firstReads ?? [])],
    };
  }
  return entries;
}

/**
 * A remote's declared screens as data (`{ key: { public, firstReads } }`): its `screens.ts` run in a
 * Node process of its own (tsx), apart from the build's; its pages are lazy, nothing of them runs.
 */
function readDeclaredScreens(screensFile) {
  const print =
    'const screens = require(process.argv[1]).screens;' +
    'process.stdout.write(JSON.stringify(Object.fromEntries(Object.entries(screens).map(([key, screen]) =>' +
    '[key, { public: screen.public === true, firstReads: [...(screen.firstReads ?? [])] }]))));';
  const output = execFileSync(process.execPath, ['--require', require.resolve('tsx/cjs'), '-e', print, screensFile], {
    cwd: path.dirname(screensFile),
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

/** Reads a remote's `screens.ts` before each compilation and gives `manifestScreens` for the manifest. */
class ScreensManifestPlugin {
  constructor({ screensFile }) {
    this.screensFile = screensFile;
    this.screens = undefined;
  }

  apply(compiler) {
    compiler.hooks.beforeCompile.tap(pluginName, () => {
      this.screens = readDeclaredScreens(this.screensFile);
    });
  }

  /** The manifest's `hubScreens` of this compilation. */
  manifestScreens(compilation) {
    if (!this.screens) throw new Error(`${pluginName}: ${this.screensFile} was not read before the build`);
    return manifestScreens(compilation, { screensFile: this.screensFile, screens: this.screens });
  }
}

module.exports = { ScreensManifestPlugin, manifestScreens, readDeclaredScreens };
