/**
 * The generated cover of an event without a picture is painted in its community's colour: one of
 * 32 tile colours, the same on every visit and in every list, neighbouring ids never alike, so a
 * page of picture-less events does not look like one blank tile repeated. The colours are computed,
 * not chosen from the theme: the theme has a handful of brand shades, communities are many.
 *
 * 32 and not one per community (issue 23): the cover's colour was an inline style, which the site's
 * CSP (styles by nonce only) refuses in the page's HTML, leaving a blank 290 px hole on an event page
 * without a picture. A fixed set of colours is a fixed set of classes in the stylesheet
 * (item-face.tsx writes them out; its test holds them to this rule).
 */

/** Successive ids are a golden angle apart on the colour wheel: neighbours never look alike. */
const goldenAngle = 137.50776405;

/** White text on the tile must be readable (WCAG AA, 4.5:1) whatever the page's theme. */
export const minimumContrast = 4.5;

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)].map((v) => Math.round(v * 255)) as [number, number, number];
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of an sRGB colour. */
export function luminance([r, g, b]: readonly [number, number, number]): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of white text on the colour. */
export function contrastWithWhite(rgb: readonly [number, number, number]): number {
  return 1.05 / (luminance(rgb) + 0.05);
}

const hex = (rgb: readonly number[]) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** How many tile colours there are. */
export const coverTileCount = 32;

/** Which of the tile colours a community's is (0…31): ids 1–31 their own, then round again. */
export function coverTile(communityId: number): number {
  return ((Math.trunc(communityId) % coverTileCount) + coverTileCount) % coverTileCount;
}

/**
 * The community's tile colour as `#rrggbb`: the hue of its tile follows from the tile's number, its
 * lightness is lowered until white text on it reaches 4.5:1 (yellows and greens need a darker shade
 * than blues).
 */
export function communityColour(communityId: number): string {
  // Tile 0 takes the colour id 32 had: ids 1–32 keep the colours they had before there were tiles.
  const seed = coverTile(communityId) || coverTileCount;
  const hue = (seed * goldenAngle) % 360;
  // Two saturation bands, alternating, so ids whose hues land close still differ.
  const saturation = seed % 2 === 0 ? 0.62 : 0.48;
  for (let lightness = 0.42; lightness > 0.1; lightness -= 0.01) {
    const rgb = hslToRgb(hue, saturation, lightness);
    if (contrastWithWhite(rgb) >= minimumContrast) return hex(rgb);
  }
  return hex(hslToRgb(hue, saturation, 0.1));
}

/** Up to two letters naming the community on its tile ("Java Guild" → "JG"). */
export function communityInitials(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '' && !/^(of|the|and|in|for|de|het|en)$/i.test(w));
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0]?.toUpperCase() ?? '');
  return letters.join('') || '#';
}
