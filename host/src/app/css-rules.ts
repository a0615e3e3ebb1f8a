/**
 * The rules of a Griffel `<style>` element's text, as Griffel inserted them: the text is exactly its
 * rules concatenated (`renderToStyleElements`), each a complete top-level construct (`.a{…}`,
 * `@media …{.a{…}}`), so a rule ends where its braces close, or at a `;` outside any braces (a
 * statement at-rule). Braces inside a string or escaped (`content:"}"`, `.a\{`) are not counted.
 * Griffel's own rehydration recovers the same strings by running stylis's parser and serializer over
 * the text; this steps from brace to brace (issue 24: that parse was the hydration's longest task
 * on a phone). `css-rules.test.ts` and the prerender's hydration test hold the two to the same
 * result.
 */
export function splitCSSRules(css: string): string[] {
  const rules: string[] = [];
  // The characters that matter, found by the regular expression engine: the text is parsed once, on
  // a phone, before the page responds, and stepping through it one character at a time in
  // JavaScript that has not warmed up cost 10 ms of the hydration at CPU ×4.
  const special = /[{}"'\\;]/g;
  let depth = 0;
  let start = 0;
  while (special.test(css)) {
    const at = special.lastIndex - 1;
    const found = css[at];
    if (found === '\\') {
      special.lastIndex = at + 2;
    } else if (found === '"' || found === "'") {
      // To the string's end: an escaped quote inside it does not end it.
      let end = at;
      do end = css.indexOf(found, end + 1);
      while (end !== -1 && isEscaped(css, end));
      special.lastIndex = end === -1 ? css.length : end + 1;
    } else if (found === '{') {
      depth++;
    } else if (found === '}') {
      depth--;
      if (depth === 0) {
        rules.push(css.slice(start, at + 1));
        start = at + 1;
      }
    } else if (depth === 0) {
      rules.push(css.slice(start, at + 1));
      start = at + 1;
    }
  }
  const rest = css.slice(start).trim();
  if (rest) rules.push(rest);
  return rules;
}

/** Whether the character at `at` is escaped: an odd number of backslashes before it. */
function isEscaped(css: string, at: number): boolean {
  let backslashes = 0;
  while (at - backslashes - 1 >= 0 && css[at - backslashes - 1] === '\\') backslashes++;
  return backslashes % 2 === 1;
}
