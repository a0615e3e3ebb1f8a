/**
 * The named string formats every text field of the API is checked against, as plain functions with
 * no dependencies, so the same rules can be registered into ajv (the API, http/validators.ts) and
 * into TypeBox's FormatRegistry (the browser's forms) and answer identically.
 *
 * Why: PostgreSQL cannot store U+0000 and refuses lone surrogates in UTF-8, so either reached the
 * database as a 500; control and format characters (BEL, ESC, U+202E RIGHT-TO-LEFT OVERRIDE, U+200B
 * ZERO WIDTH SPACE…) in a one-line field let a name look like another or like nothing at all; and a
 * timestamp outside what both JavaScript and PostgreSQL hold (or with a leap second) failed in SQL.
 */

export interface TextFormat {
  name: string;
  check: (value: string) => boolean;
  /** Completes "body/<field> …" in a 400's details. */
  description: string;
}

/** U+0000 or a UTF-16 surrogate that is not half of a pair: neither can be stored as UTF-8. */
// eslint-disable-next-line no-control-regex -- finding control characters is this module's job
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Multi-line text: control characters other than tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is this module's job
const CONTROL_IN_TEXT = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/**
 * One-line text: every control character (Cc), the line and paragraph separators, and every format
 * character (Cf) except the zero-width joiner and non-joiner, which emoji sequences and Persian or
 * Indic writing need. \p{Cf} follows the Unicode version of the JavaScript engine.
 */
const FORBIDDEN_IN_LINE = /[\p{Cc}\u2028\u2029]|(?![\u200C\u200D])\p{Cf}/u;
/** Letters that render as nothing (Hangul fillers): a name of only these looks blank. */
const INVISIBLE_LETTERS = /[\u115F\u1160\u3164\uFFA0]/gu;
const LETTER = /\p{L}/u;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** Free text that may span lines (descriptions). */
export function isMultiLineText(value: string): boolean {
  return isStorableText(value) && !CONTROL_IN_TEXT.test(value);
}

/** One line of text with nothing invisible or direction-changing in it (titles, cities, searches). */
export function isSingleLineText(value: string): boolean {
  return isStorableText(value) && !FORBIDDEN_IN_LINE.test(value);
}

/** A name (of a person, a city, a community, an event): one line with at least one visible letter. */
export function isName(value: string): boolean {
  return isSingleLineText(value) && LETTER.test(value.replace(INVISIBLE_LETTERS, ''));
}

/** What a one-line text may not hold, to remove (global): FORBIDDEN_IN_LINE and the unstorable. */
const NOT_IN_LINE = new RegExp(`${FORBIDDEN_IN_LINE.source}|${UNSTORABLE.source}`, 'gu');

/**
 * A name from somewhere that did not check it (an identity provider's display name, a directory's
 * given name or city) as the `name` format would accept it: control and invisible formatting
 * characters removed, white space collapsed, at most `max` characters (code points, never half a
 * surrogate pair); '' when no visible letter is left.
 */
export function cleanName(value: string | null | undefined, max: number): string {
  const text = (value ?? '').replace(NOT_IN_LINE, '').replace(/\s+/gu, ' ').trim();
  // Counted in code points, as the schemas' maxLength and PostgreSQL's varchar count.
  const kept = Array.from(text).slice(0, max).join('').trim();
  return isName(kept) ? kept : '';
}

/** Timestamps accepted: 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z, both included. */
export const TIMESTAMP_MIN_MS = Date.UTC(1970, 0, 1);
export const TIMESTAMP_MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-](\d{2}):(\d{2}))$/;

/**
 * An RFC 3339 date-time that names a real instant in the accepted range. Leap seconds (:60) are
 * refused: JavaScript cannot represent them and PostgreSQL would silently move them to the next minute.
 */
export function isTimestamp(value: string): boolean {
  const m = RFC3339.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59 || second > 59) return false;
  if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return false;
  // The calendar date must exist (no 31 April, 29 February only in leap years).
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  const instant = Date.parse(value);
  return Number.isFinite(instant) && instant >= TIMESTAMP_MIN_MS && instant <= TIMESTAMP_MAX_MS;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An image address a page may load: empty (no image), or an absolute `https:` URL without
 * credentials. `allowLocalHttp` (development only) also admits `http://localhost` and loopback.
 * Anything else (`javascript:`, `data:`, `http:` elsewhere) is refused.
 */
export function isImageUrl(value: string, allowLocalHttp: boolean): boolean {
  // Surrounding spaces are forgiven (the API stores the trimmed address); spaces inside are not.
  const address = value.trim();
  if (address === '') return true;
  if (!isSingleLineText(address) || /\s/.test(address)) return false;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.username || url.password || !url.hostname) return false;
  if (url.protocol === 'https:') return true;
  return allowLocalHttp && url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
}

/**
 * An IANA time zone name the runtime knows ('Europe/Amsterdam', 'UTC'). Browsers and Node share
 * ICU's zone list, so the form and the API agree; an offset ('+01:00') or abbreviation ('CET') is
 * refused because it cannot follow daylight saving time.
 */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  if (/^(?:[A-Z]{3,5}|[+-].*)$/.test(value) && value !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * An online event's join link: an absolute `https:` URL without credentials (`http://localhost` is
 * also allowed during development, like images). Shown only to attendees and organisers.
 */
export function isJoinUrl(value: string, allowLocalHttp: boolean): boolean {
  return value.trim() !== '' && isImageUrl(value, allowLocalHttp);
}

/** The formats to register, by name. `production` decides whether local http images are allowed. */
export function textFormats(options: { production: boolean }): TextFormat[] {
  return [
    {
      name: 'multi-line-text',
      check: isMultiLineText,
      description: 'must not contain U+0000, unpaired surrogates or control characters other than tab and line breaks',
    },
    {
      name: 'single-line-text',
      check: isSingleLineText,
      description: 'must be one line without control or invisible formatting characters',
    },
    {
      name: 'name',
      check: isName,
      description:
        'must be one line with at least one visible letter and no control or invisible formatting characters',
    },
    {
      name: 'timestamp',
      check: isTimestamp,
      description: 'must be an RFC 3339 date-time between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z',
    },
    {
      name: 'image-url',
      check: (value) => isImageUrl(value, !options.production),
      description: options.production
        ? 'must be empty or an https: address'
        : 'must be empty or an https: address (or http://localhost during development)',
    },
    {
      name: 'time-zone',
      check: isTimeZone,
      description: "must be an IANA time zone name such as 'Europe/Amsterdam'",
    },
    {
      name: 'join-url',
      check: (value) => isJoinUrl(value, !options.production),
      description: options.production
        ? 'must be an https: address'
        : 'must be an https: address (or http://localhost during development)',
    },
  ];
}
