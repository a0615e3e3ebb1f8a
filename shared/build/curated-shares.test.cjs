// The guard of the curated shares (curated-shares.cjs): a build whose bundled code imports a name
// the shared module lacks fails, instead of a user meeting `undefined`; names only tree-shaken code
// imports do not count; HUB_WRITE_CURATED_SHARES=1 adds the missing names.
const assert = require('node:assert/strict');
const { mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const webpack = require('webpack');
const { CuratedShareGuardPlugin, curatedShares, listedNames } = require('./curated-shares.cjs');

const dir = mkdtempSync(path.join(tmpdir(), 'curated-shares-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const share = { request: 'focus-lib', file: path.join(dir, 'focus-lib.mjs'), completeAlias: 'x' };
writeFileSync(
  path.join(dir, 'focus-lib.js'),
  'export const used = () => 1;\nexport const alsoUsed = () => 2;\nexport const unusedOnly = () => 3;\n',
);
// `helper` is exported by the entry but used by nothing: tree shaking drops it, and with it the import of `unusedOnly`.
writeFileSync(
  path.join(dir, 'entry.js'),
  "import { used, alsoUsed, unusedOnly } from 'focus-lib';\nexport function helper() { return unusedOnly(); }\nconsole.log(used(), alsoUsed());\n",
);

function build() {
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './entry.js',
    output: { path: path.join(dir, 'dist') },
    resolve: { alias: { 'focus-lib$': path.join(dir, 'focus-lib.js') } },
    optimization: { minimize: false },
    plugins: [new CuratedShareGuardPlugin([share])],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => compiler.close(() => (error || !stats ? reject(error) : resolve(stats)))),
  );
}

test('a build whose code imports a name the shared module lacks fails, naming it', async () => {
  writeFileSync(share.file, "export {\n  used,\n} from 'x';\n");
  const stats = await build();
  const errors = stats.compilation.errors.map((e) => e.message).join('\n');
  assert.match(errors, /The shared 'focus-lib' lacks names the bundle imports/);
  assert.match(errors, /alsoUsed/);
  assert.doesNotMatch(errors, /\bused \(|unusedOnly/);
});

test('HUB_WRITE_CURATED_SHARES=1 adds the missing names; the next build passes', async () => {
  writeFileSync(share.file, "export {\n  used,\n} from 'x';\n");
  process.env.HUB_WRITE_CURATED_SHARES = '1';
  try {
    const stats = await build();
    assert.equal(stats.compilation.errors.length, 0);
    assert.match(
      stats.compilation.warnings.map((w) => w.message).join('\n'),
      /Added to the shared 'focus-lib': alsoUsed/,
    );
  } finally {
    delete process.env.HUB_WRITE_CURATED_SHARES;
  }
  assert.deepEqual(listedNames(share.file), ['alsoUsed', 'used']);
  assert.match(readFileSync(share.file, 'utf8'), /} from 'x';/);
  assert.equal((await build()).compilation.errors.length, 0);
});

test('tabster and keyborg are curated shares with their lists', () => {
  assert.deepEqual(
    curatedShares.map((s) => s.request),
    ['tabster', 'keyborg'],
  );
  for (const s of curatedShares) assert.ok(listedNames(s.file).length > 0, s.request);
  assert.ok(listedNames(curatedShares[0].file).includes('createTabster'));
});
