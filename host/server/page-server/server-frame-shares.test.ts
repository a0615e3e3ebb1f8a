import { serverFrameShares } from './server-frame-shares';

// The list the remotes' server bundles leave to the host (their build's externals) and what this
// renderer provides must be the same names: a name missing here refuses every remote's frames.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { serverFrameShares: bundleExternals } = require('@hub/shared/build/server-frame-shares.cjs') as {
  serverFrameShares: string[];
};

describe("the modules a remote's server frames take from the host's renderer (issue 25)", () => {
  it('are exactly those its build leaves out of the bundle', () => {
    expect(Object.keys(serverFrameShares).sort()).toEqual([...bundleExternals].sort());
  });

  it('are the modules themselves', () => {
    expect(serverFrameShares['react']).toHaveProperty('createElement');
    expect(serverFrameShares['@griffel/react']).toHaveProperty('makeStyles');
    expect(serverFrameShares['react-router']).toHaveProperty('Link');
    expect(serverFrameShares['@hub/shared']).toHaveProperty('apiPaths');
  });
});
