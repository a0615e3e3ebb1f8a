import type { ReactNode } from 'react';
import MarkdownToJsx from 'markdown-to-jsx';
import { Link, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

/**
 * Text written by users (an event's description) shown as Markdown. Safety does not depend on the
 * library's defaults alone:
 * - raw HTML is never parsed (`disableParsingRawHTML`): `<script>` or `<img onerror>` stay text;
 * - links are rendered by us and only for http(s) and mailto addresses; anything else
 *   (`javascript:`, `data:`, relative paths) shows its text without a link; http(s) links open in
 *   a new tab with `rel="noopener noreferrer"`;
 * - images only from https addresses (no mixed content, no `data:`), lazily, without a referrer;
 * - headings start below the page's own h1 (`headingLevel`, h2 by default), so the page keeps one
 *   h1 and its outline stays meaningful.
 */
export interface MarkdownProps {
  /** The Markdown source. */
  children: string;
  /** The level the text's top heading (`#`) becomes; deeper ones follow, never beyond h6. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  className?: string;
}

const useStyles = makeStyles({
  prose: {
    minWidth: 0,
    overflowWrap: 'anywhere',
    lineHeight: tokens.lineHeightBase400,
    fontSize: tokens.fontSizeBase400,
    '& > :first-child': { marginTop: 0 },
    '& > :last-child': { marginBottom: 0 },
    '& p, & ul, & ol, & blockquote, & pre, & table': {
      marginTop: 0,
      marginBottom: tokens.spacingVerticalM,
    },
    '& h2, & h3, & h4, & h5, & h6': {
      marginTop: tokens.spacingVerticalL,
      marginBottom: tokens.spacingVerticalS,
      lineHeight: tokens.lineHeightBase500,
    },
    '& h2': { fontSize: tokens.fontSizeBase500 },
    '& h3, & h4, & h5, & h6': { fontSize: tokens.fontSizeBase400 },
    '& blockquote': {
      marginInline: 0,
      paddingInlineStart: tokens.spacingHorizontalM,
      borderInlineStartWidth: tokens.strokeWidthThick,
      borderInlineStartStyle: 'solid',
      borderInlineStartColor: tokens.colorNeutralStroke1,
      color: tokens.colorNeutralForeground2,
    },
    '& code': {
      fontFamily: tokens.fontFamilyMonospace,
      fontSize: tokens.fontSizeBase300,
      backgroundColor: tokens.colorNeutralBackground3,
      borderRadius: tokens.borderRadiusSmall,
      paddingInline: tokens.spacingHorizontalXXS,
    },
    '& pre': {
      overflowX: 'auto',
      padding: tokens.spacingHorizontalM,
      backgroundColor: tokens.colorNeutralBackground3,
      borderRadius: tokens.borderRadiusMedium,
    },
    '& pre code': { padding: 0, backgroundColor: 'transparent' },
    '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse' },
    '& th, & td': {
      border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
      textAlign: 'start',
    },
    '& hr': { border: 'none', borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  },
  image: { maxWidth: '100%', height: 'auto', borderRadius: tokens.borderRadiusMedium },
});

const linkProtocols = new Set(['http:', 'https:', 'mailto:']);

/** The address when it is absolute and of a protocol we link to, else null (the text stays, unlinked). */
export function safeLinkHref(href: string | undefined): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim());
    return linkProtocols.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** An https image address, else null. */
export function safeImageSrc(src: string | undefined): string | null {
  if (!src) return null;
  try {
    const url = new URL(src.trim());
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function MarkdownLink({ href, children }: { href?: string; children?: ReactNode }) {
  const safe = safeLinkHref(href);
  if (!safe) return <span>{children}</span>;
  if (safe.startsWith('mailto:')) return <Link href={safe}>{children}</Link>;
  return (
    <Link href={safe} target="_blank" rel="noopener noreferrer">
      {children}
    </Link>
  );
}

function MarkdownImage({ src, alt, title }: { src?: string; alt?: string; title?: string }) {
  const styles = useStyles();
  const safe = safeImageSrc(src);
  if (!safe) return alt ? <span>{alt}</span> : null;
  return (
    <img
      className={styles.image}
      src={safe}
      alt={alt ?? ''}
      title={title}
      loading="lazy"
      referrerPolicy="no-referrer"
    />
  );
}

type Level = 1 | 2 | 3 | 4 | 5 | 6;
const headingTags = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

/**
 * The heading components for one top level, made once per level (a component made during render
 * would remount the text on every render). markdown-to-jsx passes an id (a slug of the heading);
 * it is dropped on purpose: slugs of user text could collide with the page's own ids.
 */
const headingsByBase = new Map<number, Record<string, { component: (props: { children?: ReactNode }) => ReactNode }>>();
function headingOverrides(base: number) {
  let overrides = headingsByBase.get(base);
  if (!overrides) {
    overrides = {};
    for (const sourceLevel of [1, 2, 3, 4, 5, 6] as Level[]) {
      const Tag: (typeof headingTags)[number] = headingTags[Math.min(6, base + sourceLevel - 1) - 1] ?? 'h6';
      overrides[`h${sourceLevel}`] = { component: ({ children }) => <Tag>{children}</Tag> };
    }
    headingsByBase.set(base, overrides);
  }
  return overrides;
}

/** Markdown written by a user, rendered without raw HTML, unsafe links or a second h1. */
export function Markdown({ children, headingLevel = 2, className }: MarkdownProps) {
  const styles = useStyles();
  return (
    // The wrapper is always a div (forceWrapper) so the class and data attribute land on it,
    // whether the text is one paragraph or many blocks.
    <MarkdownToJsx
      className={mergeClasses(styles.prose, className)}
      data-markdown=""
      options={{
        disableParsingRawHTML: true,
        forceBlock: true,
        forceWrapper: true,
        wrapper: 'div',
        overrides: {
          a: { component: MarkdownLink },
          img: { component: MarkdownImage },
          ...headingOverrides(headingLevel),
        },
      }}
    >
      {children}
    </MarkdownToJsx>
  );
}

export default Markdown;
