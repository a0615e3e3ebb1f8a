import { makeStyles, tokens } from '@fluentui/react-components';
import { fromWidth } from '../layout/breakpoints';

/**
 * The card grid of every list (communities, networks, events…): one column on a phone, then one
 * more column at each SPEC §9 breakpoint, so cards reflow at the same widths on every page.
 */
const cardGrid = {
  display: 'grid',
  gap: tokens.spacingHorizontalL,
  gridTemplateColumns: 'minmax(0, 1fr)',
  [fromWidth('small')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  [fromWidth('medium')]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  [fromWidth('large')]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  [fromWidth('xLarge')]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' },
} as const;

/** The longest line of running text on any page: a heading's intro, an about page's paragraph. */
const readingMeasure = '60rem';

/** The layout pieces every screen of every area shares. */
export const usePageStyles = makeStyles({
  /** The page column; its width follows the frame's `width` (see PageFrame). */
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, width: '100%', minWidth: 0 },
  /**
   * Lists and cards: the whole site column (ui/src/layout/site-column.ts), edge to edge with the
   * header and footer. It was capped at 72rem, 64–80 px short of them (issue 27).
   */
  wide: {},
  /**
   * Running text (about, privacy, hosting): the page fills the column like every other (it was a
   * 72ch column of its own); its paragraphs (`text`) keep the line length every page's text has.
   */
  reading: {},
  /** A short form (login, register): one narrow centred column. */
  form: { maxWidth: '30rem', marginInline: 'auto', paddingBlock: tokens.spacingVerticalXL },
  /** A long form or a two-part screen (my account, community form). */
  medium: { maxWidth: '60rem' },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  intro: { margin: 0, maxWidth: readingMeasure, color: tokens.colorNeutralForeground2 },
  text: { margin: 0, maxWidth: readingMeasure },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  cards: { ...cardGrid, listStyleType: 'none', margin: 0, padding: 0 },
  /** Two panels side by side from 960 px (the dashboard's widgets, a detail page's columns). */
  panels: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    gridTemplateColumns: 'minmax(0, 1fr)',
    [fromWidth('medium')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  /** A plain list of rows (no bullets). */
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  /** A bulleted list inside running text. */
  bullets: {
    margin: 0,
    paddingInlineStart: tokens.spacingHorizontalXXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'center' },
  /** A plain anchor inside running text styled like a Fluent link (for `mailto:` and in-page links). */
  link: {
    color: tokens.colorBrandForegroundLink,
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
    ':focus-visible': {
      outlineWidth: tokens.strokeWidthThick,
      outlineStyle: 'solid',
      outlineColor: tokens.colorStrokeFocus2,
    },
  },
});
