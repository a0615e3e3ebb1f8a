const openBrace = 123; // {
const closeBrace = 125; // }
const semicolon = 59; // ;
const backslash = 92; // \
const doubleQuote = 34; // "
const singleQuote = 39; // '

/**
 * The rules of a Griffel `<style>` element's text, as Griffel inserted them: the text is exactly its
 * rules concatenated (`renderToStyleElements`), each a complete top-level construct (`.a{…}`,
 * `@media …{.a{…}}`), so a rule ends where its braces close, or at a `;` outside any braces (a
 * statement at-rule). Braces inside a string or escaped (`content:"}"`, `.a\{`) are not counted.
 * Griffel's own rehydration recovers the same strings by running stylis's parser and serializer over
 * the text; this is one pass over its characters (issue 24: that parse was the hydration's longest
 * task on a phone). `css-rules.test.ts` and the prerender's hydration test hold the two to the
 * same result.
 */
export function splitCSSRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  let quote = 0;
  for (let i = 0; i < css.length; i++) {
    const code = css.charCodeAt(i);
    if (code === backslash) {
      i++;
    } else if (quote) {
      if (code === quote) quote = 0;
    } else if (code === doubleQuote || code === singleQuote) {
      quote = code;
    } else if (code === openBrace) {
      depth++;
    } else if (code === closeBrace) {
      depth--;
      if (depth === 0) {
        rules.push(css.slice(start, i + 1));
        start = i + 1;
      }
    } else if (code === semicolon && depth === 0) {
      rules.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  const rest = css.slice(start).trim();
  if (rest) rules.push(rest);
  return rules;
}
