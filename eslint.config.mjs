import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import unicorn from 'eslint-plugin-unicorn';

const remotes = ['remote-events', 'remote-communities', 'remote-account', 'remote-admin'];
const appFolders = ['host', ...remotes];

/**
 * DESIGN.md's one-way dependencies: host → shared, ui; each remote → shared, ui; no remote imports
 * another remote or the host; shared and ui import no app; shared, api and e2e → contract, which
 * imports nothing of ours. Apps import shared as the package
 * '@hub/shared' (the federation singleton) and the kit as '@hub/ui/<piece>', never by relative path.
 */
function dependencyDirection(folder) {
  const forbidden = appFolders.filter((f) => f !== folder);
  const patterns = [
    ...forbidden.map((f) => ({
      group: [`**/${f}/**`, `@hub/${f}`, `@hub/${f}/**`],
      message: `${folder} must not import ${f}: areas meet only through routes and @hub/shared.`,
    })),
    {
      group: ['**/shared/src/**', '@hub/shared/src/**'],
      message: "Import '@hub/shared' (the federation singleton), not its files.",
    },
    { group: ['**/ui/src/**', '@hub/ui/src/**'], message: "Import the kit as '@hub/ui/<piece>', not by path." },
    JOTAI,
  ];
  return [
    { files: [`${folder}/src/**/*.{ts,tsx}`], rules: { 'no-restricted-imports': ['error', { patterns }] } },
    {
      // The test harness never ships: production files may not import it.
      files: [`${folder}/src/**/*.{ts,tsx}`],
      ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...patterns,
              { group: ['@hub/ui/testing/*', '@hub/shared/testing/*'], message: 'Test helpers are for tests only.' },
            ],
          },
        ],
      },
    },
  ];
}

/**
 * `no-restricted-imports` does not see `import()`: the same direction rule for dynamic imports, so a
 * lazy route cannot reach into another area either.
 */
function noDynamicImportOf(files, folders, message) {
  const names = folders.join('|');
  return {
    files,
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `ImportExpression[source.value=/(^|\\/|@hub\\/)(${names})(\\/|$)/]`, message },
      ],
    },
  };
}

/** excalidraw's app-jotai: jotai only through shared/src/store, so the site keeps one store. */
const JOTAI = {
  group: ['jotai', 'jotai/*'],
  message: "Use jotai through '@hub/shared' (shared/src/store/hub-jotai.ts): one store for the whole site.",
};

