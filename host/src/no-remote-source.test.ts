import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { remoteNames } from '@hub/shared';

/**
 * Issue 25: the host depends on no remote's source. What it shows of a remote comes from that
 * remote's live release (its manifest, its federated modules, its server frames:
 * page-server/remote-frames-loader.ts), so a remote releases alone. ESLint's direction rule
 * (eslint.config.mjs) says the same for imports; this also catches the rule switched off in a file,
 * a dynamic `import()` or `require` of a remote's folder, and the host's build scripts. Tests may
 * read the remotes (the contract test does): they never ship.
 */
const hostDir = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['testing', 'test-fixtures'].includes(entry.name) ? [] : sourceFiles(file);
    return /\.(ts|tsx|mjs|cjs|js)$/.test(entry.name) && !/\.test\.[cm]?[jt]sx?$/.test(entry.name) ? [file] : [];
  });
}

// The browser code (src/), the Node renderers (server/), the build-time code (build/) and the build's configuration.
const files = [
  ...sourceFiles(path.join(hostDir, 'src')),
  ...sourceFiles(path.join(hostDir, 'build')),
  ...sourceFiles(path.join(hostDir, 'server')),
  ...readdirSync(hostDir)
    .filter((name) => /\.(mjs|cjs|js)$/.test(name))
    .map((name) => path.join(hostDir, name)),
];
/** `from '…/remote-events/…'`, `import('…remote-communities…')`, `require('@hub/remote-…')`. */
const remoteSource = new RegExp(
  `(?:from\\s+|import\\s*\\(\\s*|require\\s*\\(\\s*)['"](?:[^'"]*/|@hub/)remote-(?:${remoteNames.join('|')})(?:/|['"])`,
);

describe('the host and the remotes’ source (issue 25)', () => {
  it('finds the host’s production files', () => {
    expect(files.some((file) => file.endsWith(path.join('page-server', 'render-detail-page.tsx')))).toBe(true);
    expect(files.some((file) => file.endsWith('build-page-server.mjs'))).toBe(true);
  });

  it.each(files.map((file) => [path.relative(hostDir, file), file]))(
    '%s imports no remote’s source and does not switch the direction rule off',
    (_name, file) => {
      const text = readFileSync(file, 'utf8');
      expect(text).not.toMatch(remoteSource);
      expect(text).not.toMatch(/eslint-disable[^\n]*no-restricted-imports/);
    },
  );

  it('would see a deep import', () => {
    expect(`import { X } from '../../../remote-events/src/pages/x';`).toMatch(remoteSource);
    expect(`const m = await import("@hub/remote-communities/src/y");`).toMatch(remoteSource);
    expect(`import { apiPaths } from '@hub/shared';`).not.toMatch(remoteSource);
    expect(`import { RemoteArea } from '../remote-area/remote-area';`).not.toMatch(remoteSource);
  });
});
