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

// Dates and times are shown with their zone named: pin the zone so the expected texts are known.
process.env.TZ = 'UTC';

const project = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  // msw (the fake network) ships Node builds behind export conditions that jsdom's default
  // 'browser' condition would skip (mswjs/examples with-jest-jsdom).
  testEnvironmentOptions: { customExportConditions: [''] },
  transform: { '^.+\\.[cm]?[jt]sx?$': swc },
  // msw 2 depends on ESM-only packages (.mjs files, and until-async's .js); compile those to CommonJS, leave other packages as shipped.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?until-async[@/]).+\\.(?!mjs$)[^.]+$'],
  setupFiles: ['<rootDir>/../jest.polyfills.js'],
  setupFilesAfterEnv: ['<rootDir>/../jest.setup.ts'],
  // host/server: the host's Node renderers, beside its browser code in src.
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/server/**/*.test.{ts,tsx}'],
  moduleNameMapper: { '\\.(css|png|svg|jpg)$': '<rootDir>/../jest.asset-stub.js' },
});

module.exports = {
  // Jest's default of 5 s measured the machine's load, not the code: Fluent renders, axe checks and
  // typed keys took longer on a loaded two-core machine (a form test in a CI run, the privacy page
  // beside three engineers' builds). A test that hangs still fails, after 15 s.
  testTimeout: 15000,
  projects: [
    // The contract holds no browser code: its tests run in node, without the DOM setup.
    { ...project('contract'), testEnvironment: 'node', setupFilesAfterEnv: [] },
    // The build's own code (shared/build's webpack plugins, the host's): Node, real webpack builds.
    {
      displayName: 'build',
      rootDir: '<rootDir>',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/shared/build/**/*.test.cjs', '<rootDir>/host/build/**/*.test.cjs'],
      transform: {},
    },
    ...['shared', 'ui', 'host', 'remote-events', 'remote-communities', 'remote-account', 'remote-admin'].map(project),
  ],
};