const browserPackages = [
  ...appFolders.flatMap((f) => [`**/${f}/src/**`, `@hub/${f}`, `@hub/${f}/**`]),
  '**/shared/src/**',
  '@hub/shared',
  '@hub/shared/**',
  '**/ui/src/**',
  '@hub/ui',
  '@hub/ui/**',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-bench/**',
      '**/dist-loader-compare/**',
      // The second host build pwa.spec.ts keeps between runs.
      '**/dist-release-e2e/**',
      '**/node_modules/**',
      '**/.data/**',
      'coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'api/scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['api/**', 'serving/**', 'devstack/**', 'e2e/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...appFolders.flatMap(dependencyDirection),
  ...[false, true].map((store) => ({
    // shared's own files reach jotai through its store module too; only that folder imports jotai.
    files: [store ? 'shared/src/store/**/*.{ts,tsx}' : 'shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: appFolders.flatMap((f) => [`**/${f}/**`, `@hub/${f}`, `@hub/${f}/**`]),
              message: 'shared imports no app.',
            },
            { group: ['@hub/shared', '@hub/shared/**'], message: 'Inside shared, import by relative path.' },
            ...(store ? [] : [JOTAI]),
          ],
        },
      ],
    },
  })),
  {
    // The kit is bundled into every app: it imports no app, and shared only as the package.
    files: ['ui/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: appFolders.flatMap((f) => [`**/${f}/**`, `@hub/${f}`, `@hub/${f}/**`]),
              message: 'ui imports no app.',
            },
            {
              group: ['**/shared/src/**', '@hub/shared/src/**'],
              message: "Import '@hub/shared' (the federation singleton), not its files.",
            },
            { group: ['@hub/ui', '@hub/ui/**'], message: 'Inside ui, import by relative path.' },
            JOTAI,
          ],
        },
      ],
    },
  },
  {
    // The API's wire format depends on nothing of ours, so every side can import it.
    files: ['contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@hub/*', '@hub/*/**', '../*', '../**'], message: '@hub/contract imports nothing of ours.' },
          ],
        },
      ],
    },
  },
  {
    // The object store is a leaf both devstack (releases) and the API (images) import: it depends on nothing of ours.
    files: ['object-store/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@hub/*', '@hub/*/**', '../*', '../**'], message: '@hub/object-store imports nothing of ours.' },
          ],
        },
      ],
    },
  },
  {
    // shared imports these values on every first paint: TypeBox must not come with them.
    files: ['contract/src/enums.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['*'], message: 'enums.ts imports nothing, TypeBox least of all (first-paint budget).' }],
        },
      ],
    },
  },
  {
    // shared (a singleton on every page) and the host take only types from the contract's schema
    // files; a schema value would bundle TypeBox into the first paint. Enum values are TypeBox-free, and
    // so is the report scrubber (the browser's error reporter and the API share it).
    files: ['shared/src/**/*.{ts,tsx}', 'host/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@hub/contract/*', '!@hub/contract/enums', '!@hub/contract/scrub-report-text'],
              allowTypeImports: true,
              message:
                "Use 'import type' from the contract's schema files here; values come only from '@hub/contract/enums' (and the TypeBox-free scrub-report-text).",
            },
          ],
        },
      ],
    },
  },
  {
    // DESIGN.md: e2e drives the site and the API from outside; of our code it uses only the contract's types, devstack's and serving's settings.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...appFolders.flatMap((f) => [`**/${f}/**`, `@hub/${f}`, `@hub/${f}/**`]),
                '**/shared/**',
                '@hub/shared',
                '@hub/shared/**',
                '**/api/src/**',
                '@hub/api',
                '@hub/api/**',
              ],
              message:
                'e2e meets the apps and the API only through the browser and HTTP; API shapes come from @hub/contract.',
            },
          ],
        },
      ],
    },
  },
  ...appFolders.map((folder) =>
    noDynamicImportOf(
      [`${folder}/src/**/*.{ts,tsx}`],
      appFolders.filter((f) => f !== folder),
      `${folder} must not import another area, not even lazily: areas meet only through routes and @hub/shared.`,
    ),
  ),
  noDynamicImportOf(['shared/src/**/*.{ts,tsx}', 'ui/src/**/*.{ts,tsx}'], appFolders, 'shared and ui import no app.'),
  {
    // DESIGN.md: the API's only dependency of ours is the contract.
    files: ['api/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...browserPackages, '**/devstack/**', '**/e2e/**'],
              message: 'api imports nothing of ours but @hub/contract.',
            },
          ],
        },
      ],
    },
  },
  {
    // Its tests and benchmark start devstack's services (the auth emulator), never browser code.
    files: ['api/test/**/*.ts', 'api/bench/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...browserPackages, '**/e2e/**'],
              message: 'API tests use the API, the contract and devstack only.',
            },
          ],
        },
      ],
    },
  },
  {
    // serving is what production runs to serve the apps: devstack's local stand-ins, deploy/ and the
    // topology use it, never the other way round; like devstack it reads builds, not the apps' code.
    files: ['serving/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...browserPackages, '**/devstack/**', '**/e2e/**'],
              message: "serving is used by devstack, deploy and e2e; it imports none of them, nor the apps' code.",
            },
          ],
        },
      ],
    },
  },
  {
    // devstack builds, serves and starts the apps and the API; it imports none of the browser code.
    files: ['devstack/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...browserPackages, '**/e2e/**'],
              message: 'devstack runs the apps as builds and processes; it imports none of their code.',
            },
          ],
        },
      ],
    },
  },
  {
    // The bench measures issue 24's budgets through the production topology the topology suite
    // starts: one module starts it for both (e2e/topology/start-topology.ts), nothing else of e2e.
    files: ['devstack/src/bench.ts', 'devstack/src/topology-bench.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: browserPackages,
              message: 'devstack runs the apps as builds and processes; it imports none of their code.',
            },
            {
              regex: '(^|/)e2e/(?!topology/start-topology\\.ts$)',
              message: 'The bench uses only the topology starter of e2e.',
            },
          ],
        },
      ],
    },
  },
  {
    // Our habit (STYLE.md): kebab-case file names, so a name reads the same in every folder.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { unicorn },
    rules: { 'unicorn/filename-case': ['error', { case: 'kebabCase' }] },
  },
  {
    files: [
      '**/*.cjs',
      '**/webpack.config.js',
      'host/build/**/*.js',
      'jest.config.js',
      'jest.asset-stub.js',
      'jest.polyfills.js',
    ],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The build code's tests (jest's `build` project): jest's globals in Node.
    files: ['**/*.test.cjs'],
    languageOptions: { globals: { ...globals.jest } },
  },
);
