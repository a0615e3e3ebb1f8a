/**
 * `pnpm --filter @hub/api settings:doc`: rewrites the API table of docs/configuration.md from the
 * settings' declarations and lets prettier pad it (`--check`: only says whether it is up to date,
 * exit code 1 when not).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiTableUpToDate, withApiSettingsTable } from './reference-table.ts';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const CONFIGURATION_DOC = join(REPO_ROOT, 'docs', 'configuration.md');

const current = readFileSync(CONFIGURATION_DOC, 'utf8');
if (apiTableUpToDate(current)) console.log('docs/configuration.md: the API settings table is up to date');
else if (process.argv.includes('--check')) {
  console.error(
    'docs/configuration.md: the API settings table is out of date: run pnpm --filter @hub/api settings:doc',
  );
  process.exit(1);
} else {
  writeFileSync(CONFIGURATION_DOC, withApiSettingsTable(current));
  execFileSync('pnpm', ['exec', 'prettier', '--write', CONFIGURATION_DOC], { cwd: REPO_ROOT, stdio: 'inherit' });
  console.log('docs/configuration.md: API settings table rewritten');
}
