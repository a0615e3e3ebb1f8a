import { hideNoncePlaceholderInHtml } from './nonce-placeholder';
import { prerenderedAttribute } from '../../src/app/prerendered-page';

/** The root element of the webpack-built index.html, before any page is rendered into it. */
export const emptyRoot = '<div id="root"></div>';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;');
// A page's title is data (an event's): never the nonce's placeholder as written (nonce-placeholder.ts).
const escapeText = (value: string) => hideNoncePlaceholderInHtml(value.replace(/&/g, '&amp;').replace(/</g, '&lt;'));

/** Puts a rendered page into the built template: its styles in the head, its markup in #root, its title. */
export function fillTemplate(
  template: string,
  page: { html: string; styles: string; title: string; prerendered: string | null; head?: string },
): string {
  const root = emptyRoot;
  if (!template.includes(root)) throw new Error('The built index.html has no empty <div id="root"></div>');
  const attribute = page.prerendered === null ? '' : ` ${prerenderedAttribute}='${escapeAttribute(page.prerendered)}'`;
  // Replaced by functions: a page's text (an event's title, its answers in the head) may hold `$&`
  // or `$'`, which a replacement string would expand.
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
    .replace('</head>', () => `${page.styles}${page.head ?? ''}</head>`)
    .replace(root, () => `<div id="root"${attribute}>${page.html}</div>`);
}
