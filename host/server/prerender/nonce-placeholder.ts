/**
 * The per-answer nonce's placeholder. The servers write the nonce over every occurrence of it in a
 * page (devstack's static server; nginx's `sub_filter`), after the page server has written an
 * event's or a community's data into that page. Data holding the placeholder (a title, a cover's
 * address) would carry each visitor's nonce out of the page (a cover `https://x.example/?n=` +
 * the placeholder is fetched with it, and `img-src https:` allows that). So page data never holds
 * it as written: in markup its first `_` is a character reference, in JSON an escape, both read back
 * as the same text by the browser.
 */
export const noncePlaceholder = '__HUB_CSP_NONCE__';

const rest = noncePlaceholder.slice(1);

/** Markup or attribute text of page data (decoded by the HTML parser: `&#95;` is `_`). */
export function hideNoncePlaceholderInHtml(markup: string): string {
  return markup.replaceAll(noncePlaceholder, `&#95;${rest}`);
}

/** JSON text of page data (decoded by JSON.parse: `\u005f` is `_`). */
export function hideNoncePlaceholderInJson(json: string): string {
  return json.replaceAll(noncePlaceholder, `\\u005f${rest}`);
}

/**
 * React-rendered markup drawn from data: the placeholder is hidden everywhere but in a `nonce`
 * attribute, which only the markup's own elements carry (the FluentProvider's theme `<style>`).
 * Data cannot forge one: React writes a `"` in text or an attribute value as `&quot;`.
 */
export function hideNoncePlaceholderInMarkup(markup: string): string {
  return markup.replace(/(?<!nonce=")__HUB_CSP_NONCE__/g, `&#95;${rest}`);
}
