/**
 * docs/configuration.md and deploy/.env.example against the code: the API table matches the
 * declarations; every environment variable a source file reads is documented and every documented
 * one is read; the production example starts the API and carries every setting production must set.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { parseEnv } from 'node:util';
import { loadConfig } from '../config.ts';
import { API_SETTINGS, type SettingDeclaration } from './api-settings.ts';
import { apiTableUpToDate, documentedApiCells, tableCells } from './reference-table.ts';
import { msalClientProblems } from './work-account-checks.ts';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const doc = readFileSync(join(REPO_ROOT, 'docs', 'configuration.md'), 'utf8');
const envExampleText = readFileSync(join(REPO_ROOT, 'deploy', '.env.example'), 'utf8');
const envExample = parseEnv(envExampleText) as Record<string, string>;

/** Every setting named in the first column of one of the document's tables. */
const documented = new Set(
  tableCells(doc)
    .map((row) => /^`([A-Z][A-Z0-9_]*)`$/.exec(row[0] ?? '')?.[1])
    .filter((name): name is string => name !== undefined),
);

const SKIPPED_DIRS = new Set([
  'node_modules',
  '.git',
  '.data',
  '.releases',
  'test-results',
  'playwright-report',
  'coverage',
]);
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const TEST = /\.(test|spec)\.[cm]?[jt]sx?$|\.it\.ts$/;

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('dist')) sourceFiles(join(dir, entry.name), found);
    } else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) found.push(join(dir, entry.name));
  }
  return found;
}

/** process.env.X, process.env['X'], env.X, env['X'] and the site config's num('X', …). */
const READ =
  /(?:process\.env|\benv)(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])|\bnum\(['"]([A-Z][A-Z0-9_]+)['"]/g;
const sources = sourceFiles(REPO_ROOT).map((file) => ({
  file: relative(REPO_ROOT, file),
  text: readFileSync(file, 'utf8'),
}));
const reads = new Map<string, string>();
for (const { file, text } of sources)
  for (const m of text.matchAll(READ)) {
    const name = m[1] ?? m[2] ?? m[3]!;
    if (!reads.has(name)) reads.set(name, file);
  }

describe('docs/configuration.md', () => {
  it('has the API table as the declarations say (run pnpm --filter @hub/api settings:doc when they change)', () => {
    assert.equal(documentedApiCells(doc).length, Object.keys(API_SETTINGS).length);
    assert.ok(apiTableUpToDate(doc), 'docs/configuration.md is out of date: run pnpm --filter @hub/api settings:doc');
  });

  it('documents every environment variable a source file reads', () => {
    assert.ok(reads.size > 40, `found only ${reads.size} settings read: the scan is broken`);
    const undocumented = [...reads].filter(([name]) => !documented.has(name)).map(([n, f]) => `${n} (${f})`);
    assert.deepEqual(undocumented, [], 'read but not documented');
  });

  it('documents no setting that nothing reads', () => {
    const mentioned = (name: string) =>
      name in API_SETTINGS || reads.has(name) || sources.some(({ text }) => text.includes(`'${name}'`));
    assert.deepEqual(
      [...documented].filter((name) => !mentioned(name)),
      [],
      'documented but not read',
    );
  });
});

describe('deploy/.env.example', () => {
  const declarations: [string, SettingDeclaration][] = Object.entries(API_SETTINGS);

  it('sets every setting production must set, and only documented ones', () => {
    const required = declarations.filter(([, d]) => d.requiredInProduction).map(([name]) => name);
    assert.deepEqual(
      required.filter((name) => !(name in envExample)),
      [],
      'required but not in .env.example',
    );
    assert.ok('GOOGLE_APPLICATION_CREDENTIALS' in envExample || envExample['HUB_GOOGLE_WORKLOAD_IDENTITY'] === 'on');
    assert.deepEqual(
      Object.keys(envExample).filter((name) => !documented.has(name)),
      [],
      'in .env.example, not documented',
    );
  });

  it('marks every secret it sets as one', () => {
    const lines = envExampleText.split('\n');
    for (const [name, d] of declarations) {
      if (!d.secret || !(name in envExample)) continue;
      const at = lines.findIndex((l) => l.startsWith(`${name}=`));
      assert.match(lines.slice(Math.max(0, at - 2), at).join('\n'), /# secret/, `${name} is not marked secret`);
    }
  });

  const dir = mkdtempSync(join(tmpdir(), 'hub-env-example-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('starts a production API (with a credentials file where it names one)', () => {
    const key = join(dir, 'firebase-service-account.json');
    writeFileSync(
      key,
      JSON.stringify({ type: 'service_account', client_email: 'hub@company-hub.iam', private_key: 'k' }),
    );
    const config = loadConfig({ ...envExample, GOOGLE_APPLICATION_CREDENTIALS: key });
    assert.equal(config.production, true);
    assert.equal(config.database, 'postgres');
    assert.equal(config.mailTransport, 'smtp');
    assert.equal(config.host, '0.0.0.0');
  });

  it("gives the browser Entra settings that agree with the API's", () => {
    const key = join(dir, 'key.json');
    writeFileSync(key, JSON.stringify({ type: 'service_account', client_email: 'a', private_key: 'k' }));
    const api = loadConfig({ ...envExample, GOOGLE_APPLICATION_CREDENTIALS: key }).workAccount;
    const msal = {
      clientId: envExample['HUB_MSAL_CLIENT_ID']!,
      authority: envExample['HUB_MSAL_AUTHORITY']!,
      tenantId: envExample['HUB_TENANT_ID']!,
      protocolMode: envExample['HUB_MSAL_PROTOCOL_MODE']!,
    };
    assert.deepEqual(msalClientProblems(msal, api), []);
    assert.match(
      msalClientProblems({ ...msal, protocolMode: 'OIDC' }, api)[0]!,
      /HUB_MSAL_PROTOCOL_MODE is OIDC: Entra needs AAD/,
    );
    assert.match(
      msalClientProblems({ ...msal, tenantId: '3c6a1f0e-8b7d-4e52-9a14-7f2d5c9e0b31' })[0]!,
      /is not the company's tenant id/,
    );
  });
});
