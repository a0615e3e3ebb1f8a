import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const remotes = ['remote-events', 'remote-communities', 'remote-account', 'remote-admin'];
const appFolders = ['host', ...remotes];

/**
 * DESIGN.md's one-way dependencies: host → shared, ui; each remote → shared, ui; no remote imports
 * another remote or the host; shared and ui import no app. Apps import shared as the package
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

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-bench/**',
      '**/dist-loader-compare/**',
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
    ignores: ['api/**', 'devstack/**', 'e2e/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...appFolders.flatMap(dependencyDirection),
  {
    files: ['shared/src/**/*.{ts,tsx}'],
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
          ],
        },
      ],
    },
  },
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
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.cjs', '**/webpack.config.js', 'jest.config.js', 'jest.asset-stub.js', 'jest.polyfills.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
