import assert from 'node:assert/strict';
import {
  cleanName,
  isImageUrl,
  isMultiLineText,
  isName,
  isSingleLineText,
  isTimestamp,
  textFormats,
} from './text-formats.ts';

describe('text formats', () => {
  it('refuse what PostgreSQL cannot store, in every kind of text', () => {
    for (const check of [isMultiLineText, isSingleLineText, isName]) {
      assert.equal(check('Sam\u0000'), false);
      assert.equal(check('Sam\ud800'), false, 'lone high surrogate');
      assert.equal(check('\udc00Sam'), false, 'lone low surrogate');
      assert.equal(check('Sam \ud83d\ude00'), true, 'a surrogate pair is fine');
    }
  });

  it('allow line breaks and tabs only in multi-line text', () => {
    assert.equal(isMultiLineText('a\nb\r\n\tc'), true);
    assert.equal(isSingleLineText('a\nb'), false);
    assert.equal(isSingleLineText('a\tb'), false);
    assert.equal(isSingleLineText('a\u2028b'), false);
    assert.equal(isMultiLineText('a\u0007'), false);
    assert.equal(isMultiLineText('a\u009b'), false, 'C1 control');
  });

  it('refuse control and format characters in one-line text, but keep joiners', () => {
    for (const bad of ['\u0007', '\u001b', '\u202e', '\u2066', '\u200b', '\ufeff', '\u00ad', '\u2060'])
      assert.equal(isSingleLineText(`a${bad}b`), false, JSON.stringify(bad));
    assert.equal(isSingleLineText('👩‍💻'), true, 'ZWJ emoji sequence');
    assert.equal(isSingleLineText('می‌خواهم'), true, 'Persian with ZWNJ');
  });

  it('want a visible letter in a name', () => {
    for (const good of ['Sam', 'Zoë', '김', 'محمد', 'x1', 'Ana 👩‍💻']) assert.equal(isName(good), true, good);
    for (const bad of ['', ' ', '123', '---', '\u3164', '\u115f\u1160', '😀']) assert.equal(isName(bad), false, bad);
  });

  it('clean a name from elsewhere into one the name format accepts, or nothing', () => {
    assert.equal(cleanName('Jo\u202ehn\u0007 \u200bDoe\u0000', 100), 'John Doe');
    assert.equal(cleanName('  Ana\t\n  Maria ', 100), 'Ana Maria');
    assert.equal(cleanName('Zoë 👩‍💻', 100), 'Zoë 👩‍💻', 'joiners and pairs stay');
    assert.equal(cleanName('\u200b\u202e', 100), '');
    assert.equal(cleanName('123', 100), '', 'no letter: nothing');
    assert.equal(cleanName(null, 100), '');
    assert.equal(cleanName('Sam\ud800', 100), 'Sam', 'a lone surrogate goes');
    const cut = cleanName(`${'a'.repeat(99)}\ud83d\ude00b`, 100);
    assert.equal(Array.from(cut).length, 100, 'counted in code points');
    assert.ok(cut.endsWith('\ud83d\ude00'), 'never half a pair');
    for (const sample of ['Jo\u202ehn', 'x\u0000y', ' \u2066A\u2069 '])
      assert.equal(isName(cleanName(sample, 100)), true);
  });

  it('accept RFC 3339 timestamps of real instants from 1970 to 9999 only', () => {
    for (const good of [
      '1970-01-01T00:00:00Z',
      '2026-12-31T23:59:59Z',
      '2028-02-29T12:00:00.123456+05:30',
      '9999-12-31T23:59:59.999Z',
    ])
      assert.equal(isTimestamp(good), true, good);
    for (const bad of [
      '2026-12-31T23:59:60Z',
      '0000-01-01T00:00:00Z',
      '1969-12-31T23:59:59Z',
      '10000-01-01T00:00:00Z',
      '9999-12-31T23:59:59-00:01',
      '2026-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T00:00:00+24:00',
      '2026-01-01 00:00:00Z',
      '2026-01-01T00:00:00',
      '2026-01-01',
      'not a date',
    ])
      assert.equal(isTimestamp(bad), false, bad);
  });

  it('accept https images anywhere, http only on localhost and only outside production', () => {
    assert.equal(isImageUrl('', false), true);
    assert.equal(isImageUrl('https://cdn.test/a.png', false), true);
    assert.equal(isImageUrl(' https://cdn.test/a.png ', false), true);
    assert.equal(isImageUrl('http://localhost:3000/a.png', true), true);
    assert.equal(isImageUrl('http://127.0.0.1/a.png', true), true);
    assert.equal(isImageUrl('http://localhost:3000/a.png', false), false, 'not in production');
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'http://cdn.test/a.png',
      'http://localhost.evil.test/a.png',
      'https://u:p@cdn.test/a.png',
      'ftp://cdn.test/a.png',
      'https://cdn.test/a b.png',
      '/relative.png',
    ])
      assert.equal(isImageUrl(bad, true), false, bad);
  });

  it('name each format once, with a description for error details', () => {
    const names = textFormats({ production: true }).map((f) => f.name);
    assert.deepEqual(names, [
      'multi-line-text',
      'single-line-text',
      'name',
      'timestamp',
      'image-url',
      'time-zone',
      'join-url',
    ]);
    const image = textFormats({ production: true }).find((f) => f.name === 'image-url')!;
    assert.equal(image.check('http://localhost/a.png'), false);
    assert.equal(
      textFormats({ production: false })
        .find((f) => f.name === 'image-url')!
        .check('http://localhost/a.png'),
      true,
    );
  });
});
