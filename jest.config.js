// One jest run for every browser package; each app folder is a project so its tests run
// with its own module resolution, all through @swc/jest (no type-checking here: tsc does that).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const project = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  transform: { '^.+\\.[cm]?[jt]sx?$': swc },
  setupFilesAfterEnv: ['<rootDir>/../jest.setup.ts'],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  moduleNameMapper: { '\\.(css|png|svg|jpg)$': '<rootDir>/../jest.asset-stub.js' },
});

module.exports = {
  projects: [
    // The contract holds no browser code: its tests run in node, without the DOM setup.
    { ...project('contract'), testEnvironment: 'node', setupFilesAfterEnv: [] },
    ...['shared', 'host', 'remote-events', 'remote-communities', 'remote-account', 'remote-admin'].map(project),
  ],
};
