/**
 * SPEC §9's layout breakpoints (600, 960, 1280, 1920 px), named once. Every page frame and grid
 * reflows at these widths, so a list of cards changes column count at the same width on every
 * page of every area. The header's side menu keeps its own 1240 px breakpoint (SPEC §2), which
 * is about navigation, not content.
 */
export const breakpoints = {
  /** Phones end here: from 600 px a second column fits. */
  small: 600,
  /** Tablets and narrow windows. */
  medium: 960,
  /** Laptops. */
  large: 1280,
  /** Wide desktop screens. */
  xLarge: 1920,
} as const;

export type Breakpoint = keyof typeof breakpoints;

/** A `min-width` media query for makeStyles: `[fromWidth('medium')]: { … }`. */
export function fromWidth(breakpoint: Breakpoint): `@media (min-width: ${number}px)` {
  return `@media (min-width: ${breakpoints[breakpoint]}px)`;
}

/** A `max-width` media query for what applies only below a breakpoint: `[belowWidth('small')]: { … }`. */
export function belowWidth(breakpoint: Breakpoint): `@media (max-width: ${number}px)` {
  return `@media (max-width: ${breakpoints[breakpoint] - 1}px)`;
}
