import assert from 'node:assert/strict';
import { test } from 'node:test';
import { breakDown, minifiedBytesByPackage, packageOfSource, totalsByPackage } from './js-breakdown';

test('a source path names its package, our workspace package or app, or the webpack runtime', () => {
  const pnpm =
    'webpack://host/../node_modules/.pnpm/@fluentui+tokens@1.0.0/node_modules/@fluentui/tokens/lib/tokens.js';
  assert.equal(packageOfSource(pnpm), '@fluentui/tokens');
  assert.equal(
    packageOfSource('webpack://hub_events/../node_modules/.pnpm/react-dom@19/node_modules/react-dom/cjs/a.js'),
    'react-dom',
  );
  assert.equal(packageOfSource('webpack://hub_events/../shared/src/query/query-client.ts'), '@hub/shared');
  assert.equal(packageOfSource('webpack://hub_events/./src/routes.tsx'), 'remote-events');
  assert.equal(packageOfSource('webpack://host/src/app/app.tsx'), 'host');
  assert.equal(packageOfSource('webpack://hub_events/webpack/runtime/consumes'), 'webpack runtime');
});

// One generated line: columns 0–4 come from react-dom, 5–10 from the events remote's own code.
const code = 'aaaa;bbbbbb';
const map = {
  version: 3 as const,
  sources: ['webpack://hub_events/../node_modules/react-dom/index.js', 'webpack://hub_events/./src/routes.tsx'],
  names: [],
  mappings: 'AAAA,KCAA',
};

test('minified bytes are counted from each mapping to the next', () => {
  const bytes = minifiedBytesByPackage(code, map);
  assert.deepEqual(Object.fromEntries(bytes), { 'react-dom': 5, 'remote-events': 6 });
});

test('a file without a source map is reported whole, not guessed', () => {
  const [file] = breakDown([{ url: 'http://localhost:1/x.js', bytes: 100 }], () => ({
    label: 'x.js',
    file: '/nowhere/x.js',
  }));
  assert.equal(file?.bytes, 100);
  assert.deepEqual(totalsByPackage(file ? [file] : []), [['(no source map)', 100]]);
});
