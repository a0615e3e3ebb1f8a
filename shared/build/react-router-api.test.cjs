// Every app's `react-router` is the shared client API of react-router-api.mjs, not the whole
// package (a shared module is never tree-shaken). A name the browser code imports from
// 'react-router' that the list lacks would be `undefined` at run time: this test fails instead.
const assert = require('node:assert/strict');
const { readFileSync, readdirSync } = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..', '..');
const browserFolders = [
  'host',
  'shared',
  'ui',
  'remote-events',
  'remote-communities',
  'remote-account',
  'remote-admin',
];

// The host's renderers for Node (the build's prerender, the page server's renderer) are run by tsx or
// bundled by esbuild with the whole package, not by webpack's federation: any name is there for them.
const nodeOnly = ['host/server/prerender', 'host/server/page-server'].map((dir) => path.join(repoRoot, dir));

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' || nodeOnly.includes(full) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The value names a file imports from 'react-router' (type-only imports are erased, so they are free). */
function routerImports(source) {
  const names = [];
  for (const m of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]react-router['"]/g)) {
    if (m[1]) continue;
    for (const part of (m[2] ?? '').split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

const apiModule = readFileSync(path.join(__dirname, 'react-router-api.mjs'), 'utf8');
const shared = new Set(
  (/export\s*\{([^}]*)\}/.exec(apiModule)?.[1] ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean),
);

test('the shared router API lists the client API', () => {
  for (const name of ['createBrowserRouter', 'RouterProvider', 'Link', 'useNavigate', 'useSearchParams'])
    assert.ok(shared.has(name), name);
});

test("every name the browser code imports from 'react-router' is in the shared router API", () => {
  const missing = [];
  for (const folder of browserFolders) {
    for (const file of sourceFiles(path.join(repoRoot, folder, 'src'))) {
      const source = readFileSync(file, 'utf8');
      assert.doesNotMatch(
        source,
        /import\s+\*\s+as\s+\w+\s+from\s*['"]react-router['"]|import\(\s*['"]react-router['"]/,
      );
      for (const name of routerImports(source))
        if (!shared.has(name)) missing.push(`${path.relative(repoRoot, file)}: ${name}`);
    }
  }
  assert.deepEqual(missing, [], 'add these to shared/build/react-router-api.mjs');
});

test('type-only imports and renames are read as the names they import', () => {
  assert.deepEqual(
    routerImports(
      "import { Link as RouterLink, type To, useHref } from 'react-router';\nimport type { NavigateFunction } from 'react-router';",
    ),
    ['Link', 'useHref'],
  );
});
