/**
 * CSV for spreadsheet programs: RFC 4180 (comma-separated, CRLF line ends, a field quoted when it
 * holds a comma, a double quote, CR or LF, quotes inside doubled), as UTF-8 with a byte-order mark
 * so that Excel reads accents and non-Latin names correctly instead of guessing a code page.
 *
 * A cell that a spreadsheet would read as a formula (it starts with `=`, `+`, `-` or `@`, or with
 * a tab or carriage return, which some programs skip before looking for those) is neutralised by a
 * leading apostrophe, as OWASP's "CSV injection" advice says: attendee names and e-mails are typed
 * by anyone who registers, and `=HYPERLINK(...)` in an export must stay text.
 */

import { saveAsFile } from '@hub/shared';

/** The byte-order mark that tells spreadsheet programs the file is UTF-8. */
export const utf8Bom = '\uFEFF';

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/** One cell as written: neutralised against formulas, then quoted if RFC 4180 asks for it. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (formulaStart.test(text)) text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: the header and the rows, each line ended by CRLF, prefixed with the BOM. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | null | undefined)[])[]): string {
  const lines = [header, ...rows].map((cells) => `${cells.map(csvCell).join(',')}\r\n`);
  return `${utf8Bom}${lines.join('')}`;
}

/** The file as a download: a Blob the browser saves under `fileName`. */
export function downloadCsv(fileName: string, csv: string): void {
  saveAsFile(fileName, csv, 'text/csv;charset=utf-8');
}
