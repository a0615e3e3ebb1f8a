import { csvCell, downloadCsv, toCsv, utf8Bom } from './csv';

describe('csv', () => {
  it('starts with the UTF-8 byte-order mark and ends every line with CRLF', () => {
    const csv = toCsv(['Name', 'E-mail'], [['Zoë', 'zoe@hub.test']]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toBe(`${utf8Bom}Name,E-mail\r\nZoë,zoe@hub.test\r\n`);
    // Encoded, the mark is the three bytes EF BB BF that spreadsheet programs look for.
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it.each([
    ['a plain value', 'Ada Lovelace', 'Ada Lovelace'],
    ['a comma', 'Lovelace, Ada', '"Lovelace, Ada"'],
    ['a double quote', 'Ada "the Countess"', '"Ada ""the Countess"""'],
    ['a line feed', 'line one\nline two', '"line one\nline two"'],
    ['a carriage return inside', 'one\r\ntwo', '"one\r\ntwo"'],
    ['nothing', '', ''],
  ])('quotes %s as RFC 4180 says', (_what, value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('writes an absent value (no e-mail given) as an empty cell', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(toCsv(['Name', 'E-mail', 'City'], [['Ada', null, 'Utrecht']])).toBe(
      `${utf8Bom}Name,E-mail,City\r\nAda,,Utrecht\r\n`,
    );
  });

  it.each([
    ['=', '=HYPERLINK("http://evil.test","click")', `"'=HYPERLINK(""http://evil.test"",""click"")"`],
    ['+', '+31 6 1234', "'+31 6 1234"],
    ['-', '-2+3', "'-2+3"],
    ['@', '@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['a tab', '\t=1+1', "'\t=1+1"],
    ['a carriage return', '\r=1+1', `"'\r=1+1"`],
  ])('neutralises a cell starting with %s', (_start, value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('leaves those characters alone anywhere but at the start', () => {
    expect(csvCell('Jean-Luc')).toBe('Jean-Luc');
    expect(csvCell('ada@hub.test')).toBe('ada@hub.test');
    expect(csvCell('1+1=2')).toBe('1+1=2');
  });

  it('a parsed file gives back the cells (round trip through a reference reader)', () => {
    const rows = [
      ['Name', 'Note'],
      ['A, B', 'say "hi"\nbye'],
    ];
    expect(parseRfc4180(toCsv(rows[0]!, [rows[1]!]))).toEqual(rows);
  });

  it('downloads the file as a UTF-8 text/csv Blob under the given name', async () => {
    const created: Blob[] = [];
    const clicked: { href: string; download: string }[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:csv-1';
    });
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    jest.useFakeTimers();
    try {
      downloadCsv('attendees.csv', toCsv(['Name'], [['Zoë']]));
      expect(clicked).toEqual([{ href: 'blob:csv-1', download: 'attendees.csv' }]);
      expect(created[0]!.type).toBe('text/csv;charset=utf-8');
      const bytes = new Uint8Array(await readBlob(created[0]!));
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(document.querySelector('a[download]')).toBeNull();
      jest.runAllTimers();
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:csv-1');
    } finally {
      jest.useRealTimers();
      jest.restoreAllMocks();
    }
  });
});

// The test setup gives jsdom Node's Blob (jest.polyfills.js), which reads itself.
const readBlob = (blob: Blob): Promise<ArrayBuffer> => blob.arrayBuffer();

/** A small RFC 4180 reader, written from the RFC's grammar, to check the writer against. */
function parseRfc4180(text: string): string[][] {
  const source = text.startsWith(utf8Bom) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && source[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}
