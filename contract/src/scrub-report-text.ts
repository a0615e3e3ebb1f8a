/**
 * Removes what a browser error report must not carry (issue 24: no personal data, no tokens):
 * query strings and fragments of addresses (search terms, codes, continue links), e-mail addresses,
 * bearer tokens and long opaque strings (ID tokens, calendar-feed secrets, keys). Used by the
 * browser's reporter before sending and by the API before logging, so neither depends on the other.
 * No dependencies: the apps import it on their first paint.
 */

/** Where a query string ends: before a stack frame's `:line:column`, a space, a quote or a bracket. */
const TAIL_END = `(?=:\\d+(?::\\d+)?(?:[\\s"'<>()]|$)|[\\s"'<>()]|$)`;
/** An absolute address's query and fragment; a path's (one that starts a word with '/'). */
const URL_TAIL = new RegExp(`(\\b[a-z][a-z0-9+.-]*://[^\\s?#"'<>()]*)[?#][^\\s"'<>()]*?${TAIL_END}`, 'gi');
const PATH_TAIL = new RegExp(`(^|[\\s"'(])(/[^\\s?#"'<>()]*)[?#][^\\s"'<>()]*?${TAIL_END}`, 'g');
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const BEARER = /\b(Bearer)\s+\S+/gi;
/** Runs this long of base64url or hex are secrets or identifiers nobody types (webpack's hashes are 20). */
const OPAQUE_RUN = /[A-Za-z0-9_-]{24,}/g;

export const SCRUBBED = '[redacted]';

export function scrubReportText(text: string): string {
  return text
    .replace(URL_TAIL, '$1')
    .replace(PATH_TAIL, '$1$2')
    .replace(EMAIL, '[email]')
    .replace(BEARER, `$1 ${SCRUBBED}`)
    .replace(OPAQUE_RUN, SCRUBBED);
}

/** An address as a report may name it: without query string or fragment, scrubbed. */
export function scrubReportAddress(address: string): string {
  return scrubReportText(address.split(/[?#]/, 1)[0] ?? '');
}
