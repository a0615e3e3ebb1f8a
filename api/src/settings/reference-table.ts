/**
 * The API's part of docs/configuration.md, written from the settings' declarations (api-settings.ts)
 * so the reference cannot drift from what the code reads: `pnpm --filter @hub/api settings:doc`
 * rewrites it between its markers (then prettier pads the columns), and reference.test.ts fails when
 * the file's cells differ from the generated ones.
 */
import { API_SETTINGS, type SettingDeclaration } from './api-settings.ts';
import { expectedOf } from './setting-types.ts';

export const TABLE_START =
  '<!-- api-settings:start (generated from api/src/settings/api-settings.ts: pnpm --filter @hub/api settings:doc) -->';
export const TABLE_END = '<!-- api-settings:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function defaultCell(declaration: SettingDeclaration): string {
  const base = declaration.default !== undefined ? `\`${declaration.default}\`` : (declaration.defaultDoc ?? 'unset');
  const production =
    declaration.productionDefault !== undefined ? ` (production: \`${declaration.productionDefault}\`)` : '';
  const required = declaration.requiredInProduction ? '; **production must set it**' : '';
  return base + production + required;
}

/** The markdown table of every API setting, markers included. */
export function apiSettingsTable(): string {
  const rows = Object.entries(API_SETTINGS).map(([name, d]: [string, SettingDeclaration]) =>
    [`\`${name}\``, defaultCell(d), d.secret ? 'secret' : 'no', d.readBy.join(', '), expectedOf(d.type), d.description]
      .map(cell)
      .join(' | '),
  );
  return [
    TABLE_START,
    '',
    '| Setting | Default | Secret | Read by | Value | What it does |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r} |`),
    '',
    TABLE_END,
  ].join('\n');
}

function markers(document: string): [number, number] {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start < 0 || end < start)
    throw new Error(`docs/configuration.md lacks the markers ${TABLE_START} … ${TABLE_END}`);
  return [start, end];
}

/** The document with its API table replaced by the generated one. */
export function withApiSettingsTable(document: string): string {
  const [start, end] = markers(document);
  return document.slice(0, start) + apiSettingsTable() + document.slice(end + TABLE_END.length);
}

/** The cells of a markdown table's rows (header and delimiter row left out), however it is padded. */
export function tableCells(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
}

/** The API table's cells as the document has them. */
export function documentedApiCells(document: string): string[][] {
  const [start, end] = markers(document);
  return tableCells(document.slice(start, end));
}

/** True when the document's API table says what the declarations say (cell by cell). */
export function apiTableUpToDate(document: string): boolean {
  return JSON.stringify(documentedApiCells(document)) === JSON.stringify(tableCells(apiSettingsTable()));
}
