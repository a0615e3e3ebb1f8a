import { tokens } from '@fluentui/react-components';
import { belowWidth, breakpoints, fromWidth } from './breakpoints';

/**
 * The one column every screen's content, the header's bar and the footer's links line up on
 * (issue 27: pages ended 80 px short of the header and footer). It is at most 1280 px wide
 * (1600 px from SPEC §9's 1920 px breakpoint), centred, with Fluent's XXL gutters (L on a phone).
 *
 * Written as side padding on a full-width box, so a bar can keep its full-width background while
 * its content sits on the column: the padding is the gutter, or more where the window is wider
 * than the column.
 */
export const siteColumnMaxWidth = { default: breakpoints.large, xLarge: breakpoints.large + 320 } as const;

const gutter = tokens.spacingHorizontalXXL;
const phoneGutter = tokens.spacingHorizontalL;

const edge = (maxWidth: number, side: string) => `max(${side}, calc((100% - ${maxWidth}px) / 2 + ${side}))`;

/** The column's rules on a phone, for a box that adds its own rules there (spread them in). */
export const siteColumnOnPhone = { paddingInline: phoneGutter } as const;

/** makeStyles rules for a full-width box whose content sits on the site column. */
export const siteColumn = {
  boxSizing: 'border-box',
  width: '100%',
  paddingInline: edge(siteColumnMaxWidth.default, gutter),
  [fromWidth('xLarge')]: { paddingInline: edge(siteColumnMaxWidth.xLarge, gutter) },
  [belowWidth('small')]: siteColumnOnPhone,
} as const;

/**
 * What a finger needs on a touch-sized screen (below SPEC §9's 960 px, or any coarse pointer): a
 * target at least 44 px tall and wide (WCAG 2.5.5). Only sizes: the element keeps its own display
 * (a link wanting its label centred is an inline-flex with centred items).
 */
export const touchTargetQuery = `@media (max-width: ${breakpoints.medium - 1}px), (pointer: coarse)` as const;
export const touchTargetSize = 44;
export const touchTarget = {
  [touchTargetQuery]: {
    minHeight: `${touchTargetSize}px`,
    minWidth: `${touchTargetSize}px`,
  },
} as const;

/**
 * Where a link is a word of running text (a paragraph, a heading, a definition, a table cell, a
 * label), WCAG 2.5.8's inline exception applies: the line's height is the text's. Everywhere else a
 * link stands alone (an event's community, "Add to calendar", "Other events", a country) and is a
 * target of its own. Chained `:not()`s: Griffel splits a selector at its commas.
 */
const standsAlone = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dd', 'td', 'label']
  .map((tag) => `:not(${tag} *)`)
  .join('');

/**
 * Every Fluent button, and every Fluent link that stands alone, inside the box that takes these
 * rules (the site layout's root) is a 44 px target on a touch-sized screen: Fluent draws buttons
 * 32 px tall, links as tall as their text, and a page's action rows (Join, Filters, How to host an
 * event, the pager) are made of them. One rule for every area's buttons and links (Fluent's class
 * names are the same in every area). Buttons: height only: their widths are Fluent's (96 px
 * minimum for a labelled button); the header's icon buttons add `touchTarget` for their width.
 * A descendant rule of makeStyles, not makeStaticStyles: the build's ahead-of-time Griffel output
 * for static styles needs a runtime export the shared @griffel/react does not have.
 */
export const touchTargetButtons = {
  [touchTargetQuery]: {
    '& .fui-Button, & .fui-ToggleButton, & .fui-MenuButton, & .fui-CompoundButton': {
      minHeight: `${touchTargetSize}px`,
    },
    // A link standing alone: 44 px tall and wide, its label centred in its line (an inline box, so a
    // link between words keeps its place).
    [`& .fui-Link${standsAlone}`]: {
      display: 'inline-flex',
      alignItems: 'center',
      minHeight: `${touchTargetSize}px`,
      minWidth: `${touchTargetSize}px`,
    },
  },
} as const;
