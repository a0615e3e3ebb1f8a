// The tests' way to build a remote's server frames as its build does (server-frames-plugin.cjs), in
// a Node process of its own (esbuild refuses to run inside jsdom's globals).
// Usage: node build-server-frames.cjs <remote folder> <out file>
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { bundleServerFrames } = require('../server-frames-plugin.cjs');

const [remoteDir, out] = process.argv.slice(2);
bundleServerFrames({
  entry: path.join(remoteDir, 'src', 'server-frames.tsx'),
  tsconfig: path.join(__dirname, '..', '..', '..', 'tsconfig.base.json'),
  define: { __HUB_BUILD_ID__: '"test"', __HUB_REMOTE_NAME__: '"test"', __HUB_FAULT_INJECTION__: 'false' },
}).then(({ text }) => {
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, text);
});
