/**
 * Issue 28: the sentence of the event page's "Who's going" ("Anna, Ben and 23 others are going").
 * Nothing is said without a name: the count alone is already on the page ("24 attending").
 */

// The site's English, without the serial comma ("Anna, Ben and 23 others").
const list = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' });

export function whosGoingSentence(names: readonly string[], others: number, past: boolean): string | null {
  if (names.length === 0) return null;
  const parts = others > 0 ? [...names, `${others} ${others === 1 ? 'other' : 'others'}`] : [...names];
  const people = names.length + others;
  const verb = past ? 'went' : people === 1 ? 'is going' : 'are going';
  return `${list.format(parts)} ${verb}`;
}
